// startWith: sends a value before the receiver's events.

extension Signal {
    /// RAC: `-startWith:`. Sends `value` first, then the signal's events.
    ///
    /// ```
    /// self:          --a-b-|
    /// startWith(z):  z-a-b-|
    /// ```
    @inlinable
    public func startWith(_ value: Value) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -startWith: \(value)")) { subscriber in
            subscriber.sendNext(value)
            self.subscribe(subscriber)
            return nil
        }
    }
}
