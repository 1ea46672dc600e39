// One object per subscription for the common single-source operators (`map`, `filter`, `scan`,
// `distinctUntilChanged`, `take`): it holds the operator's closure, its state and the downstream
// subscriber, and it is the upstream subscriber's stage (`SubscriptionStage`). A subscription of
// one of them allocates the upstream subscriber and this object, nothing else, where a closure
// capturing the same things would need its context and a box to hold it.

extension Signal {
    /// Subscribes to this signal with one new subscriber whose events go to `stage`, tied to
    /// `downstream` as `relay(into:_:)` ties its subscriber (a link, the upstream sharing the
    /// downstream's delivery lock if it is a claimed stage). Returns `nil`.
    @inlinable
    func relay<Stage: SubscriptionStage, DownstreamValue, DownstreamFailure>(
        into downstream: Subscriber<DownstreamValue, DownstreamFailure>, stage: Stage
    ) -> (any Disposable)? where Stage.Value == Value, Stage.Failure == Failure {
        let upstream = Subscriber<Value, Failure>(stage: stage, sharing: downstream.lockForUpstream)
        downstream.link(upstream)
        subscribe(claiming: upstream)
        return nil
    }

    /// `relay(into:stage:)` for a stage that also needs the upstream subscriber (to dispose it
    /// before it ends the subscription, as `relayStopping(into:_:)` does): the stage refers to it.
    @inlinable
    func relayEvents<Stage: UpstreamHoldingStage, DownstreamValue, DownstreamFailure>(
        into downstream: Subscriber<DownstreamValue, DownstreamFailure>, stage: Stage
    ) -> (any Disposable)? where Stage.Value == Value, Stage.Failure == Failure {
        let upstream = Subscriber<Value, Failure>(stage: stage, sharing: downstream.lockForUpstream)
        stage.upstream = Unmanaged.passUnretained(upstream)
        downstream.link(upstream)
        subscribe(claiming: upstream)
        return nil
    }
}

/// A subscription of `map(_:)`.
@usableFromInline
final class MapStage<Value, NewValue, Failure: Error>: SubscriptionStage {
    @usableFromInline let transform: (Value) -> NewValue
    @usableFromInline let downstream: Subscriber<NewValue, Failure>

    @inlinable
    init(_ transform: @escaping (Value) -> NewValue, _ downstream: Subscriber<NewValue, Failure>) {
        self.transform = transform
        self.downstream = downstream
    }

    @inlinable
    func receive(_ event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value): downstream.forwardNext(transform(value))
        case .error(let failure): downstream.forwardError(failure)
        case .completed: downstream.forwardCompleted()
        }
    }
}

/// A subscription of `filter(_:)`.
@usableFromInline
final class FilterStage<Value, Failure: Error>: SubscriptionStage {
    @usableFromInline let isIncluded: (Value) -> Bool
    @usableFromInline let downstream: Subscriber<Value, Failure>

    @inlinable
    init(_ isIncluded: @escaping (Value) -> Bool, _ downstream: Subscriber<Value, Failure>) {
        self.isIncluded = isIncluded
        self.downstream = downstream
    }

    @inlinable
    func receive(_ event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value):
            if isIncluded(value) { downstream.forwardNext(value) }
        case .error(let failure): downstream.forwardError(failure)
        case .completed: downstream.forwardCompleted()
        }
    }
}

/// A subscription of `map(transform).filter(isIncluded)`, fused into one stage (see
/// `Signal.fusingFilter(_:named:)`): each value is transformed, then tested.
@usableFromInline
final class MapFilterStage<Value, NewValue, Failure: Error>: SubscriptionStage {
    @usableFromInline let transform: (Value) -> NewValue
    @usableFromInline let isIncluded: (NewValue) -> Bool
    @usableFromInline let downstream: Subscriber<NewValue, Failure>

    @inlinable
    init(
        _ transform: @escaping (Value) -> NewValue, _ isIncluded: @escaping (NewValue) -> Bool,
        _ downstream: Subscriber<NewValue, Failure>
    ) {
        self.transform = transform
        self.isIncluded = isIncluded
        self.downstream = downstream
    }

