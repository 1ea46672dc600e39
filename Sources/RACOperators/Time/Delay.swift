// RAC's `-delay:`: values and completion sent an interval later.

extension Signal {
    /// RAC: `-delay:`. Sends each value and the completion `interval` later on `scheduler`; an
    /// error is sent at once. Disposing cancels everything still waiting.
    ///
    /// Peers: the error is not delayed and drops the values still waiting, as in RxSwift;
    /// Combine's `delay` delays a failure as it delays the values, so they all arrive first.
    ///
    /// ```
    /// self:                        -a-b-|
    /// delay(2):                    ---a-b-|
    /// failing:                     -a--b#
    /// delay(2) of failing:         ---a-#        (b was waiting: dropped)
    /// Combine delay(2), failing:   ---a--b#
    /// ```
    @inlinable
    public func delay(_ interval: Duration, on scheduler: Scheduler) -> Signal<Value, Failure> {
        TimeValidation.requireNonNegative(interval, "delay(_:on:)")
        return Signal(name: SignalDebugNames.name("[\(self.name)] -delay: \(interval)")) { subscriber in
            let pending = CompoundDisposable()
            subscriber.add(pending)
            /// Schedules `event` and forgets its disposable once it has run.
            func scheduleLater(_ event: Event<Value, Failure>) {
                let slot = SerialDisposable()
                pending.add(slot)
                slot.inner = scheduler.schedule(after: interval) { [weak pending, weak slot] in
                    if let pending, let slot { pending.remove(slot) }
                    subscriber.send(event)
                }
            }
            return self.subscribe(linkedTo: subscriber) { event in
                switch event {
                case .next, .completed: scheduleLater(event)
                case .error: subscriber.send(event)
                }
            }
        }
    }
}
