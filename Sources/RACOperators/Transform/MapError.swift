// mapError: the same values, each error transformed (its stage is map's, `MapStage`).

extension Signal {
    /// RAC: none (its errors were all `NSError`). Sends the same values, with each error replaced by
    /// `transform(error)`: the usual way to make two signals' failure types agree.
    ///
    /// ```
    /// self:                 -a-b-#      (# = e)
    /// mapError { E2($0) }:  -a-b-#      (# = E2(e))
    /// ```
    ///
    /// A server's status error turned into the app's own error type:
    ///
    /// ```swift
    /// struct HTTPStatusError: Error { let code: Int }
    /// enum ProfileError: Error { case server(code: Int) }
    /// let response = Signal<String, HTTPStatusError>(error: HTTPStatusError(code: 503))
    /// let profile = response.mapError { ProfileError.server(code: $0.code) }
    /// profile.subscribe(error: { print($0) })    // server(code: 503)
    /// ```
    ///
    /// - Parameter transform: makes the new error from this signal's error.
    /// - Returns: a signal of the same values; it completes when this signal completes and fails
    ///   with `transform(error)` when it fails.
    @inlinable
    public func mapError<NewFailure>(
        _ transform: @escaping (Failure) -> NewFailure
    ) -> Signal<Value, NewFailure> {
        lift(
            MapStage.self, Transforms({ $0 }, transform),
            named: SignalDebugNames.name("[\(self.name)] -mapError:"))
    }
}