    @inlinable
    func receive(_ event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value):
            let newValue = transform(value)
            if isIncluded(newValue) { downstream.forwardNext(newValue) }
        case .error(let failure): downstream.forwardError(failure)
        case .completed: downstream.forwardCompleted()
        }
    }
}

/// A stage that refers to its upstream subscriber, whose handler it is. The reference is not
/// retained (retaining it would make a cycle: the upstream holds the stage through its handler),
/// and it need not be: the stage reads it only in `receive`, which only the upstream calls, from
/// inside one of its deliveries, while it is alive.
@usableFromInline
protocol UpstreamHoldingStage<Value, Failure>: SubscriptionStage {
    /// Set once, before the upstream is subscribed; not retained (see the protocol's notes).
    var upstream: Unmanaged<Subscriber<Value, Failure>>? { get set }
}

/// A subscription of `scan(_:_:)`.
@usableFromInline
final class ScanStage<Value, Accumulation, Failure: Error>: SubscriptionStage {
    @usableFromInline let reduce: (Accumulation, Value) -> Accumulation
    @usableFromInline let downstream: Subscriber<Accumulation, Failure>
    /// The running accumulation, touched only inside the subscription's serialised deliveries.
    @exclusivity(unchecked) @usableFromInline var running: Accumulation

    @inlinable
    init(
        _ initial: Accumulation, _ reduce: @escaping (Accumulation, Value) -> Accumulation,
        _ downstream: Subscriber<Accumulation, Failure>
    ) {
        self.running = initial
        self.reduce = reduce
        self.downstream = downstream
    }

    @inlinable
    func receive(_ event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value):
            running = reduce(running, value)
            downstream.forwardNext(running)
        case .error(let failure): downstream.forwardError(failure)
        case .completed: downstream.forwardCompleted()
        }
    }
}

/// A subscription of `distinctUntilChanged(by:)`.
@usableFromInline
final class DistinctStage<Value, Failure: Error>: SubscriptionStage {
    @usableFromInline let isEquivalent: (Value, Value) -> Bool
    @usableFromInline let downstream: Subscriber<Value, Failure>
    /// The last value sent (none before the first), touched only inside the subscription's
    /// serialised deliveries. An array of at most one value rather than an optional: the stage's
    /// `deinit` runs unspecialised, and destroying a `Value?` there looks up the metadata of
    /// `Optional<Value>` (≈ 300 instructions per subscription); an array is released without it.
    @exclusivity(unchecked) @usableFromInline var previous: [Value] = []

    @inlinable
    init(_ isEquivalent: @escaping (Value, Value) -> Bool, _ downstream: Subscriber<Value, Failure>) {
        self.isEquivalent = isEquivalent
        self.downstream = downstream
    }

    @inlinable
    func receive(_ event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value):
            if let last = previous.first {
                if isEquivalent(last, value) { return }
                previous[0] = value
            } else {
                previous.append(value)
            }
            downstream.forwardNext(value)
        case .error(let failure): downstream.forwardError(failure)
        case .completed: downstream.forwardCompleted()
        }
    }
}

/// A subscription of `take(_:)` (with a count above zero).
@usableFromInline
final class TakeStage<Value, Failure: Error>: UpstreamHoldingStage {
    @usableFromInline let count: Int
    @usableFromInline let downstream: Subscriber<Value, Failure>
    /// How many values were sent, touched only inside the subscription's serialised deliveries.
    @exclusivity(unchecked) @usableFromInline var taken = 0
    /// Not retained (see `UpstreamHoldingStage`).
    @exclusivity(unchecked) @usableFromInline var upstream: Unmanaged<Subscriber<Value, Failure>>?

    @inlinable
    init(_ count: Int, _ downstream: Subscriber<Value, Failure>) {
        self.count = count
        self.downstream = downstream
    }

    @inlinable
    func receive(_ event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value):
            // Counted before forwarding: a value sent back into the source from the downstream
            // callback (reentrancy) must not exceed the count.
            guard taken < count else { return }
            taken += 1
            downstream.forwardNext(value)
            if taken == count {
                // As RAC: the source is disposed before the completion is sent.
                upstream?._withUnsafeGuaranteedRef { $0.dispose() }
                downstream.forwardCompleted()
            }
        case .error(let failure): downstream.forwardError(failure)
        case .completed: downstream.forwardCompleted()
        }
    }
}
