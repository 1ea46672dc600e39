// combinePrevious: each value reduced with the previous source value, with its stage.

extension Signal {
    /// RAC: `-combinePreviousWithStart:reduce:`. Sends `reduce(previous, value)` for each value,
    /// where `previous` is the previous *source* value (`start` for the first one). Results are
    /// not fed back.
    ///
    /// ```
    /// self:                     -1-2-3-|
    /// combinePrevious(0, +):    -1-3-5-|
    /// ```
    ///
    /// - Parameters:
    ///   - start: the "previous" value given with the first value.
    ///   - reduce: makes the value to send from the previous source value and the current one.
    /// - Returns: a signal of `reduce(previous, value)` for each source value; it completes or fails
    ///   when the source does.
    @inlinable
    public func combinePrevious<NewValue>(
        _ start: Value, _ reduce: @escaping (Value, Value) -> NewValue
    ) -> Signal<NewValue, Failure> {
        lift(
            CombinePreviousStage.self, (start, reduce),
            named: SignalDebugNames.name("[\(self.name)] -combinePreviousWithStart: \(start) reduce:"))
    }
}

/// A subscription of `combinePrevious(_:_:)`: sends `reduce(previous, value)` for each value,
/// `previous` being the previous source value (`start` at first).
///
/// ```
/// -1-2-3-|  →  -1-3-5-|     (combinePrevious(0, +))
/// ```
@usableFromInline
final class CombinePreviousStage<Value, NewValue, Failure: Error>:
    OperatorStage<Value, Failure, NewValue, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let reduce: (Value, Value) -> NewValue
    /// The start value, which `previous` goes back to once the subscription has stopped.
    @usableFromInline let start: Value
    /// The previous source value (`start` before the first).
    @exclusivity(unchecked) @usableFromInline var previous: Value

    @inlinable
    init(
        _ arguments: (start: Value, reduce: (Value, Value) -> NewValue),
        feeding downstream: Subscriber<NewValue, Failure>
    ) {
        self.start = arguments.start
        self.previous = arguments.start
        self.reduce = arguments.reduce
        super.init(feeding: downstream, as: CombinePreviousStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        let combined = reduce(previous, value)
        previous = value
        emitNext(combined)
    }

    /// Lets go of the previous value.
    @inlinable
    func releaseState() {
        previous = start
    }
}
