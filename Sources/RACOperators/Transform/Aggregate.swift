// aggregate: folds of every value sent on completion, from a start value or a start factory (the
// stage is `AccumulationStage`, in TransformAccumulation.swift).

extension Signal {
    /// RAC: `-aggregateWithStart:reduce:`. Folds every value into `running = reduce(running,
    /// value)` and sends only the final accumulation, when the signal completes; an empty signal
    /// sends `initial`. An error is forwarded and nothing is sent.
    ///
    /// ```
    /// self:              -1-2-3-|
    /// aggregate(0, +):   -------(6|)
    /// empty:             |
    /// aggregate(0, +):   (0|)
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The accumulation before the first value; sent as it is if this signal completes
    ///     without a value.
    ///   - reduce: Called with the accumulation so far and a value; its result is the new
    ///     accumulation.
    /// - Returns: A signal that sends the final accumulation once, when this signal completes, then
    ///   completes; if this signal fails, it fails with that error and sends nothing.
    ///
    /// ```swift
    /// let orderTotals = Signal<Double, Never>(values: [12.5, 30, 7.5])
    /// let revenue = orderTotals.aggregate(0, +)
    /// print(revenue.toArray())   // [50.0]
    /// let noOrders = Signal<Double, Never>.empty.aggregate(0, +)
    /// print(noOrders.toArray())  // [0.0]
    /// ```
    @inlinable
    public func aggregate<Accumulation>(
        _ initial: Accumulation, _ reduce: @escaping (Accumulation, Value) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        accumulating(
            Accumulator(initial, reduce), sending: SendsFinalAccumulation.self,
            named: SignalDebugNames.name("[\(self.name)] -aggregateWithStart: \(initial) reduce:"))
    }

    /// RAC: `-aggregateWithStart:reduceWithIndex:`. As `aggregate(_:_:)`, and `reduce` also
    /// receives the index of the value (0 for the first value of each subscription).
    ///
    /// ```
    /// self:                                    -a-b-|
    /// aggregate(0, withIndex: { $0 + $2 }):    -----(1|)
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The accumulation before the first value; sent as it is if this signal completes
    ///     without a value.
    ///   - reduce: Called with the accumulation so far, a value and the value's index (from 0); its
    ///     result is the new accumulation.
    /// - Returns: A signal that sends the final accumulation once, when this signal completes, then
    ///   completes; if this signal fails, it fails with that error and sends nothing.
    @inlinable
    public func aggregate<Accumulation>(
        _ initial: Accumulation, withIndex reduce: @escaping (Accumulation, Value, Int) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        accumulating(
            IndexedAccumulator(IndexedReduction(initial, reduce)), sending: SendsFinalAccumulation.self,
            named: SignalDebugNames.name("[\(self.name)] -aggregateWithStart: \(initial) reduceWithIndex:"))
    }

    /// RAC: `-aggregateWithStartFactory:reduce:`. As `aggregate(_:_:)`, but the start value is made
    /// by `startFactory`, called once at each subscription (so a mutable start, such as a new
    /// collection, is not shared between subscriptions).
    ///
    /// ```
    /// self:                                   -1-2-|
    /// aggregate(startFactory: { [] }, +[$1]): -----(x|)     x = [1, 2]
    /// ```
    ///
    /// - Parameters:
    ///   - startFactory: Makes the accumulation before the first value, once per subscription; its
    ///     result is sent as it is if this signal completes without a value.
    ///   - reduce: Called with the accumulation so far and a value; its result is the new
    ///     accumulation.
    /// - Returns: A signal that sends the final accumulation once, when this signal completes, then
    ///   completes; if this signal fails, it fails with that error and sends nothing.
    @inlinable
    public func aggregate<Accumulation>(
        startFactory: @escaping () -> Accumulation, _ reduce: @escaping (Accumulation, Value) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        accumulating(
            FactoryAccumulator(startFactory, reduce), sending: SendsFinalAccumulation.self,
            named: SignalDebugNames.name("[\(self.name)] -aggregateWithStartFactory:reduce:"))
    }
}
