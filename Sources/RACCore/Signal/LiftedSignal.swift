/// The signal of a single-source operator (`map`, `filter`, `take` …): it keeps its upstream
/// signal and the operator's arguments, and each subscription makes the operator's stage for the
/// new subscriber and subscribes it upstream. Made with `Signal.lift(_:_:named:)`.
///
/// RAC: none (the `RACDynamicSignal` its operators return). As any signal it subscribes through the
/// `SubscriptionTrampoline` (`Signal.subscribe`). One lifted signal in every `checkpointInterval`
/// of a chain releases its upstream through the `TeardownTrampoline` and puts a
/// `DeliveryCheckpoint` in front of its subscriber, so that a chain of a million operators neither
/// nests a million `deinit`s when it is dropped nor a million calls when a value travels down it.
///
/// ```
/// upstream.filter(p):   LiftedSignal(upstream, arguments: p) → each subscriber gets a FilterStage
/// ```
@usableFromInline
package final class LiftedSignal<UpstreamValue, UpstreamFailure: Error, Arguments, Value, Failure: Error>:
    Signal<Value, Failure>, @unchecked Sendable
{
    /// Subscribes one subscriber of the operator to `upstream`, given the operator's arguments.
    // It captures nothing (`lift` makes it where the types are known): the arguments are its
    // context, so that applying an operator allocates one object (Docs/Performance.md, item 12).
    @usableFromInline package typealias Start = (
        _ upstream: Signal<UpstreamValue, UpstreamFailure>, _ arguments: Arguments,
        _ subscriber: Subscriber<Value, Failure>
    ) -> (any Disposable)?

    /// Makes the signal of the operator that `following` describes, applied to this signal and
    /// called `name`, as one stage over this signal's upstream, given that upstream and this
    /// signal's arguments; or returns `nil` if it does not take that operator (see
    /// `Signal.fusing(_:named:)`).
    @usableFromInline package typealias Fusion = (
        _ upstream: Signal<UpstreamValue, UpstreamFailure>, _ arguments: Arguments,
        _ following: FusionRequest, _ name: String
    ) -> Signal<Value, Failure>?

    /// How many lifted signals of a chain there are for each `DeliveryCheckpoint`. Costs a delivery
    /// one thread-local look-up per this many stages; chains shorter than this have no checkpoint.
    package static var checkpointInterval: UInt32 { 64 }

    /// The upstream signal, retained by hand (released in `deinit`).
    @usableFromInline let upstream: Unmanaged<Signal<UpstreamValue, UpstreamFailure>>
    /// The operator's arguments.
    @usableFromInline let arguments: Arguments
    /// Subscribes each new subscriber.
    @usableFromInline let start: Start
    /// Fuses an operator applied to this signal into its stage, for the operators that offer it.
    @usableFromInline let fusion: Fusion?
    /// The operator's method (`map(_:)`): what a `SubscriberWatch` calls the stages it makes.
    @usableFromInline let operatorName: StaticString

    /// The signal of an operator applied to `upstream`, called `name` (see `SignalDebugNames`),
    /// made by the method `operatorName`. With `deliversSerially` (the default), `start` sends to
    /// its subscriber only from inside the deliveries of one upstream subscription, as for
    /// `Signal(deliveringSeriallyNamed:_:)`.
    @inlinable
    package init(
        _ upstream: Signal<UpstreamValue, UpstreamFailure>, _ arguments: Arguments, named name: String,
        deliversSerially: Bool = true, fusing fusion: Fusion? = nil,
        operatorName: StaticString, _ start: @escaping Start
    ) {
        self.upstream = .passRetained(upstream)
        self.arguments = arguments
        self.start = start
        self.fusion = fusion
        self.operatorName = operatorName
        super.init(
            subclassNamed: name, deliversSerially: deliversSerially,
            liftDepth: upstream.liftDepth == .max ? .max : upstream.liftDepth + 1)
    }

    /// Whether this signal is one of every `checkpointInterval` of a chain.
    private var isCheckpoint: Bool {
        liftDepth % Self.checkpointInterval == 0
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

    /// The operator's method, as a `SubscriberWatch` names the stages it makes.
    override package var watchName: String {
        "\(operatorName)"
    }

    /// An operator's signal prints as a `Signal`: its class and arguments are details.
    override package var typeDescription: String {
        "\(Signal<Value, Failure>.self)"
    }

    /// The operator `following` describes, fused into this signal's stage, if `fusion` takes it.
    override package func fusing(_ following: FusionRequest, named name: String) -> Signal<Value, Failure>? {
        guard let fusion else { return nil }
        return upstream._withUnsafeGuaranteedRef { fusion($0, arguments, following, name) }
    }

    /// Runs `start` for `subscriber`, behind a `DeliveryCheckpoint` if this signal is a checkpoint.
    override func create(for subscriber: Subscriber<Value, Failure>) -> (any Disposable)? {
        let downstream = isCheckpoint ? DeliveryCheckpoint.interpose(before: subscriber) : subscriber
        return upstream._withUnsafeGuaranteedRef { start($0, arguments, downstream) }
    }
}

/// An operator stage that `Signal.lift(_:_:named:)` can make: a final `OperatorStage` subclass
/// made from the operator's arguments and the subscriber it feeds, which handles each value in
/// `receive(_:)`. Errors and completion pass through unless it implements `receive(error:)` or
/// `receiveCompleted()`; values pass through too if it keeps their type and does not implement
/// `receive(_:)` (a stage that acts only on errors or completion).
///
/// ```
/// lift(FilterStage.self, isIncluded)   →   FilterStage(isIncluded, feeding: subscriber)
/// ```
@usableFromInline
package protocol LiftableStage<Value, Failure, Output, OutputFailure>: SubscriptionStage {
    /// What the operator was called with (a closure, a count …), kept by its signal.
    associatedtype Arguments
    associatedtype Output
    associatedtype OutputFailure: Error

    /// One subscription's stage, feeding `downstream`.
    init(_ arguments: Arguments, feeding downstream: Subscriber<Output, OutputFailure>)
    /// Handles one value.
    func receive(_ value: Value)
    /// Handles the error that ends the subscription.
    func receive(error: Failure)
    /// Handles the completion that ends the subscription.
    func receiveCompleted()
    /// Sends a value downstream (`OperatorStage` has it).
    func emitNext(_ value: Output)
    /// Sends an error downstream (`OperatorStage` has it).
    func emitError(_ error: OutputFailure)
    /// Sends the completion downstream (`OperatorStage` has it).
    func emitCompleted()
}

extension LiftableStage {
    /// Passes the completion through.
    @inlinable
    package func receiveCompleted() {
        emitCompleted()
    }
}

extension LiftableStage where Value == Output {
    /// Passes the value through (for a stage that acts only on errors or completion).
    @inlinable
    package func receive(_ value: Value) {
        emitNext(value)
    }
}

extension LiftableStage where Failure == OutputFailure {
    /// Passes the error through.
    @inlinable
    package func receive(error: Failure) {
        emitError(error)
    }
}

extension LiftableStage {
    /// Hands a value to `receive(_:)`, an error to `receive(error:)`, the completion to
    /// `receiveCompleted()`.
    @inlinable @inline(__always)
    package func receive(event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value): receive(value)
        case .error(let failure): receive(error: failure)
        case .completed: receiveCompleted()
        }
    }
}

