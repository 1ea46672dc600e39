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
    ///
    /// - Parameters:
    ///   - action: runs at each subscription, before this signal is subscribed.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
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
