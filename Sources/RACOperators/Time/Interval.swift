// RAC's `+interval:onScheduler:withLeeway:`: a tick every interval.

extension Signal where Value == Int, Failure == Never {
    /// RAC: `+interval:onScheduler:withLeeway:`. Sends a tick every `interval` on `scheduler`,
    /// forever; disposing stops the timer. The values are the tick numbers 0, 1, 2, … (RAC sends
    /// the current `NSDate`; a tick number is deterministic under virtual time — map it to
    /// `Date()` if you want RAC's value).
    ///
    /// ```
    /// interval(2):   --0-1-2-3-…
    /// ```
    @inlinable
    public static func interval(
        _ interval: Duration, on scheduler: Scheduler, leeway: Duration = .zero
    ) -> Signal<Int, Never> {
        TimeValidation.requirePositive(interval, "Signal.interval(_:on:leeway:)")
        TimeValidation.requireDeferringScheduler(scheduler, "Signal.interval(_:on:leeway:)")
        if leeway < .zero {
            racProgrammerError("Signal.interval(_:on:leeway:)", "leeway must be >= 0, got \(leeway)")
        }
        return Signal(name: SignalDebugNames.name("+interval: \(interval)")) { subscriber in
            var tick = 0
            return scheduler.schedule(after: interval, repeatingEvery: interval, leeway: leeway) {
                subscriber.sendNext(tick)
                tick += 1
            }
        }
    }
}
