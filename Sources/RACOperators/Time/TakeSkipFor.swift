// take(for:on:) and skip(for:on:): the values of the first span of time after subscription, or those
// after it. Made of take(until:) and skip(until:) with a timer as the trigger.

extension Signal {
    /// RAC: none (RxSwift `take(for:scheduler:)`). Forwards the source for `duration` after
    /// subscription, measured on `scheduler`, then completes, disposing it. The timer starts before
    /// the source is subscribed, so a value in the instant the time runs out is not sent (on a
    /// `TestScheduler`, a value exactly `duration` frames after subscription). A source that ends
    /// first ends the result (and cancels the timer). A zero duration completes at the scheduler's
    /// next turn. A negative duration, or an `ImmediateScheduler`, is a programmer error.
    ///
    /// ```
    /// self:         -a-b-c-d-|
    /// take(for: 4): -a-b|
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long after subscription values are forwarded; must not be negative.
    ///   - scheduler: The scheduler that measures the time (not an `ImmediateScheduler`).
    /// - Returns: A signal that forwards this signal's events for `duration`, then completes,
    ///   disposing this signal; it ends earlier if this signal does.
    @inlinable
    public func take(for duration: Duration, on scheduler: Scheduler) -> Signal<Value, Failure> {
        TimeValidation.requireNonNegative(duration, "take(for:on:)")
        TimeValidation.requireDeferringScheduler(scheduler, "take(for:on:)")
        return take(until: Signal<Int, Never>.timer(after: duration, on: scheduler))
    }

    /// RAC: none (RxSwift `skip(for:scheduler:)`). Drops the source's values for `duration` after
    /// subscription, measured on `scheduler`, then forwards them. The timer starts before the source
    /// is subscribed, so a value in the instant the time runs out is sent (on a `TestScheduler`, a
    /// value exactly `duration` frames after subscription). The source's error and completion pass
    /// at once, also during the wait (and cancel the timer). A zero duration drops the values sent
    /// during the subscription call. A negative duration, or an `ImmediateScheduler`, is a
    /// programmer error.
    ///
    /// ```
    /// self:         -a-b-c-d-|
    /// skip(for: 4): -----c-d-|
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long after subscription values are dropped; must not be negative.
    ///   - scheduler: The scheduler that measures the time (not an `ImmediateScheduler`).
    /// - Returns: A signal of this signal's values sent once `duration` has passed, which completes or
    ///   fails when this signal does (also during the wait).
    @inlinable
    public func skip(for duration: Duration, on scheduler: Scheduler) -> Signal<Value, Failure> {
        TimeValidation.requireNonNegative(duration, "skip(for:on:)")
        TimeValidation.requireDeferringScheduler(scheduler, "skip(for:on:)")
        return skip(until: Signal<Int, Never>.timer(after: duration, on: scheduler))
    }
}
