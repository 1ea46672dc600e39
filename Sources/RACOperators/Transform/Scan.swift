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
    ///
    /// - Parameters:
    ///   - initial: The accumulation before the first value (not sent itself).
    ///   - reduce: Called with the accumulation so far and a value; its result is the new
    ///     accumulation, which is sent.
    /// - Returns: A signal that sends one accumulation per value, and completes or fails when this
    ///   signal does.
    ///
    /// ```swift
    /// let deposits = Subject<Int, Never>()
    /// let balance = deposits.scan(100) { total, amount in total + amount }
    /// let subscription = balance.subscribe(next: { print("balance", $0) })
    /// deposits.sendNext(20)    // prints balance 120
    /// deposits.sendNext(-50)   // prints balance 70
    /// subscription.dispose()
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
    ///
    /// - Parameters:
    ///   - initial: The accumulation before the first value (not sent itself).
    ///   - reduce: Called with the accumulation so far, a value and the value's index (from 0); its
    ///     result is the new accumulation, which is sent.
    /// - Returns: A signal that sends one accumulation per value, and completes or fails when this
    ///   signal does.
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
    ///
    /// - Parameters:
    ///   - initial: The accumulation before the first value, copied for each subscription (not sent
    ///     itself).
    ///   - update: Called with the accumulation (`inout`) and a value; changes the accumulation in
    ///     place, which is then sent.
    /// - Returns: A signal that sends one accumulation per value, and completes or fails when this
    ///   signal does.
    @inlinable
    public func scan<Accumulation>(
        into initial: Accumulation, _ update: @escaping (inout Accumulation, Value) -> Void
    ) -> Signal<Accumulation, Failure> {
        accumulating(
            InPlaceAccumulator(initial, update), sending: SendsEachAccumulation.self,
            named: SignalDebugNames.name("[\(self.name)] scanInto: \(initial)"))
    }
}
