// The stage subscribers of the common single-source operators (`map`, `filter`, `map` + `filter`
// fused, `scan`, `distinctUntilChanged`, `take`): one object per subscription of each (see
// `StageSubscriber`). Each `receive` runs inside the subscription's serialised deliveries and is
// called through `SubscriptionStage.dispatch`.

/// A subscription of `map(_:)`: sends `transform(value)` for each value.
///
/// ```
/// -1-2-|  →  -f(1)-f(2)-|
/// ```
@usableFromInline
package final class MapSubscriber<Value, NewValue, Failure: Error>:
    StageSubscriber<Value, Failure, NewValue, Failure>, SubscriptionStage, @unchecked Sendable
{
    @usableFromInline let transform: (Value) -> NewValue

    @inlinable
    package init(
        _ transform: @escaping (Value) -> NewValue, feeding downstream: Subscriber<NewValue, Failure>
    ) {
        self.transform = transform
        super.init(feeding: downstream, dispatch: MapSubscriber.dispatch)
    }

    @inlinable @inline(__always)
    package final func receive(_ event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value): emitNext(transform(value))
        case .error(let failure): emitError(failure)
        case .completed: emitCompleted()
        }
    }
}

/// A subscription of `filter(_:)`: sends the values for which `isIncluded` holds.
///
/// ```
/// -1-2-3-4-|  →  ---2---4-|
/// ```
@usableFromInline
package final class FilterSubscriber<Value, Failure: Error>:
    StageSubscriber<Value, Failure, Value, Failure>, SubscriptionStage, @unchecked Sendable
{
    @usableFromInline let isIncluded: (Value) -> Bool

    @inlinable
    package init(_ isIncluded: @escaping (Value) -> Bool, feeding downstream: Subscriber<Value, Failure>) {
        self.isIncluded = isIncluded
        super.init(feeding: downstream, dispatch: FilterSubscriber.dispatch)
    }

    @inlinable @inline(__always)
    package final func receive(_ event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value):
            if isIncluded(value) { emitNext(value) }
        case .error(let failure): emitError(failure)
        case .completed: emitCompleted()
        }
    }
}

/// A subscription of `map(transform).filter(isIncluded)`, fused into one stage (see
/// `Signal.fusingFilter(_:named:)`): each value is transformed, then tested.
///
/// ```
/// -1-2-|  →  f(1) sent if isIncluded(f(1)), then f(2) …
/// ```
@usableFromInline
package final class MapFilterSubscriber<Value, NewValue, Failure: Error>:
    StageSubscriber<Value, Failure, NewValue, Failure>, SubscriptionStage, @unchecked Sendable
{
    @usableFromInline let transform: (Value) -> NewValue
    @usableFromInline let isIncluded: (NewValue) -> Bool

    @inlinable
    package init(
        _ transform: @escaping (Value) -> NewValue, _ isIncluded: @escaping (NewValue) -> Bool,
        feeding downstream: Subscriber<NewValue, Failure>
    ) {
        self.transform = transform
        self.isIncluded = isIncluded
        super.init(feeding: downstream, dispatch: MapFilterSubscriber.dispatch)
    }

    @inlinable @inline(__always)
    package final func receive(_ event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value):
            let newValue = transform(value)
            if isIncluded(newValue) { emitNext(newValue) }
        case .error(let failure): emitError(failure)
        case .completed: emitCompleted()
        }
    }
}

/// A subscription of `scan(_:_:)`: sends each running accumulation.
///
/// ```
/// -1-2-3-|  →  -1-3-6-|     (scan(0, +))
/// ```
@usableFromInline
package final class ScanSubscriber<Value, Accumulation, Failure: Error>:
    StageSubscriber<Value, Failure, Accumulation, Failure>, SubscriptionStage, @unchecked Sendable
{
    @usableFromInline let reduce: (Accumulation, Value) -> Accumulation
    /// The start value, which `running` goes back to once the subscription has stopped.
    @usableFromInline let initial: Accumulation
    /// The running accumulation.
    @exclusivity(unchecked) @usableFromInline var running: Accumulation

    @inlinable
    package init(
        _ initial: Accumulation, _ reduce: @escaping (Accumulation, Value) -> Accumulation,
        feeding downstream: Subscriber<Accumulation, Failure>
    ) {
        self.initial = initial
        self.running = initial
        self.reduce = reduce
        super.init(feeding: downstream, dispatch: ScanSubscriber.dispatch)
    }

    @inlinable @inline(__always)
    package final func receive(_ event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value):
            running = reduce(running, value)
            emitNext(running)
        case .error(let failure): emitError(failure)
        case .completed: emitCompleted()
        }
    }

    /// Lets go of the accumulation too.
    override package func releaseStage() {
        super.releaseStage()
        running = initial
    }
}

/// A subscription of `distinctUntilChanged(by:)`: drops a value equivalent to the last one sent.
///
/// ```
/// -a-A-b-|  →  -a---b-|     (case-insensitive)
/// ```
@usableFromInline
package final class DistinctSubscriber<Value, Failure: Error>:
    StageSubscriber<Value, Failure, Value, Failure>, SubscriptionStage, @unchecked Sendable
{
    @usableFromInline let isEquivalent: (Value, Value) -> Bool
    /// The last value sent (none before the first). An array of at most one value rather than an
    /// optional: the `deinit` runs unspecialised, and destroying a `Value?` there looks up the
    /// metadata of `Optional<Value>` (≈ 300 instructions per subscription); an array is released
    /// without it.
    @exclusivity(unchecked) @usableFromInline var previous: [Value] = []

    @inlinable
    package init(
        _ isEquivalent: @escaping (Value, Value) -> Bool, feeding downstream: Subscriber<Value, Failure>
    ) {
        self.isEquivalent = isEquivalent
        super.init(feeding: downstream, dispatch: DistinctSubscriber.dispatch)
    }

    @inlinable @inline(__always)
    package final func receive(_ event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value):
            if let last = previous.first {
                if isEquivalent(last, value) { return }
                previous[0] = value
            } else {
                previous.append(value)
            }
            emitNext(value)
        case .error(let failure): emitError(failure)
        case .completed: emitCompleted()
        }
    }

    /// Lets go of the last value too.
    override package func releaseStage() {
        super.releaseStage()
        previous = []
    }
}

/// A subscription of `take(_:)` with a count above zero: sends the first `count` values, then
/// disposes itself (and so the source) and completes.
///
/// ```
/// -1-2-3-|  →  -1-(2|)     (take(2))
/// ```
@usableFromInline
package final class TakeSubscriber<Value, Failure: Error>:
    StageSubscriber<Value, Failure, Value, Failure>, SubscriptionStage, @unchecked Sendable
{
    @usableFromInline let count: Int
    /// How many values were sent.
    @exclusivity(unchecked) @usableFromInline var taken = 0

    @inlinable
    package init(_ count: Int, feeding downstream: Subscriber<Value, Failure>) {
        self.count = count
        super.init(feeding: downstream, dispatch: TakeSubscriber.dispatch)
    }

    @inlinable @inline(__always)
    package final func receive(_ event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value):
            // Counted before forwarding: a value sent back into the source from the downstream
            // callback (reentrancy) must not exceed the count.
            guard taken < count else { return }
            taken += 1
            emitNext(value)
            if taken == count {
                // As RAC: the source is disposed before the completion is sent.
                dispose()
                emitCompleted()
            }
        case .error(let failure): emitError(failure)
        case .completed: emitCompleted()
        }
    }
}
