/// A scheduler whose clock only moves when you move it: actions run, in order, when virtual time is
/// advanced past their due time. The base of RACTesting's `TestScheduler`.
///
/// RAC: `RACTestScheduler` (its `step`, `step:` and `stepAll` are `run(atMost:)` and `run()`).
/// Virtual time is exact: whole nanoseconds since the scheduler was created (sub-nanosecond parts
/// of a delay are dropped; time saturates at `Int64.max` nanoseconds instead of overflowing).
/// Actions run in due-time order, and in the order they were scheduled when due together (FIFO).
/// `schedule(_:)` is due now, so it runs at the next `advance` (even `advance(by: .zero)`).
/// A repeating action is due again exactly `interval` after each tick; leeway has no meaning in
/// virtual time and is ignored (but still validated).
///
/// Thread-safe. Actions run on the thread that advances, with this scheduler as
/// `Scheduler.current`, and may schedule more actions; one advance runs at a time, so actions never
/// overlap (an action may itself advance the scheduler). Disposing an action cancels it and
/// releases its closure.
///
/// ```
/// schedule(after: 2, a); schedule(after: 1, b); schedule(after: 1, c)
/// advance(by: 1)  -> b, c        now == 1
/// advance(by: 5)  -> a           now == 6
/// ```
open class VirtualTimeScheduler: Scheduler, @unchecked Sendable {
    // Actions run outside the timeline's lock (so that they may schedule); advancing is serialised by
    // a recursive lock of its own (so that an action may advance).

    private let timeline = VirtualTimeline()
    /// Serialises advancing; recursive so that an action may advance the scheduler itself.
    private let advancing = RecursiveLock()

    /// Creates a scheduler whose virtual clock starts at zero.
    public override init(name: String = "VirtualTimeScheduler") {
        super.init(name: name)
    }

    deinit {
        timeline.removeAll()
    }

    /// The virtual time: how far the clock has been advanced since the scheduler was created.
    /// While an action runs it is that action's due time.
    public var now: Duration {
        .nanoseconds(timeline.lock.withLock { timeline.now })
    }

    /// How many actions are waiting to run (a repeating action counts once; disposed ones not).
    public var pendingActionCount: Int {
        timeline.lock.withLock { timeline.pendingCount }
    }

    /// Whether no action is waiting to run.
    public var isEmpty: Bool {
        pendingActionCount == 0
    }

    /// The due time of the next action waiting to run, if any: what `advance(to:)` would reach
    /// first. For RACTesting's settling advance, which stops at each due time in turn.
    package var nextDueTime: Duration? {
        timeline.nextDue().map { .nanoseconds($0) }
    }

