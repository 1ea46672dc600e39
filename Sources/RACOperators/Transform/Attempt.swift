// attempt (RAC's `-try:`): a check that may throw, ending the signal, with its stage.

extension Signal {
    /// RAC: `-try:`. Runs `check(value)` for each value: if it returns, the value is sent; if it
    /// throws, that error is sent and the signal ends (the source is disposed). Typed throws
    /// replace RAC's `BOOL` + `NSError **`.
    ///
    /// ```
    /// self:                                    -1-2-3-|
    /// attempt { if $0 == 2 { throw e } }:      -1-#      (# = e; the source is disposed)
    /// ```
    ///
    /// - Parameter check: runs for each value; it returns to let the value through, or throws this
    ///   signal's error to end it.
    /// - Returns: a signal of the source's values that `check` accepts; it fails with the first error
    ///   `check` throws (disposing the source), or completes or fails when the source does.
    @inlinable
    public func attempt(_ check: @escaping (Value) throws(Failure) -> Void) -> Signal<Value, Failure> {
        lift(AttemptStage.self, Check(check), named: SignalDebugNames.name("[\(self.name)] -try:"))
    }
}

/// A subscription of `attempt(_:)`: sends each value that `check` accepts; if `check` throws,
/// disposes this stage (and so the source), then sends the error.
///
/// ```
/// -1-2-3-|  →  -1-#     (attempt { if $0 == 2 { throw e } })
/// ```
@usableFromInline
final class AttemptStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let check: (Value) throws(Failure) -> Void

    @inlinable
    init(_ arguments: Check<Value, Failure>, feeding downstream: Subscriber<Value, Failure>) {
        self.check = arguments.check
        super.init(feeding: downstream, as: AttemptStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        do throws(Failure) {
            try check(value)
        } catch {
            // As RAC: the source is disposed before the error is sent.
            dispose()
            emitError(error)
            return
        }
        emitNext(value)
    }
}
