// take(while:inclusive:) and take(until:inclusive:): the predicate forms of take that may also send
// the value that ends them, with their stage.

extension Signal {
    /// RAC: none (RxSwift `take(while:behavior: .inclusive)`). `take(while:)`, but with `inclusive`
    /// true the first value for which `predicate` returns false is sent too, just before the
    /// completion; with `inclusive` false it is `take(while:)`. The source is disposed before the
    /// completion is sent.
    ///
    /// ```
    /// self:                                     -1-2-3-1-|
    /// take(while: { $0 < 3 }, inclusive: true): -1-2-(3|)
    /// ```
    @inlinable
    public func take(
        while predicate: @escaping (Value) -> Bool, inclusive: Bool
    ) -> Signal<Value, Failure> {
        guard inclusive else { return take(while: predicate) }
        return lift(
            TakeThroughStage.self, Prefix(predicate, while: true),
            named: SignalDebugNames.name("[\(self.name)] -takeWhileBlock: inclusive"))
    }

    /// RAC: none (RxSwift `take(until:behavior: .inclusive)`). `take(until:)` with a predicate,
    /// but with `inclusive` true the value for which `predicate` returns true is sent too, just
    /// before the completion; with `inclusive` false it is `take(until:)`. The source is disposed
    /// before the completion is sent.
    ///
    /// ```
    /// self:                                      -1-2-3-4-|
    /// take(until: { $0 == 3 }, inclusive: true): -1-2-(3|)
    /// ```
    @inlinable
    public func take(
        until predicate: @escaping (Value) -> Bool, inclusive: Bool
    ) -> Signal<Value, Failure> {
        guard inclusive else { return take(until: predicate) }
        return lift(
            TakeThroughStage.self, Prefix(predicate, while: false),
            named: SignalDebugNames.name("[\(self.name)] -takeUntilBlock: inclusive"))
    }
}

/// A subscription of `take(while:inclusive: true)` and `take(until:inclusive: true)`: sends the
/// values of the prefix (see `Prefix`) and the first value past it, then disposes itself (and so
/// the source) and completes.
///
/// ```
/// -1-2-3-1-|  →  -1-2-(3|)     (take(while: { $0 < 3 }, inclusive: true))
/// ```
@usableFromInline
final class TakeThroughStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let prefix: Prefix<Value>
    /// Whether the value past the prefix has come: a value sent back into the source from the
    /// downstream callback of that value (reentrancy) is dropped.
    @exclusivity(unchecked) @usableFromInline var isPastPrefix = false

    @inlinable
    init(_ prefix: Prefix<Value>, feeding downstream: Subscriber<Value, Failure>) {
        self.prefix = prefix
        super.init(feeding: downstream, as: TakeThroughStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        guard !isPastPrefix else { return }
        guard prefix.continues(with: value) else {
            isPastPrefix = true
            emitNext(value)
            // As `take(_:)`: the source is disposed before the completion is sent.
            dispose()
            return emitCompleted()
        }
        emitNext(value)
    }
}
