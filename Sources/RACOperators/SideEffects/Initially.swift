// RAC's `-initially:`: an action run at each subscription, before the receiver is subscribed.

extension Signal {
    /// RAC: `-initially:`. Runs `action()` at each subscription, just before subscribing to the
    /// receiver (RAC: `+defer:` that calls the block, then returns the receiver).
    ///
    /// ```
    /// self:               -a-|
    /// initially(setUp):   -a-|        (setUp() runs at subscription, before self is subscribed)
    /// ```
    @inlinable
    public func initially(_ action: @escaping () -> Void) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -initially:")) { subscriber in
            action()
            self.subscribe(subscriber)
            return nil
        }
    }
}
