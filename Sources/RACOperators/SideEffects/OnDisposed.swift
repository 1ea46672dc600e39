// doDisposed(_:): an action run once when a subscription ends, whatever ended it (unlike
// `finally`, which runs before a terminal event and never on disposal).

extension Signal {
    /// RAC: none (RxSwift `do(onDispose:)`, ReactiveSwift `on(disposed:)`; Combine's
    /// `handleEvents(receiveCancel:)` covers only the disposal half). Runs `action()` once when the
    /// subscription ends for any reason: *after* the terminal event has been forwarded, or when
    /// the subscriber disposes it (no terminal event then). The source's subscription is disposed
    /// first, so the action sees it gone. An action formed on an actor checks first that it runs
    /// on it (as `doNext(_:)`): end the subscription there.
    ///
    /// `finally(_:)` (RAC `-finally:`) differs: it runs *before* `|` or `#` is forwarded, and not
    /// at all on disposal.
    ///
    /// ```
    /// self:                -a-|    -a-#    -a-b-     (the last one disposed at frame 3)
    /// doDisposed(action):  -a-|    -a-#    -a-       action() runs after |, after #, and at the disposal
    /// finally(action):     -a-|    -a-#    -a-       action() runs before | and before #; not at the disposal
    /// ```
    ///
    /// - Parameters:
    ///   - action: runs once when the subscription ends: after the terminal event, or at the disposal.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
    @inlinable
    public func doDisposed(
        _ action: @escaping () -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        let site = callSite("doDisposed(_:)", isolation, file, line)
        return Signal(name: SignalDebugNames.name("[\(self.name)] -doDisposed:")) { subscriber in
            // Linked first, then the action: resources are disposed in the order they are added,
            // so the source is gone when the action runs. A source that ended synchronously has
            // stopped `subscriber` already; `add` then runs the action at once.
            _ = self.subscribe(linkedTo: subscriber) { event in subscriber.send(event) }
            if let site {
                subscriber.add {
                    site.check("action")
                    action()
                }
            } else {
                subscriber.add(action)
            }
            return nil
        }
    }
}
