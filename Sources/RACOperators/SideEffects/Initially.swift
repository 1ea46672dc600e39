// RAC's `-initially:`: an action run at each subscription, before the receiver is subscribed.

extension Signal {
    /// RAC: `-initially:`. Runs `action()` at each subscription, just before subscribing to the
    /// receiver (RAC: `+defer:` that calls the block, then returns the receiver). An action formed
    /// on an actor checks first that it runs on it (as `doNext(_:)`): subscribe there.
    ///
    /// ```
    /// self:               -a-|
    /// initially(setUp):   -a-|        (setUp() runs at subscription, before self is subscribed)
    /// ```
    @inlinable
    public func initially(
        _ action: @escaping () -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        let site = callSite("initially(_:)", isolation, file, line)
        return Signal(name: SignalDebugNames.name("[\(self.name)] -initially:")) { subscriber in
            site?.check("action")
            action()
            self.subscribe(subscriber)
            return nil
        }
    }
}
