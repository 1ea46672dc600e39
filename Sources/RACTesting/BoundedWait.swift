import RACCore

// Waits that cannot hang a test: each one ends when its condition holds, when its task is
// cancelled, or when a bound of real time has passed, whichever comes first.

/// A wait of a test helper that gave up: what it waited for, how long (in real time), and what
/// it saw instead. Thrown by `TestClock.run(timeout:_:)`, `TestClock.waitForSleepers(_:timeout:)`
/// and `TestScheduler.settle(timeout:)`; its description is the message a failed test shows.
///
/// RAC: none (RAC's tests waited with `expect(...).will`, bounded by Nimble's timeout).
///
/// ```
/// try await clock.waitForSleepers(2, timeout: .milliseconds(100))   // only one ever sleeps:
/// TestClock.waitForSleepers(2) gave up after 100 milliseconds of real time: 1 sleep of the
/// clock is waiting, 2 were awaited (virtual time 0.0 seconds)
/// ```
public struct TestTimeout: Error, CustomStringConvertible, Sendable {
    /// What was awaited, the bound, and what was seen instead.
    public let message: String

    /// A timeout with `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// How a bounded wait ended.
enum WaitEnd: Sendable, Equatable {
    case satisfied, timedOut, cancelled
}

/// One wait, ended once by whichever comes first: `end(.satisfied)` from whoever sees the
/// condition hold, the timer, or the task's cancellation.
final class OneShotWait: Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<WaitEnd, Never>)
        case done(WaitEnd)
    }

    private let state = Locked<State>(.idle)

    /// Ends the wait with `outcome`, unless it has already ended.
    func end(_ outcome: WaitEnd) {
        let continuation = state.withValue { state -> CheckedContinuation<WaitEnd, Never>? in
            switch state {
            case .idle:
                state = .done(outcome)
                return nil
            case .waiting(let continuation):
                state = .done(outcome)
                return continuation
            case .done:
                return nil
            }
        }
        continuation?.resume(returning: outcome)
    }

    /// Suspends until the wait ends; after `timeout` of real time (if given) it ends as
    /// `.timedOut`, and when the calling task is cancelled as `.cancelled`.
    func wait(timeout: Duration?) async -> WaitEnd {
        let timer = timeout.map { timeout in
            Task { [self] in
                do {
                    try await Task.sleep(for: timeout)
                    end(.timedOut)
                } catch {}
            }
        }
        defer { timer?.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<WaitEnd, Never>) in
                let ended = state.withValue { state -> WaitEnd? in
                    if case .done(let outcome) = state { return outcome }
                    state = .waiting(continuation)
                    return nil
                }
                if let ended { continuation.resume(returning: ended) }
            }
        } onCancel: {
            end(.cancelled)
        }
    }
}

/// Checks a timeout parameter: a positive duration, or a programmer error naming `call`.
func checkTimeout(_ timeout: Duration, in call: String) {
    if timeout <= .zero {
        racProgrammerError(call, "timeout must be > .zero, got \(timeout)")
    }
}
