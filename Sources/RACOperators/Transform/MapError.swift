// mapError: the same values, each error transformed, with its stage.

extension Signal {
    /// RAC: none (its errors were all `NSError`). Sends the same values, with each error replaced by
    /// `transform(error)`: the usual way to make two signals' failure types agree.
    ///
    /// ```
    /// self:                 -a-b-#      (# = e)
    /// mapError { E2($0) }:  -a-b-#      (# = E2(e))
    /// ```
    @inlinable
    public func mapError<NewFailure>(
        _ transform: @escaping (Failure) -> NewFailure
    ) -> Signal<Value, NewFailure> {
        lift(MapErrorStage.self, transform, named: SignalDebugNames.name("[\(self.name)] -mapError:"))
    }
}

/// A subscription of `mapError(_:)`: sends the values, and `transform(error)` for the error.
///
/// ```
/// -a-b-#  →  -a-b-#'     (#' = transform(#))
/// ```
@usableFromInline
final class MapErrorStage<Value, Failure: Error, NewFailure: Error>:
    OperatorStage<Value, Failure, Value, NewFailure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let transform: (Failure) -> NewFailure

    @inlinable
    init(_ transform: @escaping (Failure) -> NewFailure, feeding downstream: Subscriber<Value, NewFailure>) {
        self.transform = transform
        super.init(feeding: downstream, as: MapErrorStage.self)
    }

    /// Sends the transformed error.
    @inlinable
    func receive(error failure: Failure) {
        emitError(transform(failure))
    }
}
