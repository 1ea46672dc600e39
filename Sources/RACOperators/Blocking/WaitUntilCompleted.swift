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
    /// Peers: this blocks the calling thread. RxSwift and Combine have no blocking wait (RxSwift's
    /// lives in RxBlocking, `toBlocking()`); the signal of the end alone is `ignoreValues()`,
    /// and an async function can `for try await _ in signal.values {}`.
    ///
    /// ```
    /// self:            -a-b-|      returns after |
    /// self:            -a-#        throws
    /// as a signal:     -----|      (ignoreValues())
    /// ```
    public func waitUntilCompleted() throws(Failure) {
        let (_, failure) = blockingCollect(limit: .max, call: "waitUntilCompleted()")
        if let failure { throw failure }
    }
}
