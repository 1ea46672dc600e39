// RAC's `-subscribeOn:`: the subscription moved to a scheduler.

extension Signal {
    /// RAC: `-subscribeOn:`. Subscribes to the receiver from `scheduler`; disposing before that
    /// happens means the receiver is never subscribed. Events are not moved: they arrive where the
    /// receiver sends them. So it queues nothing and needs no buffering policy: to move events
    /// to a scheduler with a bound, use `deliver(on:bufferingPolicy:statistics:)`.
    ///
    /// ```
    /// self (cold):        -a-b-|
    /// subscribe(on: s):   --a-b-|     (when s gets to the subscription one frame later)
    /// ```
    @inlinable
    public func subscribe(on scheduler: Scheduler) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -subscribeOn: \(scheduler.name)")) { subscriber in
            scheduler.schedule {
                self.subscribe(subscriber)
            }
        }
    }
}
