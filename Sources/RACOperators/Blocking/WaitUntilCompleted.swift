// RAC's `-waitUntilCompleted:`: block until the signal completes.

extension Signal {
    /// RAC: `-waitUntilCompleted:`. Blocks until the signal completes, or throws its error.
    ///
    /// ```
    /// self:  -a-b-|      returns after |
    /// self:  -a-#        throws
    /// ```
    public func waitUntilCompleted() throws(Failure) {
        let (_, failure) = blockingCollect(limit: .max)
        if let failure { throw failure }
    }
}
