import RACCore
import Testing

// Async work inside virtual time: `Signal { try await service(q) }` runs its operation in a task,
// whose result comes back in real time. The settling calls let it come back before time moves on.

extension TestScheduler {
    /// Waits until every async operation of this scheduler has settled, and runs what they handed
    /// back, without moving virtual time. An operation is one `Signal { try await … }` subscribed
    /// during this scheduler's actions (or in `record`, `expectSettled` and the other settling
    /// calls); it has settled when it has ended, or while it sleeps on a `TestClock` (its sleep is
    /// an action of the scheduler, due later). Its result is handed back to the scheduler and
    /// sent at the current virtual time, on the thread that settles, as one of its actions.
    ///
    /// It runs in the caller's isolation (`isolation`, the test's actor by default), and so do the
    /// actions it runs, as in the synchronous forms: a `@MainActor` test's view model is touched on
    /// the main actor.
    ///
    /// RAC: none (RAC had no async operations); combine-schedulers: the `await` of
    /// `scheduler.advance(by:)`. Cancelling the calling task throws `CancellationError`; work that
    /// has not settled after `timeout` of real time (default 5 seconds; it awaits something other
    /// than a `TestClock` of this scheduler: the network, a real clock, a signal that never sends)
    /// throws `TestTimeout`, naming the operations still busy.
    ///
    /// ```
    /// Signal { try await service("q") } subscribed at frame 3:
    /// scheduler.advance(toFrame: 3)                      result still in flight (real time)
    /// try await scheduler.settle()                       result sent at frame 3
    /// ```
    public func settle(
        isolation: isolated (any Actor)? = #isolation, timeout: Duration = .seconds(5)
    ) async throws {
        checkTimeout(timeout, in: "TestScheduler.settle(timeout:)")
        while true {
            try await waitForAsyncWork(timeout: timeout)
            guard let due = nextDueTime, due <= now else { return }
            advance(by: .zero)
        }
    }

    /// Advances virtual time to `time` one due time at a time, settling the async work (see
    /// `settle(timeout:)`) before the clock moves on from each: an async operation started at
    /// some time sends its result at that time (or when its `TestClock` sleep ends). A time
    /// earlier than `now` is a programmer error. Synchronous twin: `advance(to:)`.
    ///
    /// ```
    /// query "a" at frame 1 -> Signal { await search("a") }
    /// try await advanceSettled(to: frames(5))            results of "a" sent at frame 1
    /// ```
    public func advanceSettled(
        isolation: isolated (any Actor)? = #isolation, to time: Duration, timeout: Duration = .seconds(5)
    ) async throws {
        if time < now {
            racProgrammerError(
                "TestScheduler.advanceSettled(to:timeout:)",
                "time must not be earlier than now (\(now)), got \(time)")
        }
        checkTimeout(timeout, in: "TestScheduler.advanceSettled(to:timeout:)")
        try await settle(timeout: timeout)
        while let due = nextDueTime, due <= time {
            advance(to: max(due, now))
            try await settle(timeout: timeout)
        }
        advance(to: time)
    }

    /// `advanceSettled(to:timeout:)` by `interval` from now (`interval` >= 0). Synchronous twin:
    /// `advance(by:)`.
    ///
    /// ```
    /// try await scheduler.advanceSettled(by: .milliseconds(300))
    /// ```
    public func advanceSettled(
        isolation: isolated (any Actor)? = #isolation, by interval: Duration, timeout: Duration = .seconds(5)
    ) async throws {
        if interval < .zero {
            racProgrammerError(
                "TestScheduler.advanceSettled(by:timeout:)", "interval must be >= .zero, got \(interval)")
        }
        try await advanceSettled(to: now + interval, timeout: timeout)
    }

    /// `advanceSettled(to:timeout:)` `count` frames on (`count` >= 0). Synchronous twin:
    /// `advance(frames:)`.
    ///
    /// ```
    /// "-a-b"  try await advanceSettled(frames: 2) -> a seen (and its async work settled)
    /// ```
    public func advanceSettled(
        isolation: isolated (any Actor)? = #isolation, frames count: Int, timeout: Duration = .seconds(5)
    ) async throws {
        try await advanceSettled(by: frames(count), timeout: timeout)
    }

    /// `advanceSettled(to:timeout:)` to the start of frame `frame` (not earlier than now).
    /// Synchronous twin: `advance(toFrame:)`.
    ///
    /// ```
    /// "-a-b"  try await advanceSettled(toFrame: 3) -> a and b seen, their async work settled
    /// ```
    public func advanceSettled(
        isolation: isolated (any Actor)? = #isolation, toFrame frame: Int, timeout: Duration = .seconds(5)
    ) async throws {
        try await advanceSettled(to: frames(frame), timeout: timeout)
    }

    /// Runs everything, settling the async work at each due time (see
    /// `advanceSettled(to:timeout:)`), until nothing is scheduled and nothing is in flight.
    /// Synchronous twin: `run()`.
    ///
    /// ```
    /// debounce, then Signal { await search(q) } sleeping 2 s on a TestClock:
    /// try await scheduler.runSettled()                   every result sent, in virtual time
    /// ```
    public func runSettled(
        isolation: isolated (any Actor)? = #isolation, timeout: Duration = .seconds(5)
    ) async throws {
        checkTimeout(timeout, in: "TestScheduler.runSettled(timeout:)")
        try await settle(timeout: timeout)
        while let due = nextDueTime {
            advance(to: max(due, now))
            try await settle(timeout: timeout)
        }
    }

    /// Suspends until no async operation of this scheduler is busy.
    private func waitForAsyncWork(timeout: Duration) async throws {
        let wait = OneShotWait()
        guard let id = asyncWork.whenIdle({ wait.end(.satisfied) }) else { return }
        let end = await wait.wait(timeout: timeout)
        if end != .satisfied { asyncWork.removeIdleWaiter(id) }
        switch end {
        case .satisfied:
            return
        case .cancelled:
            throw CancellationError()
        case .timedOut:
            let busy = asyncWork.busyDescriptions
            throw TestTimeout(
                "TestScheduler.settle() gave up after \(timeout) of real time at frame \(currentFrame): "
                    + "\(busy.count) async operation\(busy.count == 1 ? "" : "s") neither finished nor "
                    + "slept on a TestClock of this scheduler: " + busy.joined(separator: ", "))
        }
    }
}
