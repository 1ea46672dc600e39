// skip(_:), skip(until:) and skip(while:), with their stages (skip(_:)'s is a `CountStage`, in
// CountStage.swift, with the rule `SkipCount`).

extension Signal {
    /// RAC: `-skip:`. Drops the first `count` values of each subscription, then sends the rest.
    /// A negative count is a programmer error.
    ///
    /// ```
    /// self:     -1-2-3-4-|
    /// skip(2):  -----3-4-|
    /// ```
    ///
    /// - Parameter count: How many values to drop at the start of each subscription; must not be
    ///   negative.
    /// - Returns: A signal of every value after the first `count`, which completes or fails when this
    ///   signal does.
    ///
    /// ```swift
    /// let csvLines = Signal<String, Never>(values: ["name,age", "Ada,36", "Alan,41"])
    /// let rows = csvLines.skip(1)   // drop the header
    /// print(rows.toArray())         // ["Ada,36", "Alan,41"]
    /// ```
    @inlinable
    public func skip(_ count: Int) -> Signal<Value, Failure> {
        racRequireNonNegative(count, "count", "skip(_:)")
        return lift(
            CountStage<Value, Failure, SkipCount>.self, count,
            named: SignalDebugNames.name("[\(self.name)] -skip: \(count)"))
    }

    /// RAC: `-skipUntilBlock:`. Drops values until `predicate` returns true for one; that value and
    /// every later one are sent (the predicate is not called again).
    ///
    /// ```
    /// self:                     -1-3-1-|
    /// skip(until: { $0 == 3 }): ---3-1-|
    /// ```
    ///
    /// - Parameter predicate: Called with each value until it returns `true`: that value and every
    ///   later one are sent.
    /// - Returns: A signal of the values from the first one `predicate` accepts on, which completes or
    ///   fails when this signal does.
    @inlinable
    public func skip(until predicate: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
        lift(
            SkipWhileStage.self, Prefix(predicate, while: false),
            named: SignalDebugNames.name("[\(self.name)] -skipUntilBlock:"))
    }

    /// RAC: `-skipWhileBlock:`. Drops values while `predicate` returns true; the first value for
    /// which it returns false and every later one are sent (the predicate is not called again).
    ///
    /// ```
    /// self:                    -1-2-3-1-|
    /// skip(while: { $0 < 3 }): -----3-1-|
    /// ```
    ///
    /// - Parameter predicate: Called with each value until it returns `false`: that value and every
    ///   later one are sent.
    /// - Returns: A signal of the values from the first one `predicate` rejects on, which completes or
    ///   fails when this signal does.
    @inlinable
    public func skip(while predicate: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
        lift(
            SkipWhileStage.self, Prefix(predicate, while: true),
            named: SignalDebugNames.name("[\(self.name)] -skipWhileBlock:"))
    }
}

/// The rule of `skip(_:)`: drops the first `count` values, then sends the rest.
///
/// ```
/// -1-2-3-4-|  →  -----3-4-|     (skip(2))
/// ```
@usableFromInline
enum SkipCount: CountingRule {
    @inlinable @inline(__always)
    static func receive<Value, Failure>(_ value: Value, in stage: CountStage<Value, Failure, Self>) {
        if stage.counted < stage.count {
            stage.counted += 1
        } else {
            stage.emitNext(value)
        }
    }
}

/// A subscription of `skip(while:)` and `skip(until:)`: drops the values of the prefix (see
/// `Prefix`), then sends the first value past it and every later one.
///
/// ```
/// -1-2-3-1-|  →  -----3-1-|     (skip(while: { $0 < 3 }))
/// ```
@usableFromInline
final class SkipWhileStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    /// The values still dropped; `nil` once one is sent (the predicate is let go).
    @exclusivity(unchecked) @usableFromInline var prefix: Prefix<Value>?

    @inlinable
    init(_ prefix: Prefix<Value>, feeding downstream: Subscriber<Value, Failure>) {
        self.prefix = prefix
        super.init(feeding: downstream, as: SkipWhileStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        if let prefix {
            if prefix.continues(with: value) { return }
            self.prefix = nil
        }
        emitNext(value)
    }
}
