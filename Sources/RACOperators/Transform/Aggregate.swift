// aggregate: folds of every value sent on completion, from a start value or a start factory.

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
    @inlinable
    public func aggregate<Accumulation>(
        _ initial: Accumulation, _ reduce: @escaping (Accumulation, Value) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        aggregate(initial, withIndex: { running, value, _ in reduce(running, value) })
    }

    /// RAC: `-aggregateWithStart:reduceWithIndex:`. As `aggregate(_:_:)`, and `reduce` also
    /// receives the index of the value (0 for the first value of each subscription).
    ///
    /// ```
    /// self:                                    -a-b-|
    /// aggregate(0, withIndex: { $0 + $2 }):    -----(1|)
    /// ```
    @inlinable
    public func aggregate<Accumulation>(
        _ initial: Accumulation, withIndex reduce: @escaping (Accumulation, Value, Int) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        lift(
            AggregateStage.self, IndexedReduction(initial, reduce),
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
    @inlinable
    public func aggregate<Accumulation>(
        startFactory: @escaping () -> Accumulation, _ reduce: @escaping (Accumulation, Value) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        lift(
            AggregateFactoryStage.self, (startFactory, reduce),
            named: SignalDebugNames.name("[\(self.name)] -aggregateWithStartFactory:reduce:"))
    }
}

/// A subscription of `aggregate(_:withIndex:)` (and `aggregate(_:_:)`): folds every value, and
/// sends the accumulation when the source completes.
///
/// ```
/// -1-2-3-|  →  -------(6|)     (aggregate(0, +))
/// ```
@usableFromInline
final class AggregateStage<Value, Accumulation, Failure: Error>:
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
        super.init(feeding: downstream, as: AggregateStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        running = reduce(running, value, index)
        index += 1
    }

    /// On completion, sends the accumulation, then completes.
    @inlinable
    func receiveCompleted() {
        emitNext(running)
        emitCompleted()
    }

    /// Lets go of the accumulation.
    @inlinable
    func releaseState() {
        running = initial
    }
}

/// A subscription of `aggregate(startFactory:_:)`: folds every value into a start value made for
/// this subscription, and sends the accumulation when the source completes.
///
/// ```
/// -1-2-|  →  -----(x|)     (aggregate(startFactory: { [] }, +[$1]): x = [1, 2])
/// ```
@usableFromInline
final class AggregateFactoryStage<Value, Accumulation, Failure: Error>:
    OperatorStage<Value, Failure, Accumulation, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let reduce: (Accumulation, Value) -> Accumulation
    /// The running accumulation: one value, made by the start factory when subscribing, none once
    /// the subscription has stopped.
    // An array rather than an optional: the `deinit` runs unspecialised, and destroying an
    // `Accumulation?` there looks up the metadata of `Optional<Accumulation>` (Docs/Performance.md).
    @exclusivity(unchecked) @usableFromInline var running: [Accumulation]

    @inlinable
    init(
        _ arguments: (startFactory: () -> Accumulation, reduce: (Accumulation, Value) -> Accumulation),
        feeding downstream: Subscriber<Accumulation, Failure>
    ) {
        self.running = [arguments.startFactory()]
        self.reduce = arguments.reduce
        super.init(feeding: downstream, as: AggregateFactoryStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        running[0] = reduce(running[0], value)
    }

    /// On completion, sends the accumulation, then completes.
    @inlinable
    func receiveCompleted() {
        emitNext(running[0])
        emitCompleted()
    }

    /// Lets go of the accumulation.
    @inlinable
    func releaseState() {
        running = []
    }
}
