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
        // The async operation this task runs for, if a test scheduler tracks it: asleep in virtual
        // time, it no longer keeps the scheduler's `settle()` waiting.
        let item = AsyncWork.currentItem
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
                        deadline: deadline, continuation: continuation, action: action, item: item)
                    return (true, state.takeSatisfiedWaiters())
                }
                guard registered else { return continuation.resume() }
                item?.sleep()
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
        sleeper.item?.wake()
        sleeper.continuation.resume(with: result)
    }

    /// Suspends until at least `count` sleeps of this clock are waiting, without advancing time:
    /// to step async code by hand (`try await clock.waitForSleepers(1); scheduler.advance(by: …)`).
    ///
    /// It cannot hang a test: cancelling the calling task (Swift Testing's `.timeLimit`, a killed
    /// run) ends it with `CancellationError`, and if the sleeps have not come after `timeout` of
    /// real time (default 5 seconds) it throws `TestTimeout`, saying how many sleeps it awaited
    /// and how many came. A `count` below 0 or a `timeout` not above zero is a programmer error.
    ///
    /// ```
    /// task sleeps at 0 for 5 s;  waitForSleepers(1) returns;  advance(by: 5 s) wakes it
    /// nothing ever sleeps:       waitForSleepers(1) throws TestTimeout after 5 s of real time
    /// ```
    public func waitForSleepers(_ count: Int = 1, timeout: Duration = .seconds(5)) async throws {
        racRequireNonNegative(count, "count", "TestClock.waitForSleepers(_:timeout:)")
        checkTimeout(timeout, in: "TestClock.waitForSleepers(_:timeout:)")
        switch await wait(until: { $0.sleepers.count >= count }, timeout: timeout) {
        case .satisfied:
            return
        case .cancelled:
            throw CancellationError()
        case .timedOut:
            let waiting = sleeperCount
            throw TestTimeout(
                "TestClock.waitForSleepers(\(count)) gave up after \(timeout) of real time: "
                    + "\(waiting) sleep\(waiting == 1 ? " of the clock is" : "s of the clock are") waiting, "
                    + "\(count) \(count == 1 ? "was" : "were") awaited (virtual time \(now))")
        }
    }

    /// Runs `operation` to its end in virtual time: whenever it is suspended in a sleep of this
    /// clock, advances the scheduler to the earliest deadline (running every action due before it,
    /// signals included), which wakes that sleep; returns what the operation returns, or throws
    /// what it throws.
    ///
    /// It cannot hang a test whose operation heeds cancellation (as sleeps, signals' `first()`
    /// and `values` do). The operation runs in the calling task: cancelling that task cancels it,
    /// and stops the advancing. An operation that neither sleeps on this clock nor finishes for
    /// `timeout` of real time (default 5 seconds; it is waiting for a signal that never sends,
    /// say, or sleeping on another clock) is cancelled (the calling task is), and `run` throws
    /// `TestTimeout` saying so. The bound is per
    /// step, not for the whole run: an operation that sleeps a thousand times is not cut short.
    ///
    /// The operation and the scheduler's actions run in the caller's isolation (`isolation`, the
    /// test's actor by default: the main actor for a `@MainActor` test), so the operation may
    /// capture objects that are not `Sendable`, such as a view model, without wrapping them.
    ///
    /// ```
    /// operation sleeps 1 s, 2 s, 4 s   ->   run returns at virtual time 7 s, at once in real time
    /// operation awaits a silent signal ->   run throws TestTimeout after 5 s of real time
    /// ```
    public func run<Result>(
        isolation: isolated (any Actor)? = #isolation,
        timeout: Duration = .seconds(5),
        _ operation: () async throws -> Result
    ) async throws -> Result {
        checkTimeout(timeout, in: "TestClock.run(timeout:_:)")
        let runID = state.withValue { state in
            state.nextID += 1
            state.runningOperations.insert(state.nextID)
            return state.nextID
        }
        // The operation runs here, in the caller's task and isolation (it may capture what is not
        // `Sendable`: a view model); a driver task, in the same isolation, advances the scheduler
        // whenever it sleeps on this clock, and cancels this task if it makes no progress.
        // The reference to this task is used only while this call runs (see `RunCanceller`).
        let canceller = withUnsafeCurrentTask { RunCanceller($0) }
        let driver = Task {
            await drive(isolation: isolation, runID: runID, timeout: timeout, canceller: canceller)
        }
        let result: Swift.Result<Result, any Error>
        do {
            result = .success(
                try await withTaskCancellationHandler {
                    try await operation()
                } onCancel: {
                    driver.cancel()
                })
        } catch {
            result = .failure(error)
        }
        let waiters = state.withValue { state in
            state.runningOperations.remove(runID)
            return state.takeSatisfiedWaiters()
        }
        for waiter in waiters { waiter.resume() }
        let timedOut = canceller.disarm()
        driver.cancel()
        await driver.value
        if timedOut {
            throw TestTimeout(
                "TestClock.run(_:) gave up after \(timeout) of real time: the operation neither "
                    + "slept on this clock nor finished (is it waiting for a signal that never "
                    + "sends, or sleeping on another clock?); virtual time \(now)")
        }
        return try result.get()
    }

    /// The loop of `run(_:)`: in the caller's isolation, whenever the operation sleeps on this
    /// clock, advances the scheduler to the earliest deadline; cancels the operation's task if it
    /// neither sleeps nor ends within `timeout`.
    private func drive(
        isolation: isolated (any Actor)?, runID: Int, timeout: Duration, canceller: RunCanceller
    ) async {
        while true {
            let end = await wait(
                until: { !$0.sleepers.isEmpty || !$0.runningOperations.contains(runID) },
                timeout: timeout)
            switch end {
            case .satisfied:
                break
            case .cancelled:
                return
            case .timedOut:
                canceller.timeOut()
                return
            }
            let (done, deadline) = state.withValue { state in
                (!state.runningOperations.contains(runID), state.sleepers.values.map(\.deadline).min())
            }
            if done { return }
            guard let deadline else { continue }
            scheduler.advance(to: max(deadline.offset, scheduler.now))
        }
    }

    /// Suspends until `satisfied` holds for the clock's state, the task is cancelled, or
    /// `timeout` of real time has passed.
    private func wait(until satisfied: @escaping (ClockState) -> Bool, timeout: Duration) async -> WaitEnd {
        let wait = OneShotWait()
        let id = state.withValue { state -> Int? in
            if satisfied(state) { return nil }
            state.nextID += 1
            state.waiters.append(Waiter(id: state.nextID, satisfied: satisfied, wait: wait))
            return state.nextID
        }
        guard let id else { return .satisfied }
        let end = await wait.wait(timeout: timeout)
        if end != .satisfied {
            state.withValue { $0.waiters.removeAll { $0.id == id } }
        }
        return end
    }
}

