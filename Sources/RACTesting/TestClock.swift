// TestClock: a Swift `Clock` whose time is a virtual-time scheduler's, so that async code that
// sleeps runs in virtual time under a test, in order with the signals scheduled there.

/// A `Clock` whose time is the virtual time of `scheduler`: `try await clock.sleep(for: d)` (or
/// `Task.sleep(for:tolerance:clock:)`) suspends until the scheduler's clock reaches `now + d`, and
/// resumes as one of the scheduler's actions, in order with everything else scheduled there.
/// Nothing moves on its own: `run(_:)` drives an async operation to its end, advancing virtual time
/// from one sleep to the next, and `waitForSleepers(_:)` lets a test step by hand.
///
/// RAC: none (RAC's `RACTestScheduler` ran blocks, not async code). Give the code under test a
/// `some Clock<Duration>` parameter; production passes `ContinuousClock()`, the test a `TestClock`.
///
/// ```
/// let scheduler = TestScheduler()
/// let clock = TestClock(scheduler)
/// let value = try await clock.run { try await retryingFetch(clock: clock) }   // minutes of
///                                                                             // virtual time
/// ```
///
/// `run(_:)` advances when the operation is suspended in a sleep of this clock; code that sleeps
/// in several tasks at once is advanced as soon as one of them sleeps, so for concurrent sleepers
/// step by hand with `waitForSleepers(_:)` and the scheduler's `advance`.
public final class TestClock: Clock, @unchecked Sendable {
    /// A point in the scheduler's virtual time: the time since its start.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The virtual time since the scheduler's start.
        public var offset: Duration

        /// The instant `offset` after the scheduler's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// This instant moved by `duration`.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// "3.0 seconds", the offset.
        public var description: String { "\(offset)" }
    }

    /// The scheduler whose virtual time this clock tells.
    public let scheduler: VirtualTimeScheduler
    private let state = Locked(ClockState())

    /// A clock telling the virtual time of `scheduler`.
    public init(_ scheduler: VirtualTimeScheduler) {
        self.scheduler = scheduler
    }

    /// The scheduler's current virtual time.
    public var now: Instant { Instant(offset: scheduler.now) }

    /// Virtual time has no granularity: zero.
    public var minimumResolution: Duration { .zero }

    /// How many sleeps of this clock are waiting for virtual time to reach their deadline.
    public var sleeperCount: Int { state.withValue { $0.sleepers.count } }

    /// Suspends until the scheduler's virtual time reaches `deadline` (at once, after a check for
    /// cancellation, if it already has); `tolerance` is ignored. Cancelling the task ends the
    /// sleep with `CancellationError` and removes its action from the scheduler.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        guard deadline > now else { return }
        let id = state.withValue { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                // Scheduled and recorded under the state lock: the wake-up (which takes that lock)
                // cannot run before the sleeper is recorded, and the delay is measured from the
                // virtual time at which the action is queued.
                let (registered, waiters) = state.withValue { state -> (Bool, [Waiter]) in
                    let delay = deadline.offset - scheduler.now
                    guard delay > .zero else { return (false, []) }
                    let action = scheduler.schedule(after: delay) { [self] in wake(id, with: .success(())) }
                    state.sleepers[id] = Sleeper(
                        deadline: deadline, continuation: continuation, action: action)
                    return (true, state.takeSatisfiedWaiters())
                }
                guard registered else { return continuation.resume() }
                for waiter in waiters { waiter.resume() }
                if Task.isCancelled { wake(id, with: .failure(CancellationError())) }
            }
        } onCancel: {
            wake(id, with: .failure(CancellationError()))
        }
    }

    /// Resumes the sleep `id` with `result`, once, and disposes its scheduled action.
    private func wake(_ id: Int, with result: Result<Void, any Error>) {
        guard let sleeper = state.withValue({ $0.sleepers.removeValue(forKey: id) }) else { return }
        sleeper.action?.dispose()
        sleeper.continuation.resume(with: result)
    }

    /// Suspends until at least `count` sleeps of this clock are waiting, without advancing time:
    /// to step async code by hand (`await clock.waitForSleepers(1); scheduler.advance(by: …)`).
    ///
    /// ```
    /// task sleeps at 0 for 5 s;  waitForSleepers(1) returns;  advance(by: 5 s) wakes it
    /// ```
    public func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withValue { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.waiters.append(
                    Waiter(satisfied: { $0.sleepers.count >= count }, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Runs `operation` to its end in virtual time: whenever it is suspended in a sleep of this
    /// clock, advances the scheduler to the earliest deadline (running every action due before it,
    /// signals included), which wakes that sleep; returns what the operation returns, or throws
    /// what it throws.
    ///
    /// ```
    /// operation sleeps 1 s, 2 s, 4 s   ->   run returns at virtual time 7 s, at once in real time
    /// ```
    public func run<Result: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        let runID = state.withValue { state in
            state.nextID += 1
            state.runningOperations.insert(state.nextID)
            return state.nextID
        }
        let task = Task {
            defer {
                let waiters = state.withValue { state in
                    state.runningOperations.remove(runID)
                    return state.takeSatisfiedWaiters()
                }
                for waiter in waiters { waiter.resume() }
            }
            return try await operation()
        }
        while true {
            let satisfied = { (state: ClockState) in
                !state.sleepers.isEmpty || !state.runningOperations.contains(runID)
            }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withValue { state -> Bool in
                    if satisfied(state) { return true }
                    state.waiters.append(Waiter(satisfied: satisfied, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
            let (done, deadline) = state.withValue { state in
                (!state.runningOperations.contains(runID), state.sleepers.values.map(\.deadline).min())
            }
            if done { break }
            guard let deadline else { continue }
            scheduler.advance(to: max(deadline.offset, scheduler.now))
        }
        return try await task.value
    }
}

/// A sleep waiting for its deadline.
private struct Sleeper {
    let deadline: TestClock.Instant
    let continuation: CheckedContinuation<Void, any Error>
    let action: (any Disposable)?
}

/// Someone waiting until the clock's state satisfies a condition.
private struct Waiter {
    let satisfied: (ClockState) -> Bool
    let continuation: CheckedContinuation<Void, Never>

    func resume() { continuation.resume() }
}

/// The sleeps of a `TestClock` and who waits for them.
private struct ClockState {
    var nextID = 0
    var sleepers: [Int: Sleeper] = [:]
    var waiters: [Waiter] = []
    /// The operations `run(_:)` is driving that have not finished.
    var runningOperations: Set<Int> = []

    /// Removes and returns the waiters whose condition now holds.
    mutating func takeSatisfiedWaiters() -> [Waiter] {
        let state = self
        let ready = waiters.filter { $0.satisfied(state) }
        waiters.removeAll { $0.satisfied(state) }
        return ready
    }
}
