// The async twin of RAC's `-first`: the first value, awaited.

extension Signal {
    /// RAC: none (the async twin of `-first`). The first value, awaited without blocking a thread;
    /// `nil` if the signal completes empty; throws its error.
    ///
    /// ```
    /// self:                --a-b-|
    /// await first():       a          (the subscription is disposed after a)
    /// ```
    public func first() async throws(Failure) -> Value? {
        var iterator = values.makeAsyncIterator()
        return try await iterator.next()
    }
}