/// Cancels the task of a `run(_:)` whose operation made no progress, only while that task is
/// still in `run` (the reference is not used once `disarm()` has returned).
private final class RunCanceller: @unchecked Sendable {
    private let task: UnsafeCurrentTask?
    /// Whether the task may still be cancelled, and whether it was, for the timeout.
    private let state = Locked<(armed: Bool, timedOut: Bool)>((true, false))

    init(_ task: UnsafeCurrentTask?) {
        self.task = task
    }

    /// Cancels the task, if it is still in `run`. `Task.cancel()` may be called from any task.
    func timeOut() {
        state.withValue { state in
            guard state.armed else { return }
            state.timedOut = true
            task?.cancel()
        }
    }

    /// Forbids `timeOut()` from now on; whether it already cancelled the task.
    func disarm() -> Bool {
        state.withValue { state in
            state.armed = false
            return state.timedOut
        }
    }
}

/// A sleep waiting for its deadline.
private struct Sleeper {
    let deadline: TestClock.Instant
    let continuation: CheckedContinuation<Void, any Error>
    let action: (any Disposable)?
    /// The tracked async operation that sleeps, if any.
    let item: AsyncWorkItem?
}

/// Someone waiting until the clock's state satisfies a condition.
private struct Waiter {
    let id: Int
    let satisfied: (ClockState) -> Bool
    let wait: OneShotWait

    func resume() { wait.end(.satisfied) }
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
