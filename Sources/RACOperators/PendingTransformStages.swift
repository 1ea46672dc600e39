// The stages of map and scan, until each moves into its operator's file.

/// A subscription of `map(_:)`: sends `transform(value)` for each value.
///
/// ```
/// -1-2-|  →  -f(1)-f(2)-|
/// ```
@usableFromInline
final class MapStage<Value, NewValue, Failure: Error>:
    OperatorStage<Value, Failure, NewValue, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let transform: (Value) -> NewValue

    @inlinable
    init(_ transform: @escaping (Value) -> NewValue, feeding downstream: Subscriber<NewValue, Failure>) {
        self.transform = transform
        super.init(feeding: downstream, as: MapStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        emitNext(transform(value))
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
