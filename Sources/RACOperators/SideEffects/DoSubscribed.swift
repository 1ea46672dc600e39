// doSubscribed(_:): an action run at each subscription, just after the receiver has been
// subscribed (RxSwift's `do(onSubscribed:)`), beside `initially`, which runs before.

extension Signal {
    /// RAC: none (RxSwift `do(onSubscribed:)`). Runs `action()` at each subscription, just after
    /// subscribing to the receiver: once the receiver's subscription call has returned, so after
    /// whatever the receiver sent synchronously. `initially(_:)` (RxSwift `onSubscribe`) runs its
    /// action before subscribing.
    ///
    /// ```
    /// self:                   -a-|
    /// doSubscribed(ready):    -a-|        (ready() runs at subscription, after self is subscribed)
    /// ```
    ///
    /// RxSwift's order of calls for one subscription (its `Do.swift`): `onSubscribe`, then
    /// `onSubscribed` once the source's subscription call returns (after the events of a source
    /// that sends while it is subscribed, before those of one that sends later); each value's
    /// `onNext` and `afterNext` around its delivery, the terminal event's before- and
    /// after-actions around it; `onDispose` last, after the terminal event or at the disposal.
    /// This chain gives that order, for both kinds of source:
    ///
    /// ```
    /// source.initially(onSubscribe).doSubscribed(onSubscribed).doDisposed(onDispose)
    ///     .doNext(onNext).doAfterNext(afterNext).doCompleted(onCompleted).doAfterCompleted(afterCompleted)
    /// ```
    ///
    /// (`doDisposed(_:)` before the after-actions, so that it runs after them, as a stage ends its
    /// subscription once its delivery has returned; after `doSubscribed(_:)`, so that for a
    /// source that ends while it is subscribed it runs once that subscription has returned.)
    ///
    /// - Parameters:
    ///   - action: runs at each subscription, once this signal's subscription call has returned.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
    @inlinable
    public func doSubscribed(
        _ action: @escaping () -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        let site = callSite("doSubscribed(_:)", isolation, file, line)
        return Signal(name: SignalDebugNames.name("[\(self.name)] -doSubscribed:")) { subscriber in
            self.subscribe(subscriber)
            site?.check("action")
            action()
            return nil
        }
    }
}
