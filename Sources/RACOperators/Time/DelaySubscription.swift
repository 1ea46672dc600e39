// delaySubscription(_:on:): subscribe to the source only after an interval.

extension Signal {
    /// RAC: none (RxSwift `delaySubscription(_:scheduler:)`; Combine has none). Subscribes to
    /// this signal `interval` after the result is subscribed, on `scheduler`; from then on its
    /// events pass unchanged. Unlike `delay(_:on:)`, nothing is shifted once subscribed: a hot
    /// source's values sent during the wait are never seen. Disposing during the wait cancels the
    /// subscription before it is made.
    ///
    /// ```
    /// self:                  -a-b-|          (cold: its frames count from its subscription)
    /// delaySubscription(3):  ----a-b-|       (self subscribed at frame 3)
    /// ```
    ///
    /// - Parameters:
    ///   - interval: how long after the result's subscription this signal is subscribed (`>= 0`).
    ///   - scheduler: where the wait is timed (not an `ImmediateScheduler`).
    /// - Returns: a signal of this signal's events from its delayed subscription on; it completes and
    ///   fails when this signal does.
    @inlinable
    public func delaySubscription(_ interval: Duration, on scheduler: Scheduler) -> Signal<Value, Failure> {
        TimeValidation.requireNonNegative(interval, "delaySubscription(_:on:)")
        TimeValidation.requireDeferringScheduler(scheduler, "delaySubscription(_:on:)")
        return Signal(name: SignalDebugNames.name("[\(self.name)] -delaySubscription: \(interval)")) {
            subscriber in
            // The scheduled action holds `subscriber` until it runs or the subscription ends
            // (disposing the scheduled action releases its closure).
            scheduler.schedule(after: interval) {
                self.subscribe(subscriber)
            }
        }
    }
}
