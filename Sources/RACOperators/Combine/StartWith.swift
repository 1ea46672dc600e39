// startWith: sends a value before the receiver's events.

extension Signal {
    /// RAC: `-startWith:`. Sends `value` first, then the signal's events.
    ///
    /// ```
    /// self:          --a-b-|
    /// startWith(z):  z-a-b-|
    /// ```
    ///
    /// - Parameter value: The value sent first, as soon as the result is subscribed.
    /// - Returns: A signal that sends `value`, then forwards this signal's events.
    ///
    /// ```swift
    /// let status = Subject<String, Never>()
    /// let shown = status.startWith("connecting…")
    /// let subscription = shown.subscribe(next: { print($0) })   // prints connecting…
    /// status.sendNext("online")                                  // prints online
    /// subscription.dispose()
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
