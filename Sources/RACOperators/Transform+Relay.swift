extension Signal {
    /// Subscribes to this signal with one new subscriber whose events go to `handler`, and ties that
    /// subscription to `downstream` *before* subscribing. So a downstream terminal event sent while
    /// the source is still delivering synchronously (`take(1)` on a long synchronous signal) disposes
    /// the source at once, and disposing `downstream` disposes the source.
    ///
    /// Returns `nil`, so a creation closure can end with `return self.relay(into: subscriber) { … }`
    /// (the upstream subscription is already among `downstream`'s resources).
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
            downstream.locksOnSend
            ? Subscriber<Value, Failure>(handler)
            : Subscriber<Value, Failure>(handler, sharing: downstream.deliveryLock)
        downstream.add(upstream)
        subscribe(claiming: upstream)
        return nil
    }
}

extension Signal {
    /// As `relay(into:_:)`, for operators that end the subscription themselves (`take`, `any`,
    /// `tryMap` …): `handler` also receives the upstream subscriber, to dispose it *before* sending
    /// the terminal event downstream, as RAC does (`[selfDisposable dispose]` before completing).
    /// Then a callback of that terminal event that sends into the source again reaches nothing of
    /// the operator. Costs one small allocation per subscription (the upstream reference).
    @inlinable
    func relayStopping<DownstreamValue, DownstreamFailure>(
        into downstream: Subscriber<DownstreamValue, DownstreamFailure>,
        _ handler: @escaping (Event<Value, Failure>, _ upstream: Subscriber<Value, Failure>) -> Void
    ) -> (any Disposable)? {
        // The upstream's handler reaches the upstream through this variable: a cycle that the
        // subscriber breaks when it stops (it releases its handler on a terminal event or disposal).
        var reference: Subscriber<Value, Failure>?
        let upstreamHandler: (Event<Value, Failure>) -> Void = { event in
            if let upstream = reference {
                handler(event, upstream)
            }
        }
        let upstream =
            downstream.locksOnSend
            ? Subscriber<Value, Failure>(upstreamHandler)
            : Subscriber<Value, Failure>(upstreamHandler, sharing: downstream.deliveryLock)
        reference = upstream
        downstream.add(upstream)
        subscribe(claiming: upstream)
        return nil
    }

    /// `map(_:)` with the result named `name` (evaluated only when debug names are on): the
    /// mechanism of every operator that is a map in RAC (`-not`, `-and`, `-reduceApply` …).
    @inlinable
    func relayMap<NewValue>(
        named name: @autoclosure () -> String, _ transform: @escaping (Value) -> NewValue
    ) -> Signal<NewValue, Failure> {
        Signal<NewValue, Failure>(relayingNamed: SignalDebugNames.name(name())) { subscriber in
            self.relay(into: subscriber) { event in
                switch event {
                case .next(let value): subscriber.sendNext(transform(value))
                case .error(let failure): subscriber.sendError(failure)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
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
