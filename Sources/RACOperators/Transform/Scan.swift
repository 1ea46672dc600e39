// scan, with and without the value's index, with their stages.

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
        lift(
            ScanStage.self, (initial, reduce),
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
        lift(
            IndexedScanStage.self, IndexedReduction(initial, reduce),
            named: SignalDebugNames.name("[\(self.name)] -scanWithStart: \(initial) reduceWithIndex:"))
    }
}

/// A subscription of `scan(_:_:)`: sends each running accumulation.
///
/// ```
/// -1-2-3-|  →  -1-3-6-|     (scan(0, +))
/// ```
@usableFromInline
final class ScanStage<Value, Accumulation, Failure: Error>:
    OperatorStage<Value, Failure, Accumulation, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let reduce: (Accumulation, Value) -> Accumulation
    /// The start value, which `running` goes back to once the subscription has stopped.
    @usableFromInline let initial: Accumulation
    /// The running accumulation.
    @exclusivity(unchecked) @usableFromInline var running: Accumulation

    @inlinable
    init(
        _ arguments: (initial: Accumulation, reduce: (Accumulation, Value) -> Accumulation),
        feeding downstream: Subscriber<Accumulation, Failure>
    ) {
        self.initial = arguments.initial
        self.running = arguments.initial
        self.reduce = arguments.reduce
        super.init(feeding: downstream, as: ScanStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        running = reduce(running, value)
        emitNext(running)
    }

    /// Lets go of the accumulation.
    @inlinable
    func releaseState() {
        running = initial
    }
}

/// A subscription of `scan(_:withIndex:)`: sends each running accumulation, the reduction also
/// given the value's index.
///
/// ```
/// -a-b-c-|  →  -x-y-z-|     (scan("", withIndex: { $0 + "\($2)" }): x = "0", y = "01", z = "012")
/// ```
@usableFromInline
final class IndexedScanStage<Value, Accumulation, Failure: Error>:
    OperatorStage<Value, Failure, Accumulation, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let reduce: (Accumulation, Value, Int) -> Accumulation
    /// The start value, which `running` goes back to once the subscription has stopped.
    @usableFromInline let initial: Accumulation
    /// The running accumulation.
    @exclusivity(unchecked) @usableFromInline var running: Accumulation
    /// The index of the next value.
    @exclusivity(unchecked) @usableFromInline var index = 0

    @inlinable
    init(
        _ arguments: IndexedReduction<Accumulation, Value>,
        feeding downstream: Subscriber<Accumulation, Failure>
    ) {
        self.initial = arguments.initial
        self.running = arguments.initial
        self.reduce = arguments.reduce
        super.init(feeding: downstream, as: IndexedScanStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        running = reduce(running, value, index)
        index += 1
        emitNext(running)
    }

    /// Lets go of the accumulation.
    @inlinable
    func releaseState() {
        running = initial
    }
}
