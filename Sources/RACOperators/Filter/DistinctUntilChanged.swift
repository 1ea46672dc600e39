// distinctUntilChanged(by:) and distinctUntilChanged(), with their stage.

extension Signal {
    /// RAC: `-distinctUntilChanged` with a custom equality. The first value always passes; a later
    /// value is dropped when `isEquivalent(previous, value)`, `previous` being the last value
    /// *sent* (a dropped value does not replace it, as in RAC). State is per subscription.
    ///
    /// ```
    /// self:                                   -a-A-b-B-a-|
    /// distinctUntilChanged(by: caseInsensitive): -a---b---a-|
    /// ```
    ///
    /// - Parameter isEquivalent: Called with the last value sent and a new value: `true` drops the new
    ///   value.
    /// - Returns: A signal of the values not equivalent to the last one it sent (the first value
    ///   always), which completes or fails when this signal does.
    @inlinable
    public func distinctUntilChanged(
        by isEquivalent: @escaping (Value, Value) -> Bool
    ) -> Signal<Value, Failure> {
        lift(
            DistinctStage.self, Equivalence(isEquivalent),
            named: SignalDebugNames.name("[\(self.name)] -distinctUntilChanged"))
    }
}

extension Signal where Value: Equatable {
    /// RAC: `-distinctUntilChanged`. The first value always passes; a later value is dropped when
    /// it equals the previous one (`nil` after `nil` included). State is per subscription.
    ///
    /// ```
    /// self:                    -1-1-2-2-1-|
    /// distinctUntilChanged():  -1---2---1-|
    /// ```
    ///
    /// - Returns: A signal that sends each value that differs from the last one it sent (the first
    ///   value always), and completes or fails when this signal does.
    ///
    /// ```swift
    /// let thermostat = Signal<Int, Never>(values: [21, 21, 22, 22, 22, 21])
    /// let changes = thermostat.distinctUntilChanged()
    /// print(changes.toArray())   // [21, 22, 21]
    /// ```
    @inlinable
    public func distinctUntilChanged() -> Signal<Value, Failure> {
        distinctUntilChanged(by: ==)
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
    @usableFromInline let equivalence: Equivalence<Value>
    /// The last value sent (none before the first).
    // An array of at most one value rather than an optional: the `deinit` runs unspecialised, and
    // destroying a `Value?` there looks up the metadata of `Optional<Value>` (Docs/Performance.md).
    @exclusivity(unchecked) @usableFromInline var previous: [Value] = []

    @inlinable
    init(_ equivalence: Equivalence<Value>, feeding downstream: Subscriber<Value, Failure>) {
        self.equivalence = equivalence
        super.init(feeding: downstream, as: DistinctStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        if let last = previous.first {
            if equivalence.isEquivalent(last, value) { return }
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
