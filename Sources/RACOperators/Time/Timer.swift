// Signal.timer(after:on:): one tick after a delay.

extension Signal where Value == Int, Failure == Never {
    /// RAC: none (RxSwift `Observable.timer(_:scheduler:)`; RAC wrote `[[RACSignal return:x]
    /// delay:t]`). Sends `0` once, `interval` after subscription, on `scheduler`, then completes;
    /// disposing first cancels it. For ticks that repeat, use `Signal.interval(_:on:leeway:)`.
    ///
    /// ```
    /// Signal.timer(after: 3):   ---(0|)
    /// ```
    ///
    /// - Parameters:
    ///   - interval: how long after subscription `0` is sent (`>= 0`).
    ///   - scheduler: where the wait is timed and `0` sent (not an `ImmediateScheduler`).
    /// - Returns: a signal that sends `0` once, `interval` after subscription, then completes; it
    ///   never fails.
    @inlinable
    public static func timer(after interval: Duration, on scheduler: Scheduler) -> Signal<Int, Never> {
        TimeValidation.requireNonNegative(interval, "Signal.timer(after:on:)")
        TimeValidation.requireDeferringScheduler(scheduler, "Signal.timer(after:on:)")
        return Signal(name: SignalDebugNames.name("+timer: \(interval)")) { subscriber in
            scheduler.schedule(after: interval) {
                subscriber.sendNext(0)
                subscriber.sendCompleted()
            }
        }
    }
}
