// The async twin of RAC's `-first`: the first value, awaited.

extension Signal {
    /// RAC: none (the async twin of `-first`). The first value, awaited without blocking a thread;
    /// `nil` if the signal completes empty; throws its error.
    ///
    /// ```
    /// self:                --a-b-|
    /// await first():       a          (the subscription is disposed after a)
    /// ```
    ///
    /// - Returns: The first value, or `nil` if this signal completes without one.
    /// - Throws: This signal's error, if it fails before sending a value.
    public func first() async throws(Failure) -> Value? {
        var iterator = values.makeAsyncIterator()
        return try await iterator.next()
    }
}
