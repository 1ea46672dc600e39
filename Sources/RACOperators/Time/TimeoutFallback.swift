// timeout(_:on:fallback:): if the source has not ended in time, continue with another signal.

extension Signal {
    /// RAC: none (RxSwift `timeout(_:other:scheduler:)`). Like `timeout(_:on:raising:)` (RAC
    /// `-timeout:onScheduler:`), but when the signal has not terminated `interval` after
    /// subscription, it is disposed and `fallback` is subscribed instead, its events forwarded
    /// until it ends. An error or completion of the source before the deadline passes through and
    /// cancels the timer.
    ///
    /// As RAC's `timeout`, the interval is the time to *termination*, counted from subscription;
    /// RxSwift's and Combine's `timeout` restart the clock at each value.
    ///
    /// ```
    /// self:                    -a-b------|     (interval = 5 frames)
    /// fallback:                x-y|
    /// timeout(5, fallback:):   -a-b-x-y|
    /// ```
    ///
    /// - Parameters:
    ///   - interval: how long the signal has to terminate, from subscription (`>= 0`).
    ///   - scheduler: where the timer runs and `fallback` is subscribed from.
    ///   - fallback: the signal that takes over on time-out.
    /// - Returns: a signal of this signal's events until it terminates or `interval` passes, then
    ///   of `fallback`'s events; it completes and fails as the one it is forwarding.
    @inlinable
    public func timeout(
        _ interval: Duration, on scheduler: Scheduler, fallback: Signal<Value, Failure>
    ) -> Signal<Value, Failure> {
        TimeValidation.requireNonNegative(interval, "timeout(_:on:fallback:)")
        TimeValidation.requireDeferringScheduler(scheduler, "timeout(_:on:fallback:)")
        return Signal(name: SignalDebugNames.name("[\(self.name)] -timeout: \(interval) fallback:")) {
            subscriber in
            // A forwarding subscriber: disposing it must stop the receiver, not `subscriber`.
            let forwarder = Subscriber<Value, Failure> { event in subscriber.send(event) }
            return self.subscribe(forwarder, timingOut: subscriber, after: interval, on: scheduler) {
                fallback.subscribe(subscriber)
            }
        }
    }
}
