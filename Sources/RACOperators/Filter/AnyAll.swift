// any(_:), any() and all(_:), with their stage.

extension Signal {
    /// RAC: `-any:`. Sends `true` and completes (disposing the source) at the first value that
    /// passes `predicate`; sends `false` and completes if the source ends first, by completing
    /// *or by failing* (RAC treats a finished event alike), so the result never fails.
    ///
    /// ```
    /// self:                   -1-2-3-|       -1-#
    /// any { $0 > 1 }:         ---(t|)        ---(f|)
    /// ```
    ///
    /// - Parameter predicate: the test a value must pass for the answer to be `true`.
    /// - Returns: a signal that sends one `Bool` (`true` at the first value that passes `predicate`,
    ///   `false` if the source completes or fails before one does), then completes; it never fails.
    @inlinable
    public func any(_ predicate: @escaping (Value) -> Bool) -> Signal<Bool, Never> {
        lift(
            DecisionStage.self, Prefix(predicate, while: false),
            named: SignalDebugNames.name("[\(self.name)] -any:"))
    }

    /// RAC: `-any`. Sends `true` and completes at the first value; `false` and completes if the
    /// source completes or fails without a value. The result never fails.
    ///
    /// ```
    /// self:    -a-b-|     ---|      -#
    /// any():   -(t|)      ---(f|)   -(f|)
    /// ```
    ///
    /// - Returns: a signal that sends one `Bool` (`true` at the first value, `false` if the source
    ///   completes or fails without one), then completes; it never fails.
    @inlinable
    public func any() -> Signal<Bool, Never> {
        any { _ in true }
    }

    /// RAC: `-all:`. Sends `false` and completes (disposing the source) at the first value that
    /// fails `predicate`, or if the source fails; sends `true` and completes when the source
    /// completes with every value passing (or none). The result never fails.
    ///
    /// ```
    /// self:                   -1-2-3-|      -1-5-|      -1-#
    /// all { $0 < 4 }:         -------(t|)   ---(f|)     ---(f|)
    /// ```
    ///
    /// - Parameter predicate: the test every value must pass for the answer to be `true`.
    /// - Returns: a signal that sends one `Bool` (`false` at the first value that fails `predicate` or
    ///   if the source fails, `true` when it completes), then completes; it never fails.
    @inlinable
    public func all(_ predicate: @escaping (Value) -> Bool) -> Signal<Bool, Never> {
        lift(
            DecisionStage.self, Prefix(predicate, while: true),
            named: SignalDebugNames.name("[\(self.name)] -all:"))
    }
}

/// A subscription of `any(_:)` or `all(_:)`: at the first value past the prefix (see `Prefix`:
/// the values that fail `any`'s predicate, or pass `all`'s), sends `any`'s `true` or `all`'s
/// `false`, disposes itself (and so the source) and completes. If the source completes first,
/// sends the other result; if it fails first, `false`; then completes.
///
/// ```
/// -1-2-3-|  →  ---(t|)     (any { $0 > 1 })
/// -1-5-|    →  ---(f|)     (all { $0 < 4 })
/// ```
@usableFromInline
final class DecisionStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Bool, Never>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let prefix: Prefix<Value>
    /// Whether the result was sent (a value sent back into the source from its callback is
    /// ignored).
    @exclusivity(unchecked) @usableFromInline var decided = false

    @inlinable
    init(_ prefix: Prefix<Value>, feeding downstream: Subscriber<Bool, Never>) {
        self.prefix = prefix
        super.init(feeding: downstream, as: DecisionStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        guard !decided, !prefix.continues(with: value) else { return }
        decided = true
        emitNext(!prefix.holds)
        // As RAC: the source is disposed before the completion is sent.
        dispose()
        emitCompleted()
    }

    /// The source failed before deciding: `false` (for `any` and `all`), then the completion.
    @inlinable
    func receive(error _: Failure) {
        emitNext(false)
        emitCompleted()
    }

    /// The source completed before deciding: the other result, then the completion.
    @inlinable
    func receiveCompleted() {
        emitNext(prefix.holds)
        emitCompleted()
    }
}
