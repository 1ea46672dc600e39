// RAC's `-waitUntilCompleted:`: block until the signal completes.

extension Signal {
    /// RAC: `-waitUntilCompleted:`. Blocks until the signal completes, or throws its error.
    ///
    /// On the main thread, blocking while an action scheduled on `Scheduler.main` waits to run (or
    /// comes due during the wait) stops the process with a message naming this call: only the main
    /// thread runs that action, so a signal that needs it would never end. The same holds inside an
    /// action of a `QueueScheduler` for that scheduler's due actions (Docs/Concepts.md, "Blocking
    /// on the main thread, or on a serial scheduler's thread").
    ///
    /// ```
    /// self:  -a-b-|      returns after |
    /// self:  -a-#        throws
    /// ```
    public func waitUntilCompleted() throws(Failure) {
        let (_, failure) = blockingCollect(limit: .max, call: "waitUntilCompleted()")
        if let failure { throw failure }
    }
}
