// any(_:), any() and all(_:), with their stages.

extension Signal {
    /// RAC: `-any:`. Sends `true` and completes (disposing the source) at the first value that
    /// passes `predicate`; sends `false` and completes if the source ends first, by completing
    /// *or by failing* (RAC treats a finished event alike), so the result never fails.
    ///
    /// ```
    /// self:                   -1-2-3-|       -1-#
    /// any { $0 > 1 }:         ---(t|)        ---(f|)
    /// ```
    @inlinable
    public func any(_ predicate: @escaping (Value) -> Bool) -> Signal<Bool, Never> {
        lift(AnyStage.self, Predicate(predicate), named: SignalDebugNames.name("[\(self.name)] -any:"))
    }

    /// RAC: `-any`. Sends `true` and completes at the first value; `false` and completes if the
    /// source completes or fails without a value. The result never fails.
    ///
    /// ```
    /// self:    -a-b-|     ---|      -#
    /// any():   -(t|)      ---(f|)   -(f|)
    /// ```
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
    @inlinable
    public func all(_ predicate: @escaping (Value) -> Bool) -> Signal<Bool, Never> {
        lift(AllStage.self, Predicate(predicate), named: SignalDebugNames.name("[\(self.name)] -all:"))
    }
}

/// A subscription of `any(_:)`: at the first value that passes `predicate`, sends `true`, disposes
/// itself (and so the source) and completes; sends `false` and completes if the source ends first.
///
/// ```
/// -1-2-3-|  →  ---(t|)     (any { $0 > 1 })
/// ```
@usableFromInline
final class AnyStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Bool, Never>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let predicate: (Value) -> Bool
    /// Whether `true` was sent (a value sent back into the source from its callback is ignored).
    @exclusivity(unchecked) @usableFromInline var decided = false

    @inlinable
    init(_ arguments: Predicate<Value>, feeding downstream: Subscriber<Bool, Never>) {
        self.predicate = arguments.test
        super.init(feeding: downstream, as: AnyStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        guard !decided, predicate(value) else { return }
        decided = true
        emitNext(true)
        // As RAC: the source is disposed before the completion is sent.
        dispose()
        emitCompleted()
    }

    /// The source failed before any value passed: `false`, then the completion.
    @inlinable
    func receive(error _: Failure) {
        emitNext(false)
        emitCompleted()
    }

    /// The source completed before any value passed: `false`, then the completion.
    @inlinable
    func receiveCompleted() {
        emitNext(false)
        emitCompleted()
    }
}

/// A subscription of `all(_:)`: at the first value that fails `predicate`, sends `false`, disposes
/// itself (and so the source) and completes; sends `false` if the source fails, `true` if it
/// completes, then completes.
///
/// ```
/// -1-5-|  →  ---(f|)     (all { $0 < 4 })
/// ```
@usableFromInline
final class AllStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Bool, Never>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let predicate: (Value) -> Bool
    /// Whether `false` was sent (a value sent back into the source from its callback is ignored).
    @exclusivity(unchecked) @usableFromInline var decided = false

    @inlinable
    init(_ arguments: Predicate<Value>, feeding downstream: Subscriber<Bool, Never>) {
        self.predicate = arguments.test
        super.init(feeding: downstream, as: AllStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        guard !decided, !predicate(value) else { return }
        decided = true
        emitNext(false)
        // As RAC: the source is disposed before the completion is sent.
        dispose()
        emitCompleted()
    }

    /// The source failed: `false`, then the completion.
    @inlinable
    func receive(error _: Failure) {
        emitNext(false)
        emitCompleted()
    }

    /// Every value passed (or there was none): `true`, then the completion.
    @inlinable
    func receiveCompleted() {
        emitNext(true)
        emitCompleted()
    }
}
