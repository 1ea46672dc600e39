// The running accumulation of scan and aggregate, and the one stage that both use.
//
// `scan` sends each accumulation, `aggregate` only the last one, on completion; the reductions with
// and without the value's index, in place (`scan(into:_:)`), or from a start factory, differ only in how the accumulation
// starts and how one value is added. `AccumulationStage` is generic over both: the accumulator
// (`Accumulator`, `IndexedAccumulator`, `InPlaceAccumulator`, `FactoryAccumulator`) and when to send
// (`SendsEachAccumulation`, `SendsFinalAccumulation`), so each operator's stage is specialised
// with no test or closure call per value beyond its own reduction.

/// A running accumulation that values are added to, its start being the value it was made with.
@usableFromInline
protocol Accumulating {
    associatedtype Value
    associatedtype Accumulation
    /// The accumulation so far.
    var running: Accumulation { get }
    /// Makes the accumulation of a new subscription, if it is not the start value itself.
    mutating func begin()
    /// Reduces `value` into the accumulation.
    mutating func add(_ value: Value)
}

extension Accumulating {
    /// The start value is the accumulation made with the accumulator.
    @inlinable @inline(__always)
    mutating func begin() {}
}

/// The accumulation of `scan(_:_:)` and `aggregate(_:_:)`: `running = reduce(running, value)`.
@usableFromInline
struct Accumulator<Accumulation, Value>: Accumulating {
    @usableFromInline let reduce: (Accumulation, Value) -> Accumulation
    @usableFromInline var running: Accumulation

    @inlinable
    init(_ initial: Accumulation, _ reduce: @escaping (Accumulation, Value) -> Accumulation) {
        self.running = initial
        self.reduce = reduce
    }

    @inlinable @inline(__always)
    mutating func add(_ value: Value) {
        running = reduce(running, value)
    }
}

/// The accumulation of `scan(_:withIndex:)` and `aggregate(_:withIndex:)`: `running =
/// reduce(running, value, index)`, `index` counting the values from 0.
@usableFromInline
struct IndexedAccumulator<Accumulation, Value>: Accumulating {
    @usableFromInline let reduce: (Accumulation, Value, Int) -> Accumulation
    @usableFromInline var running: Accumulation
    /// The index of the next value.
    @usableFromInline var index = 0

    @inlinable
    init(_ reduction: IndexedReduction<Accumulation, Value>) {
        self.running = reduction.initial
        self.reduce = reduction.reduce
    }

    @inlinable @inline(__always)
    mutating func add(_ value: Value) {
        running = reduce(running, value, index)
        index += 1
    }
}

/// The accumulation of `scan(into:_:)`: `update(&running, value)`, the accumulation changed in
/// place (a collection grows without being copied, as long as nothing else holds it).
@usableFromInline
struct InPlaceAccumulator<Accumulation, Value>: Accumulating {
    @usableFromInline let update: (inout Accumulation, Value) -> Void
    @usableFromInline var running: Accumulation

    @inlinable
    init(_ initial: Accumulation, _ update: @escaping (inout Accumulation, Value) -> Void) {
        self.running = initial
        self.update = update
    }

    @inlinable @inline(__always)
    mutating func add(_ value: Value) {
        update(&running, value)
    }
}

/// The accumulation of `aggregate(startFactory:_:)`: `running = reduce(running, value)`, starting
/// from a value made by `startFactory` for each subscription.
@usableFromInline
struct FactoryAccumulator<Accumulation, Value>: Accumulating {
    @usableFromInline let startFactory: () -> Accumulation
    @usableFromInline let reduce: (Accumulation, Value) -> Accumulation
    /// The running accumulation: one value once begun, none before and once the subscription has
    /// stopped.
    // An array rather than an optional: the stage's `deinit` runs unspecialised, and destroying an
    // `Accumulation?` there looks up the metadata of `Optional<Accumulation>` (Docs/Performance.md).
    @usableFromInline var storage: [Accumulation] = []

    @inlinable
    init(
        _ startFactory: @escaping () -> Accumulation,
        _ reduce: @escaping (Accumulation, Value) -> Accumulation
    ) {
        self.startFactory = startFactory
        self.reduce = reduce
    }

    @inlinable
    var running: Accumulation { storage[0] }

    @inlinable
    mutating func begin() {
        storage = [startFactory()]
    }

    @inlinable @inline(__always)
    mutating func add(_ value: Value) {
        storage[0] = reduce(storage[0], value)
    }
}

/// When an `AccumulationStage` sends its accumulation.
@usableFromInline
protocol AccumulationSending {
    /// Whether each accumulation is sent (`scan`), rather than only the final one, on completion
    /// (`aggregate`).
    static var sendsEach: Bool { get }
}

/// `scan`: each accumulation is sent.
@usableFromInline
enum SendsEachAccumulation: AccumulationSending {
    @inlinable static var sendsEach: Bool { true }
}

/// `aggregate`: the final accumulation is sent, when the source completes.
@usableFromInline
enum SendsFinalAccumulation: AccumulationSending {
    @inlinable static var sendsEach: Bool { false }
}

/// A subscription of `scan` (each accumulation sent) or `aggregate` (the final one, on completion).
///
/// ```
/// -1-2-3-|  →  -1-3-6-|       (scan(0, +))
/// -1-2-3-|  →  -------(6|)    (aggregate(0, +))
/// ```
@usableFromInline
final class AccumulationStage<Accumulation: Accumulating, Sending: AccumulationSending, Failure: Error>:
    OperatorStage<Accumulation.Value, Failure, Accumulation.Accumulation, Failure>, LiftableStage,
    @unchecked Sendable
{
    /// The accumulation at the start, which `accumulator` goes back to once the subscription has
    /// stopped.
    @usableFromInline let start: Accumulation
    @exclusivity(unchecked) @usableFromInline var accumulator: Accumulation

    @inlinable
    init(_ arguments: Accumulation, feeding downstream: Subscriber<Accumulation.Accumulation, Failure>) {
        self.start = arguments
        self.accumulator = arguments
        accumulator.begin()
        super.init(feeding: downstream, as: AccumulationStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Accumulation.Value) {
        accumulator.add(value)
        if Sending.sendsEach { emitNext(accumulator.running) }
    }

    /// On completion, sends the final accumulation if each one was not sent, then completes.
    @inlinable
    func receiveCompleted() {
        if !Sending.sendsEach { emitNext(accumulator.running) }
        emitCompleted()
    }

    /// Lets go of the accumulation.
    @inlinable
    func releaseState() {
        accumulator = start
    }
}

extension Signal {
    /// The signal of `scan` (`Sending` = `SendsEachAccumulation`) or `aggregate`
    /// (`SendsFinalAccumulation`) over `accumulator`, called `name`, made for the operator
    /// `function`.
    ///
    /// ```
    /// self:                                        -1-2-3-|
    /// accumulating(Accumulator(0, +), each):       -1-3-6-|
    /// accumulating(Accumulator(0, +), final):      -------(6|)
    /// ```
    @inlinable
    func accumulating<Accumulation: Accumulating, Sending: AccumulationSending>(
        _ accumulator: Accumulation, sending _: Sending.Type, named name: String,
        function: StaticString = #function
    ) -> Signal<Accumulation.Accumulation, Failure> where Accumulation.Value == Value {
        lift(
            AccumulationStage<Accumulation, Sending, Failure>.self, accumulator, named: name,
            function: function)
    }
}
