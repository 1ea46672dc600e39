// mapError: the same values, each error transformed (its stage is map's, `MapStage`).

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
        lift(
            MapStage.self, Transforms({ $0 }, transform),
            named: SignalDebugNames.name("[\(self.name)] -mapError:"))
    }
}
