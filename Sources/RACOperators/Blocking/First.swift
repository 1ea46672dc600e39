// RAC's `-first` and `-firstOrDefault:`: block until the first value.

extension Signal {
    /// RAC: `-first`. Blocks until the first value and returns it (disposing the subscription),
    /// returns `nil` if the signal completes without a value, or throws its error.
    ///
    /// On the main thread, blocking while an action scheduled on `Scheduler.main` waits to run (or
    /// comes due during the wait) stops the process with a message naming this call: only the main
    /// thread runs that action, so a signal that needs it would never end. The same holds inside an
    /// action of a `QueueScheduler` for that scheduler's due actions (Docs/Concepts.md, "Blocking
    /// on the main thread, or on a serial scheduler's thread").
    ///
    /// Peers: this blocks the calling thread and returns the value. RxSwift's `first()` and
    /// Combine's `first()` are operators that return a signal (RxSwift's blocking one is
    /// RxBlocking's `toBlocking().first()`): here that signal is `take(1)`; to wait without
    /// blocking a thread, `try await first()`.
    ///
    /// ```
    /// self:          --a-b-|
    /// first():       a        (the subscription is disposed after a)
    /// self:          ---|     first() == nil
    /// as a signal:   --(a|)   (take(1): their first())
    /// ```
    ///
    /// - Returns: The first value, or `nil` if this signal completes without one.
    /// - Throws: This signal's error, if it fails before sending a value.
    ///
    /// ```swift
    /// // In synchronous code (a tool, a test); an async function writes `await settings.first()`.
    /// func currentTheme(_ settings: Signal<String, Never>) -> String {
    ///     settings.first() ?? "light"
    /// }
    /// print(currentTheme(Signal(values: ["dark", "sepia"])))   // prints dark
    /// print(currentTheme(.empty))                              // prints light
    /// ```
    public func first() throws(Failure) -> Value? {
        try firstValue(call: "first()")
    }

    /// RAC: `-firstOrDefault:`. Like `first()`, but returns `defaultValue` for an empty signal.
    ///
    /// On the main thread, blocking while an action scheduled on `Scheduler.main` waits to run (or
    /// comes due during the wait) stops the process with a message naming this call: only the main
    /// thread runs that action, so a signal that needs it would never end. The same holds inside an
    /// action of a `QueueScheduler` for that scheduler's due actions (Docs/Concepts.md, "Blocking
    /// on the main thread, or on a serial scheduler's thread").
    ///
    /// ```
    /// self:                 ---|
    /// first(default: z):    z
    /// ```
    ///
    /// - Parameter defaultValue: What to return if this signal completes without a value.
    /// - Returns: The first value, or `defaultValue` if this signal completes without one.
    /// - Throws: This signal's error, if it fails before sending a value.
    public func first(default defaultValue: Value) throws(Failure) -> Value {
        try firstValue(call: "first(default:)") ?? defaultValue
    }

    /// The first value, `nil` for an empty signal, or the error; `call` names the caller.
    private func firstValue(call: String) throws(Failure) -> Value? {
        let (values, failure) = blockingCollect(limit: 1, call: call)
        if let value = values.first { return value }
        if let failure { throw failure }
        return nil
    }
}
