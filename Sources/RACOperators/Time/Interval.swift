// RAC's `+interval:onScheduler:withLeeway:`: a tick every interval.

extension Signal where Value == Int, Failure == Never {
    /// RAC: `+interval:onScheduler:withLeeway:`. Sends a tick every `interval` on `scheduler`,
    /// forever; disposing stops the timer. The values are the tick numbers 0, 1, 2, … (RAC sends
    /// the current `NSDate`; a tick number is deterministic under virtual time — map it to
    /// `Date()` if you want RAC's value).
    ///
    /// A zero `interval` (or one under a nanosecond) ticks as often as the scheduler can: every
    /// nanosecond, the shortest period a scheduler repeats. On a `QueueScheduler` the ticks come one per turn of its
    /// queue (its timer merges the ticks it falls behind on, so other work on the queue runs
    /// between them); on a virtual-time scheduler (`TestScheduler`), one tick per nanosecond of
    /// virtual time, so each advance sends a finite number of ticks and `advance(by: .zero)` none
    /// (never a loop inside one advance). A negative interval or leeway is a programmer error.
    ///
    /// ```
    /// interval(2):   --0-1-2-3-…
    /// ```
    ///
    /// Refreshing a feed every 30 seconds:
    ///
    /// ```swift
    /// let scheduler = TestScheduler()       // in an app: a QueueScheduler
    /// let refreshes = Signal.interval(.seconds(30), on: scheduler).map { "refresh #\($0 + 1)" }
    /// let subscription = refreshes.subscribe(next: { print($0) })
    /// scheduler.advance(by: .seconds(90))   // refresh #1, refresh #2, refresh #3
    /// subscription.dispose()                // stops the timer
    /// ```
    ///
    /// - Parameters:
    ///   - interval: the time between ticks (`>= 0`); the first tick comes `interval` after
    ///     subscription.
    ///   - scheduler: where the timer runs and the ticks are sent from.
    ///   - leeway: how late the scheduler may send a tick, to save power (`>= 0`).
    /// - Returns: a signal of the tick numbers 0, 1, 2, …; it never completes nor fails.
    @inlinable
    public static func interval(
        _ interval: Duration, on scheduler: Scheduler, leeway: Duration = .zero
    ) -> Signal<Int, Never> {
        TimeValidation.requireNonNegative(interval, "Signal.interval(_:on:leeway:)")
        TimeValidation.requireDeferringScheduler(scheduler, "Signal.interval(_:on:leeway:)")
        if leeway < .zero {
            racProgrammerError("Signal.interval(_:on:leeway:)", "leeway must be >= 0, got \(leeway)")
        }
        return Signal(name: SignalDebugNames.name("+interval: \(interval)")) { subscriber in
            var tick = 0
            // Zero: the shortest period a scheduler repeats (a smaller one is a programmer error).
            let period = max(interval, .nanoseconds(1))
            return scheduler.schedule(after: period, repeatingEvery: period, leeway: leeway) {
                subscriber.sendNext(tick)
                tick += 1
            }
        }
    }
}
