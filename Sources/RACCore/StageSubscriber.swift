/// A subscriber that is also the stage of an operator (`map`, `filter`, `scan` …): the operator's
/// closure and state live in the subscriber that receives the upstream's events, so a subscription
/// of the operator allocates one object, not a subscriber and a stage. Its box is itself (see
/// `Subscriber.dispatch`): when it stops, it releases its downstream (`releaseStage()`) instead of
/// a handler.
///
/// RAC: none (the subscriber an operator's `-subscribeNext:error:completed:` made, with its blocks).
///
/// ```
/// upstream -1-2-|  →  [stage subscriber: f]  -f(1)-f(2)-|  →  downstream
/// ```
@usableFromInline
package class StageSubscriber<Value, Failure: Error, Output, OutputFailure: Error>: Subscriber<
    Value, Failure
>,
@unchecked Sendable
{
    /// The subscriber fed, retained by hand (released once this one has stopped, or through the
    /// `TeardownTrampoline` from `deinit`), so that a delivery reaches it without retaining it.
    /// Touched only inside this subscriber's deliveries and once it has stopped.
    @exclusivity(unchecked) @usableFromInline final var downstream:
        Unmanaged<Subscriber<Output, OutputFailure>>?

    /// A stage feeding `downstream`, sharing its delivery lock if it is a claimed stage. `dispatch`
    /// calls the concrete stage's `receive` (a closure that captures nothing).
    @inlinable
    package init(
        feeding downstream: Subscriber<Output, OutputFailure>,
        dispatch: @escaping (AnyObject, UnsafeMutableRawPointer) -> Void
    ) {
        self.downstream = .passRetained(downstream)
        super.init(stageSharing: downstream.lockForUpstream, dispatch: dispatch)
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

    /// Releases the downstream. Stages that keep values from the events (`scan`'s accumulation,
    /// `distinctUntilChanged`'s last value) let go of them too, as the operator's blocks were
    /// released in RAC.
    override package func releaseStage() {
        let released = downstream
        downstream = nil
        released?.release()
    }

    /// Sends `event` to the downstream (see `Subscriber.forward(_:)`).
    @inlinable @inline(__always)
    package final func emit(_ event: Event<Output, OutputFailure>) {
        downstream.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.forward(event) }
    }

    /// `emit(_:)` of a value.
    @inlinable @inline(__always)
    package final func emitNext(_ value: Output) {
        emit(.next(value))
    }

    /// `emit(_:)` of an error.
    @inlinable @inline(__always)
    package final func emitError(_ error: OutputFailure) {
        emit(.error(error))
    }

    /// `emit(_:)` of the completion.
    @inlinable @inline(__always)
    package final func emitCompleted() {
        emit(.completed)
    }
}
