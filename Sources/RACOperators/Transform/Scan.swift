// scan, with and without the value's index, and in place (the stage is `AccumulationStage`, in
// TransformAccumulation.swift).

extension Signal {
    /// RAC: `-scanWithStart:reduce:`. Sends each running accumulation `running = reduce(running,
    /// value)`, starting from `initial`; `initial` itself is not sent. The accumulation restarts
    /// from `initial` for each subscription.
    ///
    /// ```
    /// self:         -1-2-3-|
    /// scan(0, +):   -1-3-6-|
    /// ```
    @inlinable
    public func scan<Accumulation>(
        _ initial: Accumulation, _ reduce: @escaping (Accumulation, Value) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        accumulating(
            Accumulator(initial, reduce), sending: SendsEachAccumulation.self,
            named: SignalDebugNames.name("[\(self.name)] -scanWithStart: \(initial) reduce:"))
    }

    /// RAC: `-scanWithStart:reduceWithIndex:`. As `scan(_:_:)`, and `reduce` also receives the
    /// index of the value (0 for the first value of each subscription).
    ///
    /// ```
    /// self:                                   -a-b-c-|
    /// scan("", withIndex: { $0 + "\($2)" }):    -x-y-z-|     x = "0", y = "01", z = "012"
    /// ```
    @inlinable
    public func scan<Accumulation>(
        _ initial: Accumulation, withIndex reduce: @escaping (Accumulation, Value, Int) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        accumulating(
            IndexedAccumulator(IndexedReduction(initial, reduce)), sending: SendsEachAccumulation.self,
            named: SignalDebugNames.name("[\(self.name)] -scanWithStart: \(initial) reduceWithIndex:"))
    }

    /// RAC: none (Swift's `reduce(into:_:)`, RxSwift `scan(into:accumulator:)`). As `scan(_:_:)`,
    /// but `update` changes the accumulation in place, so an array or dictionary grows without a
    /// copy per value. Each subscription starts from its own copy of `initial`.
    ///
    /// ```
    /// self:                                  -a-b-c-|
    /// scan(into: []) { $0.append($1) }:      -x-y-z-|     x = [a], y = [a, b], z = [a, b, c]
    /// ```
    @inlinable
    public func scan<Accumulation>(
        into initial: Accumulation, _ update: @escaping (inout Accumulation, Value) -> Void
    ) -> Signal<Accumulation, Failure> {
        accumulating(
            InPlaceAccumulator(initial, update), sending: SendsEachAccumulation.self,
            named: SignalDebugNames.name("[\(self.name)] scanInto: \(initial)"))
    }
}
