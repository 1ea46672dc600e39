/// An operator stage: the per-subscription object of a single-source operator (`map`, `filter`,
/// `take` …), a subscriber of the operator's source that is its own stage, holding the operator's
/// closure and state and the subscriber it feeds (`downstream`). An operator defines a final
/// subclass that implements `receive(_:)` (`LiftableStage`) and forwards with `emitNext(_:)`;
/// errors and completion are forwarded unchanged unless it implements `receive(error:)` or
/// `receiveCompleted()`.
///
/// RAC: none (the subscriber an operator's `-subscribeNext:error:completed:` made, with its blocks).
///
/// ```
/// upstream -1-2-|  →  [stage: f]  -f(1)-f(2)-|  →  downstream
/// ```
///
/// A stage receives its events one at a time and never after a terminal event. It may dispose
/// itself (which disposes its upstream subscription) before emitting a terminal event, as `take`
/// does. `open` only for RACOperators' stages: its initialiser is not public, so applications
/// neither make nor subclass one.
open class OperatorStage<Value, Failure: Error, Output, OutputFailure: Error>: Subscriber<Value, Failure>,
    @unchecked Sendable
{
    // A stage receives its events under the delivery lock of the chain (Docs/Internals.md).

    /// The subscriber fed, retained by hand (released once this one has stopped, or through the
    /// `TeardownTrampoline` from `deinit`), so that a delivery reaches it without retaining it.
    /// Touched only inside this subscriber's deliveries and once it has stopped.
    @exclusivity(unchecked) @usableFromInline final var downstream:
        Unmanaged<Subscriber<Output, OutputFailure>>?

    /// A stage of type `Concrete` (the subclass being made) feeding `downstream`. It shares the
    /// downstream's delivery lock if the downstream is a claimed subscriber.
    @inlinable
    package init<Concrete: SubscriptionStage>(
        feeding downstream: Subscriber<Output, OutputFailure>, as concrete: Concrete.Type
    ) where Concrete.Value == Value, Concrete.Failure == Failure {
        self.downstream = .passRetained(downstream)
        super.init(beingItsOwnStageSharing: downstream.lockForUpstream, dispatch: Concrete.dispatch)
        assert(type(of: self) == concrete, "OperatorStage.init: \(concrete) is not \(type(of: self))")
    }

    /// A stage of type `Concrete` feeding `downstream`, whose deliveries are serialised by `lock`
    /// (its own lock if `nil`). The inner subscribers of a higher-order operator share the
    /// downstream's delivery lock this way (`InnerSubscriber`), so that an inner signal costs no
    /// lock of its own.
    @inlinable
    package init<Concrete: SubscriptionStage>(
        feeding downstream: Subscriber<Output, OutputFailure>, as _: Concrete.Type,
        sharing lock: RecursiveLock?
    ) where Concrete.Value == Value, Concrete.Failure == Failure {
        self.downstream = .passRetained(downstream)
        super.init(beingItsOwnStageSharing: lock, dispatch: Concrete.dispatch)
        assert(
            type(of: self) == Concrete.self, "OperatorStage.init: \(Concrete.self) is not \(type(of: self))")
    }

    /// If this stage never stopped: hands its resources to its downstream (its heir, see
    /// `Subscriber.setHeir(_:)`; a stage keeps no `heir` of its own), then the downstream to the
    /// `TeardownTrampoline`, so that releasing the head of a long chain does not nest a `deinit`
    /// per stage.
    deinit {
        guard let downstream else { return }
        if !resourcesDisposed {
            bequeathResources(to: downstream.takeUnretainedValue())
        }
        TeardownTrampoline.release(Unmanaged<AnyObject>.fromOpaque(downstream.toOpaque()))
    }

    /// Releases the downstream and lets the concrete stage release its state (`releaseState()`),
    /// as the operator's blocks were released in RAC.
    override package final func releaseOwnStage() {
        let released = downstream
        downstream = nil
        released?.release()
        dispatch(self, nil)
    }

    /// Sends `event` to the downstream (see `Subscriber.forward(_:)`).
    @inlinable @inline(__always)
    package final func emit(_ event: Event<Output, OutputFailure>) {
        downstream.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.forward(event) }
    }

    /// Sends a value to the downstream.
    @inlinable @inline(__always)
    package final func emitNext(_ value: Output) {
        emit(.next(value))
    }

    /// Sends an error to the downstream.
    @inlinable @inline(__always)
    package final func emitError(_ error: OutputFailure) {
        emit(.error(error))
    }

    /// Sends the completion to the downstream.
    @inlinable @inline(__always)
    package final func emitCompleted() {
        emit(.completed)
    }

    /// Whether the downstream has stopped (or been let go of): a stage sending several values in
    /// one go (`takeLast`) stops when it has.
    @inlinable
    package final var downstreamIsDisposed: Bool {
        downstream?._withUnsafeGuaranteedRef { $0.isDisposed } ?? true
    }
}
