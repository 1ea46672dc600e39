// ignoreValues() and ignore(_:), with their stages.

extension Signal {
    /// RAC: `-ignoreValues`. Drops every value; only the error or the completion passes.
    ///
    /// ```
    /// self:            -1-2-3-|
    /// ignoreValues():  -------|
    /// ```
    @inlinable
    public func ignoreValues() -> Signal<Value, Failure> {
        lift(IgnoreValuesStage.self, (), named: SignalDebugNames.name("[\(self.name)] -ignoreValues"))
    }
}

extension Signal where Value: Equatable {
    /// RAC: `-ignore:`. Drops every value equal to `value`.
    ///
    /// ```
    /// self:       -1-2-1-3-|
    /// ignore(1):  ---2---3-|
    /// ```
    @inlinable
    public func ignore(_ value: Value) -> Signal<Value, Failure> {
        lift(IgnoreStage.self, value, named: SignalDebugNames.name("[\(self.name)] -ignore: \(value)"))
    }
}

/// A subscription of `ignoreValues()`: drops every value.
///
/// ```
/// -1-2-3-|  →  -------|
/// ```
@usableFromInline
final class IgnoreValuesStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @inlinable
    init(_: Void, feeding downstream: Subscriber<Value, Failure>) {
        super.init(feeding: downstream, as: IgnoreValuesStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {}
}

/// A subscription of `ignore(_:)`: drops the values equal to `ignored`.
///
/// ```
/// -1-2-1-3-|  →  ---2---3-|     (ignore(1))
/// ```
@usableFromInline
final class IgnoreStage<Value: Equatable, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    /// The value dropped.
    @usableFromInline let ignored: Value

    @inlinable
    init(_ ignored: Value, feeding downstream: Subscriber<Value, Failure>) {
        self.ignored = ignored
        super.init(feeding: downstream, as: IgnoreStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        if value != ignored { emitNext(value) }
    }
}
