// The subscription of an operator whose events do not all come from inside its upstream's
// deliveries (`deliver(on:)`, `throttle`, `delay`, `buffer(for:)`: their scheduler sends later),
// so that its handler is a closure with its own state and locking rather than an `OperatorStage`.

extension Signal {
    /// Subscribes to this signal with one new subscriber whose events go to `handler`, linked to
    /// `downstream` *before* subscribing: a terminal event of `downstream` sent while the source is
    /// still delivering synchronously disposes the source at once, and disposing `downstream`
    /// disposes the source.
    ///
    /// The tie is a link (`Subscriber.link(_:)`): `downstream` does not keep the upstream
    /// subscriber alive, whose handler holds `downstream`; the chain is held from its source down
    /// (Docs/Internals.md, "Who holds whom"). Returns `nil`, so a creation closure can end with
    /// `return self.subscribe(linkedTo: subscriber) { … }`.
    ///
    /// ```
    /// self:              -1-2-|
    /// handler sees:      .next(1) .next(2) .completed
    /// ```
    @inlinable
    func subscribe<DownstreamValue, DownstreamFailure>(
        linkedTo downstream: Subscriber<DownstreamValue, DownstreamFailure>,
        _ handler: @escaping (Event<Value, Failure>) -> Void
    ) -> (any Disposable)? {
        let upstream =
            if let lock = downstream.lockForUpstream {
                Subscriber<Value, Failure>(handler, sharing: lock)
            } else {
                Subscriber<Value, Failure>(handler)
            }
        downstream.link(upstream)
        subscribe(claiming: upstream)
        return nil
    }
}
