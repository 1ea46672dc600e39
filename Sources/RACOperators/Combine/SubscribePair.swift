// subscribePair: the wiring of the two inputs of combineLatest(with:) and zip(with:).
//
// Performance (see Docs/Performance.md): the state of every subscription is a `final` class whose
// per-event methods are `@inlinable`, so they are specialised in the caller's module; the inputs
// share the delivery lock of the downstream subscriber, so an event takes one lock.

extension Signal {
    /// Subscribes this signal and `other`, one subscriber each, feeding `left` and `right`; both
    /// subscriptions are linked to `downstream` (`Subscriber.link(_:)`: not held, as their handlers
    /// hold it), so its end or disposal ends them. The wiring shared by `combineLatest(with:)` and
    /// `zip(with:)`.
    ///
    /// Both subscribers share `downstream`'s delivery lock: an event takes it once, and `left` and
    /// `right` run under it, so they can update the operator's state and send without another lock
    /// (a signal made with `Signal(deliveringSeriallyNamed:)` may hand such a handler a claimed subscriber).
    @inlinable
    func subscribePair<Other, DownstreamValue>(
        with other: Signal<Other, Failure>,
        into downstream: Subscriber<DownstreamValue, Failure>,
        left: @escaping (Event<Value, Failure>) -> Void,
        right: @escaping (Event<Other, Failure>) -> Void
    ) {
        let leftSubscriber = Subscriber<Value, Failure>(left, sharing: downstream.deliveryLock)
        let rightSubscriber = Subscriber<Other, Failure>(right, sharing: downstream.deliveryLock)
        downstream.link(leftSubscriber)
        downstream.link(rightSubscriber)
        subscribe(claiming: leftSubscriber)
        other.subscribe(claiming: rightSubscriber)
    }
}
