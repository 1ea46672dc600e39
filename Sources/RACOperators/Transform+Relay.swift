extension Signal {
    /// Subscribes to this signal with one new subscriber whose events go to `handler`, and ties that
    /// subscription to `downstream` *before* subscribing. So a downstream terminal event sent while
    /// the source is still delivering synchronously (`take(1)` on a long synchronous signal) disposes
    /// the source at once, and disposing `downstream` disposes the source.
    ///
    /// The tie is a link (`Subscriber.link(_:)`): `downstream` does not keep the upstream
    /// subscriber alive, whose handler holds `downstream`. So the chain is held from the source
    /// down only, and a source released without ending (a subject no one completes) releases it.
    ///
    /// Returns `nil`, so a creation closure can end with `return self.relay(into: subscriber) { … }`
    /// (the upstream subscription is already linked to `downstream`).
    ///
    /// When `downstream` is a claimed stage (the creation closure of a signal made with
    /// `Signal(relayingNamed:)` running for a subscriber the framework made), the upstream
    /// subscriber shares its delivery lock: it takes that lock for each event and `handler` runs
    /// under it, so the downstream stage need not lock again (see `Subscriber`).
    @inlinable
    func relay<DownstreamValue, DownstreamFailure>(
        into downstream: Subscriber<DownstreamValue, DownstreamFailure>,
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

extension Signal {
    /// As `relay(into:_:)`, for operators that end the subscription themselves (`any`, `tryMap`,
    /// `dematerialize` …): `handler` also receives the upstream subscriber, to dispose it *before* sending
    /// the terminal event downstream, as RAC does (`[selfDisposable dispose]` before completing).
    /// Then a callback of that terminal event that sends into the source again reaches nothing of
    /// the operator. Costs one small allocation per subscription (a `StoppingRelay`).
    @inlinable
    func relayStopping<DownstreamValue, DownstreamFailure>(
        into downstream: Subscriber<DownstreamValue, DownstreamFailure>,
        _ handler: @escaping (Event<Value, Failure>, _ upstream: Subscriber<Value, Failure>) -> Void
    ) -> (any Disposable)? {
        let relay = StoppingRelay(handler)
        let upstream = Subscriber<Value, Failure>(stage: relay, sharing: downstream.lockForUpstream)
        relay.upstream = Unmanaged.passUnretained(upstream)
        downstream.link(upstream)
        subscribe(claiming: upstream)
        return nil
    }

    /// `map(_:)` with the result named `name` (evaluated only when debug names are on): the
    /// mechanism of every operator that is a map in RAC (`-not`, `-and`, `-reduceApply` …).
    @inlinable
    func relayMap<NewValue>(
        named name: @autoclosure () -> String, _ transform: @escaping (Value) -> NewValue
    ) -> Signal<NewValue, Failure> {
        mapping(named: name(), transform)
    }
}

/// The mutable state of one subscription of an operator (a running total, a counter), touched only
/// inside that subscription's serialised deliveries. A captured `var` would do, but Swift checks
/// every access to one at run time for exclusivity; this box opts out of that check.
@usableFromInline
final class OperatorState<State> {
    @exclusivity(unchecked) @usableFromInline var value: State

    @usableFromInline
    init(_ value: State) {
        self.value = value
    }
}

/// The handler of `relayStopping(into:_:)` and the upstream subscriber it is given. The upstream
/// holds this relay as its stage; this relay refers to the upstream without retaining it
/// (retaining it would make a cycle), and need not: it reads it only in `receive`, which only
/// the upstream calls, from inside one of its deliveries, while it is alive.
@usableFromInline
final class StoppingRelay<Value, Failure: Error>: SubscriptionStage {
    @usableFromInline let handler: (Event<Value, Failure>, Subscriber<Value, Failure>) -> Void
    /// Set once, before the upstream is subscribed; not retained (see the type's notes).
    @exclusivity(unchecked) @usableFromInline var upstream: Unmanaged<Subscriber<Value, Failure>>?

    @inlinable
    init(_ handler: @escaping (Event<Value, Failure>, Subscriber<Value, Failure>) -> Void) {
        self.handler = handler
    }

    /// Passes `event` and the upstream subscriber to the handler.
    @inlinable
    func receive(event: inout Event<Value, Failure>) {
        upstream?._withUnsafeGuaranteedRef { handler(event, $0) }
    }
}
