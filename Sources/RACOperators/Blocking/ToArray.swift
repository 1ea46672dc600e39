// RAC's `-toArray`: block until the signal completes, and return its values.

extension Signal {
    /// RAC: `-toArray`. Blocks until the signal completes and returns all its values, or throws
    /// its error.
    ///
    /// ```
    /// self:       -a-b-c-|
    /// toArray():  [a, b, c]
    /// ```
    public func toArray() throws(Failure) -> [Value] {
        let (values, failure) = blockingCollect(limit: .max)
        if let failure { throw failure }
        return values
    }
}
