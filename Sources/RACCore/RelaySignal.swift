/// The signal of a single-source operator (`map`, `filter`, `scan`, `take` …): it keeps its
/// upstream signal and the operator's argument (the `payload`: a transform, a predicate, a count …)
/// in fields of its own, and `start`, a closure that captures nothing, subscribes each new
/// subscriber through them. One allocation per operator applied, where a `Signal` whose creation
/// closure captured the same two things took two (the signal and the closure's context).
///
/// RAC: none (the `RACDynamicSignal` its operators return). As any signal it subscribes through the
/// `SubscriptionTrampoline` (`Signal.subscribe`). One relay in every `checkpointInterval` of a
/// chain releases its upstream through the `TeardownTrampoline`, so that dropping the head of a
/// chain of a million operators does not nest a million `deinit`s, and puts a `DeliveryCheckpoint`
/// in front of its subscriber, so that an event travelling down a chain of a hundred thousand of
/// them does not nest a hundred thousand deliveries either.
///
/// ```
/// self.map(f):   RelaySignal(upstream: self, payload: f) { upstream, f, subscriber in … }
/// ```
@usableFromInline
package final class RelaySignal<UpstreamValue, UpstreamFailure: Error, Payload, Value, Failure: Error>:
    Signal<Value, Failure>, @unchecked Sendable
{
    /// Subscribes one subscriber of the operator to `upstream`, with the operator's `payload`.
    @usableFromInline package typealias Start = (
        _ upstream: Signal<UpstreamValue, UpstreamFailure>, _ payload: Payload,
        _ subscriber: Subscriber<Value, Failure>
    ) -> (any Disposable)?

    /// Makes the signal of `filter(isIncluded)` applied to a relay, called `name`, as one stage
    /// over the relay's upstream (see `Signal.fusingFilter(_:named:)`): given that upstream and
    /// the relay's payload.
    @usableFromInline package typealias FilterFusion = (
        _ upstream: Signal<UpstreamValue, UpstreamFailure>, _ payload: Payload,
        _ isIncluded: @escaping (Value) -> Bool, _ name: String
    ) -> Signal<Value, Failure>

    /// How many relays of a chain there are for each `DeliveryCheckpoint`. Costs a delivery one
    /// thread-local look-up per this many stages; chains shorter than this have no checkpoint.
    package static var checkpointInterval: UInt32 { 64 }

    /// The upstream signal, retained by hand (released in `deinit`), so that a subscription reads
    /// it without retaining it.
    @usableFromInline let upstream: Unmanaged<Signal<UpstreamValue, UpstreamFailure>>
    /// The operator's argument.
    @usableFromInline let payload: Payload
    /// Subscribes each new subscriber.
    @usableFromInline let start: Start
    /// Fuses a `filter` applied to this relay into its stage, for the operators that can (`map`).
    @usableFromInline let filterFusion: FilterFusion?

    /// The signal of an operator applied to `upstream`, called `name` (see `SignalDebugNames`).
    /// With `deliversSerially` (the default), `start` sends to its subscriber only from inside the
    /// deliveries of one upstream subscription made with `relay(into:_:)` and its kind, as for
    /// `Signal(relayingNamed:_:)`. `start` should capture nothing: the payload is its context.
    /// With `filterFusion`, a `filter` applied to the result becomes one stage with this one.
    @inlinable
    package init(
        _ upstream: Signal<UpstreamValue, UpstreamFailure>, _ payload: Payload, named name: String,
        deliversSerially: Bool = true, fusingFilter filterFusion: FilterFusion? = nil,
        _ start: @escaping Start
    ) {
        self.upstream = .passRetained(upstream)
        self.payload = payload
        self.start = start
        self.filterFusion = filterFusion
        super.init(
            subclassNamed: name, deliversSerially: deliversSerially,
            relayDepth: upstream.relayDepth == .max ? .max : upstream.relayDepth + 1)
    }

    /// Whether this relay is one of every `checkpointInterval` of a chain.
    private var isCheckpoint: Bool {
        relayDepth % Self.checkpointInterval == 0
    }

    /// Releases the upstream: at once, but through the `TeardownTrampoline` at a checkpoint, where
    /// it is queued if a teardown is in progress on this thread. So releasing a long chain nests at
    /// most two stretches between checkpoints, and a short one does not look at the trampoline.
    deinit {
        guard isCheckpoint else {
            upstream.release()
            return
        }
        if let frame = TeardownTrampoline.enter(nestingAtMost: 1) {
            upstream.release()
            TeardownTrampoline.leave(frame)
        } else {
            TeardownTrampoline.release(Unmanaged.fromOpaque(upstream.toOpaque()), nestingAtMost: 1)
        }
    }

    /// An operator's signal prints as a `Signal`: its class and payload are details.
    override package var typeDescription: String {
        "\(Signal<Value, Failure>.self)"
    }

    /// The fused `filter`, if this relay's operator made a `filterFusion`.
    override package func fusingFilter(
        _ isIncluded: @escaping (Value) -> Bool, named name: String
    ) -> Signal<Value, Failure>? {
        guard let filterFusion else { return nil }
        return upstream._withUnsafeGuaranteedRef { filterFusion($0, payload, isIncluded, name) }
    }

    /// Runs `start` for `subscriber`, behind a `DeliveryCheckpoint` if this relay is a checkpoint.
    override func create(for subscriber: Subscriber<Value, Failure>) -> (any Disposable)? {
        if isCheckpoint {
            let gate = DeliveryCheckpoint.interpose(before: subscriber)
            return upstream._withUnsafeGuaranteedRef { start($0, payload, gate) }
        }
        return upstream._withUnsafeGuaranteedRef { start($0, payload, subscriber) }
    }
}

extension Signal {
    /// A `RelaySignal` over this signal: the signal of a single-source operator whose argument is
    /// `payload`. `start` (which should capture nothing) subscribes each subscriber of the result,
    /// given this signal and `payload`.
    ///
    /// ```
    /// relaying(transform, named: name) { upstream, transform, subscriber in
    ///     upstream.relay(into: subscriber) { … subscriber.sendNext(transform(value)) … }
    /// }
    /// ```
    @inlinable
    package func relaying<Payload, NewValue, NewFailure>(
        _ payload: Payload, named name: String, deliversSerially: Bool = true,
        fusingFilter filterFusion: RelaySignal<Value, Failure, Payload, NewValue, NewFailure>.FilterFusion? =
            nil,
        _ start: @escaping RelaySignal<Value, Failure, Payload, NewValue, NewFailure>.Start
    ) -> Signal<NewValue, NewFailure> {
        RelaySignal(
            self, payload, named: name, deliversSerially: deliversSerially, fusingFilter: filterFusion, start)
    }
}
