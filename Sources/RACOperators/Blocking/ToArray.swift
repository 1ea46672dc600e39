// RAC's `-toArray`: block until the signal completes, and return its values.

extension Signal {
    /// RAC: `-toArray`. Blocks until the signal completes and returns all its values, or throws
    /// its error.
    ///
    /// On the main thread, blocking while an action scheduled on `Scheduler.main` waits to run (or
    /// comes due during the wait) stops the process with a message naming this call: only the main
    /// thread runs that action, so a signal that needs it would never end. The same holds inside an
    /// action of a `QueueScheduler` for that scheduler's due actions (Docs/Concepts.md, "Blocking
    /// on the main thread, or on a serial scheduler's thread").
    ///
    /// Peers: this blocks the calling thread and returns the array. RxSwift's `toArray()` is an
    /// operator (a `Single` of the array) and Combine's is `collect()`: here that signal is
    /// `collect()`; to wait without blocking a thread, `for try await` over `values`.
    ///
    /// ```
    /// self:          -a-b-c-|
    /// toArray():     [a, b, c]
    /// as a signal:   -------(x|)     x = [a, b, c]  (collect(): their toArray())
    /// ```
    ///
    /// - Returns: every value the signal sent, in order, once it has completed.
    public func toArray() throws(Failure) -> [Value] {
        let (values, failure) = blockingCollect(limit: .max, call: "toArray()")
        if let failure { throw failure }
        return values
    }
}