    /// Queues `action` to run at the current virtual time, after the actions already due then.
    /// RAC: `-[RACTestScheduler schedule:]`.
    ///
    /// - Returns: a disposable that cancels `action` (and releases it) if it has not run.
    @discardableResult
    open override func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
        enqueue(action, after: 0, interval: nil)
    }

    /// Queues `action` to run `delay` after the current virtual time (a negative delay is zero).
    /// RAC: `-[RACTestScheduler after:schedule:]`.
    ///
    /// ```
    /// now == 3; schedule(after: 2, a)  ->  a runs when the clock reaches 5
    /// ```
    @discardableResult
    open override func schedule(after delay: Duration, _ action: @escaping () -> Void) -> (any Disposable)? {
        enqueue(action, after: delay.schedulingNanoseconds, interval: nil)
    }

    /// `schedule(after:repeatingEvery:leeway:_:)`: queues `action` at `delay` from now and then
    /// every `interval` after each tick, exactly; `leeway` is validated but ignored.
    /// RAC: `-[RACTestScheduler after:repeatingEvery:withLeeway:schedule:]`.
    ///
    /// ```
    /// schedule(after: 1, repeatingEvery: 2, a); advance(by: 6)  ->  a at 1, 3, 5
    /// ```
    override func scheduleRepetition(
        after delay: Duration, every interval: Duration, leeway: Duration, _ action: @escaping () -> Void
    ) -> (any Disposable)? {
        enqueue(action, after: delay.schedulingNanoseconds, interval: interval.schedulingNanoseconds)
    }

    private func enqueue(_ closure: @escaping () -> Void, after delay: Int64, interval: Int64?)
        -> VirtualTimeAction
    {
        let action = VirtualTimeAction(timeline: timeline, interval: interval, closure: closure)
        timeline.enqueue(action, after: delay)
        return action
    }

    /// Runs every action due within `interval` from now, including ones scheduled meanwhile that
    /// fall inside the window, then sets the clock to now + `interval`. A negative interval is a
    /// programmer error.
    ///
    /// ```
    /// actions at 1, 2, 5; advance(by: 2)  ->  runs 1, 2; now == 2
    /// ```
    public func advance(by interval: Duration) {
        if interval < .zero {
            racProgrammerError(
                "VirtualTimeScheduler.advance(by:)", "interval must be >= .zero, got \(interval)")
        }
        advancing.withLock {
            let target = VirtualTimeline.adding(
                timeline.lock.withLock { timeline.now }, interval.schedulingNanoseconds)
            _ = runActions(dueBy: target, limit: .max)
            timeline.moveClock(to: target)
        }
    }

    /// Runs every action due up to the virtual time `time`, then sets the clock to `time`.
    /// A time earlier than `now` is a programmer error.
    ///
    /// ```
    /// actions at 1, 2, 5; advance(to: 5)  ->  runs 1, 2, 5; now == 5
    /// ```
    public func advance(to time: Duration) {
        advancing.withLock {
            let current = timeline.lock.withLock { timeline.now }
            let target = time.schedulingNanoseconds
            if time < .zero || target < current {
                racProgrammerError(
                    "VirtualTimeScheduler.advance(to:)",
                    "time must not be earlier than now (\(Duration.nanoseconds(current))), got \(time)")
            }
            _ = runActions(dueBy: target, limit: .max)
            timeline.moveClock(to: target)
        }
    }

    /// Runs actions in order, moving the clock to each one's due time, until none is left.
    /// RAC: `-[RACTestScheduler stepAll]`. A repeating action that is never disposed keeps this
    /// from returning; use `advance(by:)`, `advance(to:)` or `run(atMost:)` with those.
    ///
    /// ```
    /// actions at 1, 5; run()  ->  runs both; now == 5
    /// ```
    public func run() {
        advancing.withLock {
            _ = runActions(dueBy: .max, limit: .max)
        }
    }

    /// Runs at most `count` actions in order (each tick of a repeating action counts as one),
    /// moving the clock to each one's due time, and returns how many ran.
    /// RAC: `-[RACTestScheduler step:]`. A negative count is a programmer error.
    ///
    /// ```
    /// actions at 1, 5; run(atMost: 1)  ->  runs the first, returns 1; now == 1
    /// ```
    ///
    /// - Parameter count: the most actions to run; `0` or more.
    /// - Returns: how many actions ran (fewer than `count` when the queue ran out).
    @discardableResult
    public func run(atMost count: Int) -> Int {
        racRequireNonNegative(count, "count", "VirtualTimeScheduler.run(atMost:)")
        return advancing.withLock {
            runActions(dueBy: .max, limit: count)
        }
    }

    /// Runs up to `limit` live actions due by `target`, with this scheduler as current.
    private func runActions(dueBy target: Int64, limit: Int) -> Int {
        // Nothing due: no need to become the current scheduler (two thread-local writes).
        guard limit > 0, var next = timeline.next(dueBy: target) else { return 0 }
        return performAsCurrent {
            var ran = 0
            while true {
                next.closure()
                ran += 1
                if let interval = next.action.interval {
                    timeline.requeue(next.action, interval: interval, after: next.due)
                }
                guard ran < limit, let following = timeline.next(dueBy: target) else { return ran }
                next = following
            }
        }
    }
}
