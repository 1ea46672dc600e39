// filter(_:) and its stage, with the fusion of map(_:) and filter(_:) (MapFilterStage): `map`
// offers `fusedAfterMap` as its signal's fusion, and `filter` asks for it with its `Predicate`
// (RACCore's `Signal.fusing(_:named:)` knows neither).

extension Signal {
    /// RAC: `-filter:`. Sends only the values for which `isIncluded` returns true.
    ///
    /// ```
    /// self:            -1-2-3-4-|
    /// filter(isEven):  ---2---4-|
    /// ```
    ///
    /// - Parameter isIncluded: Called with each value: `true` sends it, `false` drops it.
    /// - Returns: A signal of the values `isIncluded` accepts, in order, which completes or fails when
    ///   this signal does.
    ///
    /// ```swift
    /// let logLines = Signal<String, Never>(values: [
    ///     "INFO started", "ERROR disk full", "INFO idle", "ERROR timeout",
    /// ])
    /// let errors = logLines.filter { $0.hasPrefix("ERROR") }
    /// print(errors.toArray())   // ["ERROR disk full", "ERROR timeout"]
    /// ```
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
        let name = SignalDebugNames.name("[\(self.name)] -filter:")
        var predicate = Predicate(isIncluded)
        if let fused = withUnsafePointer(to: &predicate, { fusing(FusionRequest($0), named: name) }) {
            return fused
        }
        return lift(FilterStage.self, predicate, named: name)
    }
}

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
    init(_ arguments: MapFilter<Value, NewValue>, feeding downstream: Subscriber<NewValue, Failure>) {
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
    /// The fusion `map(_:)` offers the operator applied after it (`LiftedSignal.Fusion`): a
    /// `filter`, which describes itself by its `Predicate`, becomes one `MapFilterStage` over the
    /// map's upstream; any other operator is not fused.
    ///
    /// ```
    /// upstream.map(f).filter(p):   mapFilter(upstream, f, p)
    /// ```
    @inlinable
    static func fusedAfterMap<Upstream>(
        _ upstream: Signal<Upstream, Failure>, _ transforms: Transforms<Upstream, Value, Failure, Failure>,
        _ following: FusionRequest, _ name: String
    ) -> Signal<Value, Failure>? {
        guard let predicate = following.description(as: Predicate<Value>.self) else { return nil }
        return mapFilter(upstream, transforms.value, predicate.test, named: name)
    }

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
        upstream.lift(
            MapFilterStage.self, MapFilter(transform, isIncluded), named: name,
            function: "filter(_:) fused with the map before it")
    }
}

/// The transform and predicate of `map(_:)` followed by `filter(_:)`, fused into one stage, as
/// that stage's arguments.
@usableFromInline
struct MapFilter<Value, NewValue> {
    @usableFromInline let transform: (Value) -> NewValue
    @usableFromInline let isIncluded: (NewValue) -> Bool

    @inlinable
    init(_ transform: @escaping (Value) -> NewValue, _ isIncluded: @escaping (NewValue) -> Bool) {
        self.transform = transform
        self.isIncluded = isIncluded
    }
}
