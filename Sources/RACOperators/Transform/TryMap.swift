// tryMap: a map whose transform may throw, ending the signal, with its stage.

extension Signal {
    /// RAC: `-tryMap:`. Sends `transform(value)` for each value; if `transform` throws, sends that
    /// error and ends (the source is disposed). Typed throws replace RAC's `NSError **`.
    ///
    /// ```
    /// self:                                -1-2-3-|
    /// tryMap { $0 == 2 ? throw e : $0 }:   -1-#          (# = e; the source is disposed)
    /// ```
    ///
    /// - Parameter transform: makes the value to send from each source value, or throws this signal's
    ///   error to end it.
    /// - Returns: a signal of `transform(value)` for each source value; it fails with the first error
    ///   `transform` throws (disposing the source), or completes or fails when the source does.
    @inlinable
    public func tryMap<NewValue>(
        _ transform: @escaping (Value) throws(Failure) -> NewValue
    ) -> Signal<NewValue, Failure> {
        lift(
            TryMapStage.self, ThrowingTransform(transform),
            named: SignalDebugNames.name("[\(self.name)] -tryMap:"))
    }
}

/// The transform of `tryMap(_:)` as a `LiftedSignal`'s arguments (a closure with a typed throw:
/// see `Predicate`).
@usableFromInline
struct ThrowingTransform<Value, NewValue, Failure: Error> {
    @usableFromInline let transform: (Value) throws(Failure) -> NewValue

    @inlinable
    init(_ transform: @escaping (Value) throws(Failure) -> NewValue) {
        self.transform = transform
    }
}

/// A subscription of `tryMap(_:)`: sends `transform(value)` for each value; if `transform` throws,
/// disposes this stage (and so the source), then sends the error.
///
/// ```
/// -1-2-3-|  →  -1-#     (tryMap { $0 == 2 ? throw e : $0 })
/// ```
@usableFromInline
final class TryMapStage<Value, NewValue, Failure: Error>:
    OperatorStage<Value, Failure, NewValue, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let transform: (Value) throws(Failure) -> NewValue

    @inlinable
    init(
        _ arguments: ThrowingTransform<Value, NewValue, Failure>,
        feeding downstream: Subscriber<NewValue, Failure>
    ) {
        self.transform = arguments.transform
        super.init(feeding: downstream, as: TryMapStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        let mapped: NewValue
        do throws(Failure) {
            mapped = try transform(value)
        } catch {
            // As RAC: the source is disposed before the error is sent.
            dispose()
            emitError(error)
            return
        }
        emitNext(mapped)
    }
}
