// The stages of filter (and map + filter fused), distinctUntilChanged and take, until each moves
// into its operator's file.

/// A subscription of `filter(_:)`: sends the values for which `isIncluded` holds.
///
/// ```
/// -1-2-3-4-|  →  ---2---4-|
/// ```
@usableFromInline
final class FilterStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let isIncluded: (Value) -> Bool

    @inlinable
    init(_ arguments: Predicate<Value>, feeding downstream: Subscriber<Value, Failure>) {
        self.isIncluded = arguments.test
        super.init(feeding: downstream, as: FilterStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        if isIncluded(value) { emitNext(value) }
    }
}

/// A subscription of `distinctUntilChanged(by:)`: drops a value equivalent to the last one sent.
///
/// ```
/// -a-A-b-|  →  -a---b-|     (case-insensitive)
/// ```
@usableFromInline
final class DistinctStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let isEquivalent: (Value, Value) -> Bool
    /// The last value sent (none before the first).
    // An array of at most one value rather than an optional: the `deinit` runs unspecialised, and
    // destroying a `Value?` there looks up the metadata of `Optional<Value>` (Docs/Performance.md).
    @exclusivity(unchecked) @usableFromInline var previous: [Value] = []

    @inlinable
    init(_ arguments: Equivalence<Value>, feeding downstream: Subscriber<Value, Failure>) {
        self.isEquivalent = arguments.isEquivalent
        super.init(feeding: downstream, as: DistinctStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        if let last = previous.first {
            if isEquivalent(last, value) { return }
            previous[0] = value
        } else {
            previous.append(value)
        }
        emitNext(value)
    }

    /// Lets go of the last value.
    @inlinable
    func releaseState() {
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
final class TakeStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let count: Int
    /// How many values were sent.
    @exclusivity(unchecked) @usableFromInline var taken = 0

    @inlinable
    init(_ count: Int, feeding downstream: Subscriber<Value, Failure>) {
        self.count = count
        super.init(feeding: downstream, as: TakeStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
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
    }
}

/// A subscription of `map(transform).filter(isIncluded)`, fused into one stage: each value is
/// transformed, then tested.
///
/// ```
/// -1-2-|  →  f(1) sent if isIncluded(f(1)), then f(2) …
/// ```
@usableFromInline
final class MapFilterStage<Value, NewValue, Failure: Error>:
    OperatorStage<Value, Failure, NewValue, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let transform: (Value) -> NewValue
    @usableFromInline let isIncluded: (NewValue) -> Bool

    @inlinable
    init(_ arguments: RelayMapFilter<Value, NewValue>, feeding downstream: Subscriber<NewValue, Failure>) {
        self.transform = arguments.transform
        self.isIncluded = arguments.isIncluded
        super.init(feeding: downstream, as: MapFilterStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        let newValue = transform(value)
        if isIncluded(newValue) { emitNext(newValue) }
    }
}

extension Signal {
    /// The fusion of `map(transform)` and a `filter(isIncluded)` applied to it: one stage over the
    /// map's upstream (`MapFilterStage`).
    ///
    /// ```
    /// upstream.map(f).filter(p):   -1-2-|  →  f(1) if p(f(1)), f(2) if p(f(2)), |
    /// ```
    @inlinable
    static func mapFilter<Upstream>(
        _ upstream: Signal<Upstream, Failure>, _ transform: @escaping (Upstream) -> Value,
        _ isIncluded: @escaping (Value) -> Bool, named name: String
    ) -> Signal<Value, Failure> {
        upstream.lift(MapFilterStage.self, RelayMapFilter(transform, isIncluded), named: name)
    }
}