extension Signal {
    /// The signal of a single-source operator whose per-subscription stage is a `Stage` made from
    /// `arguments`: each subscriber of the result gets a new stage, subscribed to this signal.
    /// `name` is the result's debug name; `function`, the operator's method, names its stages in a
    /// `SubscriberWatch` (a helper that lifts for several operators passes its caller's).
    ///
    /// ```
    /// self:                              -1-2-3-4-|
    /// lift(FilterStage.self, isEven):    ---2---4-|
    /// ```
    @inlinable
    package func lift<Stage: LiftableStage, Output, OutputFailure>(
        _: Stage.Type, _ arguments: Stage.Arguments, named name: String,
        fusing fusion: LiftedSignal<Value, Failure, Stage.Arguments, Output, OutputFailure>.Fusion? = nil,
        function: StaticString = #function
    ) -> Signal<Output, OutputFailure>
    where
        Stage: OperatorStage<Value, Failure, Output, OutputFailure>, Stage.Output == Output,
        Stage.OutputFailure == OutputFailure
    {
        LiftedSignal(self, arguments, named: name, fusing: fusion, operatorName: function) {
            upstream, arguments, downstream in
            let stage = Stage(arguments, feeding: downstream)
            // Linked, not held: the stage holds its downstream, and the chain is held from its
            // source down (Docs/Internals.md, "Who holds whom").
            downstream.link(state: stage)
            upstream.subscribe(claiming: stage)
            return nil
        }
    }
}

/// The description of an operator applied to a `LiftedSignal` that asks to run in that signal's
/// stage (`Signal.fusing(_:named:)`), as the signal's fusion receives it: the description's type
/// and address, valid during the call. RACCore only carries it; the fusion reads it as the type
/// it expects, or declines. (Comparing type identities costs a few instructions where a dynamic
/// cast from `Any` cost about 570 per operator application: Docs/Performance.md, item 20.)
///
/// ```
/// filter(p) on map(f)'s signal:  FusionRequest(&Predicate(p))  →  fusion reads a Predicate → one stage
/// ```
@usableFromInline
package struct FusionRequest {
    @usableFromInline let type: ObjectIdentifier
    @usableFromInline let address: UnsafeRawPointer

    /// The request for the description at `description`.
    @inlinable
    package init<Description>(_ description: UnsafePointer<Description>) {
        type = ObjectIdentifier(Description.self)
        address = UnsafeRawPointer(description)
    }

    /// A copy of the description if it is a `Description`, or `nil`.
    @inlinable
    package func description<Description>(as _: Description.Type) -> Description? {
        guard type == ObjectIdentifier(Description.self) else { return nil }
        return address.assumingMemoryBound(to: Description.self).pointee
    }
}
