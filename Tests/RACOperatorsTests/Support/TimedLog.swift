import RACOperators
import RACTestSupport
import Testing

/// Records events with the virtual time at which they arrived.
final class TimedLog<Value, Failure: Error>: @unchecked Sendable {
    private let lock = Locked<[(Duration, Event<Value, Failure>)]>([])
    let scheduler: VirtualTimeScheduler

    init(_ scheduler: VirtualTimeScheduler) {
        self.scheduler = scheduler
    }

    var entries: [(Duration, Event<Value, Failure>)] { lock.current }

    /// Subscribes to `signal`, recording each event with `scheduler.now`. In a test that checks
    /// releases, the subscriber must be released once the test has returned (see `ReleaseCheck`).
    @discardableResult
    func record(
        _ signal: Signal<Value, Failure>, sourceLocation: SourceLocation = #_sourceLocation
    ) -> any Disposable {
        let subscription = signal.observe { [lock, scheduler] event in
            lock.withValue { $0.append((scheduler.now, event)) }
        }
        watchRelease(subscription, "the TimedLog subscriber made here", sourceLocation: sourceLocation)
        return subscription
    }
}

extension TimedLog where Value: Equatable, Failure: Equatable {
    /// Whether the recorded events equal `expected` (milliseconds, event).
    func matches(_ expected: [(Int, Event<Value, Failure>)]) -> Bool {
        let actual = entries
        guard actual.count == expected.count else { return false }
        return zip(actual, expected).allSatisfy { pair in
            pair.0.0 == .milliseconds(pair.1.0) && pair.0.1 == pair.1.1
        }
    }

    /// A readable form for failure messages.
    var summary: String {
        entries.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
    }
}

/// Schedules `action` at `milliseconds` of virtual time.
func at(_ milliseconds: Int, on scheduler: VirtualTimeScheduler, _ action: @escaping () -> Void) {
    scheduler.schedule(after: .milliseconds(milliseconds) - scheduler.now, action)
}
