// then: once the receiver completes, continues with the signal a block returns.

extension Signal {
    /// RAC: `-then:`. Ignores this signal's values; once it completes, subscribes to the signal
    /// `block` returns (called only then) and forwards its events. An error is forwarded and
    /// `block` is never called.
    ///
    /// ```
    /// self:     -a-b-|
    /// block():       c-d|
    /// then:     -----c-d|
    /// ```
    ///
    /// - Parameter block: Called once this signal completes (never if it fails); returns the signal
    ///   whose events are forwarded.
    /// - Returns: A signal that sends none of this signal's values, then the events of the signal
    ///   `block` returns; it fails with this signal's error, and otherwise ends when that signal does.
    ///
    /// ```swift
    /// let login = Signal<String, Never>(values: ["token received"])
    /// let inbox = login.then { Signal(values: ["message 1", "message 2"]) }   // fetched after login
    /// print(inbox.toArray())   // ["message 1", "message 2"]
    /// ```
    @inlinable
    public func then<NewValue>(
        _ block: @escaping () -> Signal<NewValue, Failure>
    ) -> Signal<NewValue, Failure> {
        Signal<NewValue, Failure>(name: SignalDebugNames.name("[\(self.name)] -then:")) { subscriber in
            let sourceSubscriber = Subscriber<Value, Failure> { event in
                switch event {
                case .next:
                    break
                case .error(let error):
                    subscriber.sendError(error)
                case .completed:
                    block().subscribe(subscriber)
                }
            }
            subscriber.link(sourceSubscriber)
            self.subscribe(sourceSubscriber)
            return nil
        }
    }
}
