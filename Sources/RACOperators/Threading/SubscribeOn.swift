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
    ///
    /// Reading the settings file on a background scheduler instead of the caller's thread:
    ///
    /// ```swift
    /// let loader = TestScheduler()      // in an app: QueueScheduler(qos: .utility)
    /// let settings = Signal<String, Never> { subscriber in
    ///     print("reading settings")     // the subscription's work
    ///     subscriber.sendNext("dark mode")
    ///     subscriber.sendCompleted()
    ///     return nil
    /// }
    /// let subscription = settings.subscribe(on: loader).subscribe(next: { print($0) })
    /// print("subscribed")               // printed first: the work waits for loader
    /// loader.run()                      // reading settings, dark mode
    /// subscription.dispose()
    /// ```
    ///
    /// - Parameter scheduler: where this signal is subscribed (where its creation work runs).
    /// - Returns: a signal of the same events, sent wherever this signal sends them; it completes
    ///   and fails when this signal does.
    @inlinable
    public func subscribe(on scheduler: Scheduler) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -subscribeOn: \(scheduler.name)")) { subscriber in
            scheduler.schedule {
                self.subscribe(subscriber)
            }
        }
    }
}
