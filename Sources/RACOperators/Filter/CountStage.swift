// The stage of take(_:) and skip(_:): a count of values, and what to do with each value
// (`CountingRule`: `TakeCount` in Take.swift, `SkipCount` in Skip.swift).

/// What a `CountStage` does with each value, given its count and how many values it has counted.
/// A caseless enum per operator, so that the stage is specialised with no test per value beyond
/// the rule's own.
@usableFromInline
protocol CountingRule {
    /// Handles `value` in `stage`.
    static func receive<Value, Failure>(_ value: Value, in stage: CountStage<Value, Failure, Self>)
}

/// A subscription of `take(_:)` (`TakeCount`) or `skip(_:)` (`SkipCount`): counts the first
/// `count` values, sending or dropping them as `Rule` says.
///
/// ```
/// -1-2-3-4-|  →  -1-(2|)       (take(2))
/// -1-2-3-4-|  →  -----3-4-|    (skip(2))
/// ```
@usableFromInline
final class CountStage<Value, Failure: Error, Rule: CountingRule>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let count: Int
    /// How many values were counted (sent by `take`, dropped by `skip`).
    @exclusivity(unchecked) @usableFromInline var counted = 0

    @inlinable
    init(_ count: Int, feeding downstream: Subscriber<Value, Failure>) {
        self.count = count
        super.init(feeding: downstream, as: CountStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        Rule.receive(value, in: self)
    }
}
