// `Signal { … }` never becomes a signal of closures.
//
// A trailing closure may fill any first parameter, labelled or not, so `Signal { try await f() }`
// can match two initialisers: the async operation, `Signal(_:)` (Async/FromAsync.swift), and
// `Signal(value:)`, whose `Value` would be the closure's function type. Where the signal's types
// are written, only the first fits. Where they are inferred, as in
// `query.map { q in Signal { try await search(q) } }.switchToLatest()`, the second fits whenever
// the first does not (the operation throws another error than the signal's `Failure`), and Swift
// took it: a `Signal<() async throws -> [String], Never>` that sends the closure and never calls
// it. `Signal(value:)` is disfavored (RACCore, SignalFactories.swift), so the async operation wins
// whenever it fits; when it does not, the two initialisers below, more specific than
// `Signal(value:)` for a value that is a function, are chosen, and their use does not compile:
// they throw (a call without `try` is an error) and are deprecated with a message that says what
// happened and what to write. An `unavailable` declaration would not do: Swift ranks it below
// any available one, so `Signal(value:)` would be chosen again.

/// RAC: none. The error of the initialisers that make `Signal { … }` with a closure that is not
/// the signal's operation a compile error; always thrown, so never seen in a program that
/// compiles without `try`. `OperationFailure` is the error the closure throws, `SignalFailure`
/// the signal's.
///
/// ```
/// query.map { q in Signal { try await search(q) } }   // query: Signal<String, Never>
/// error: call can throw, but it is not marked with 'try' …   (and the message below)
/// ```
public struct SignalClosureMismatch<OperationFailure: Error, SignalFailure: Error>: Error, Equatable {
    /// The error; made only by the initialisers that always throw it.
    ///
    /// ```
    /// SignalClosureMismatch<any Error, Never>()
    /// ```
    public init() {}
}

extension Signal {
    /// RAC: none. Not a way to make a signal: `Signal { try await … }` whose closure does not fit
    /// the async operation, `@Sendable () async throws(Failure) -> Value` (its error type is not
    /// the signal's `Failure`), would otherwise become `Signal(value:)` of the closure. This
    /// initialiser is chosen instead, and does not compile: it throws, and its deprecation message
    /// says what to change.
    ///
    /// ```
    /// query.map { q in Signal { try await search(q) } }       compile error, and this message
    /// query.map { q in Signal<[String], Never> { … } }        invalid conversion from throwing function …
    /// failing.map { q in Signal<[String], E> { … } }          … thrown error type 'any Error' to 'E'
    /// ```
    ///
    /// - Parameter operation: the closure whose error type is not the signal's `Failure`; never called.
    @available(
        *, deprecated,
        message: """
            Signal { … } with this closure would be Signal(value:), a signal whose one value is the \
            closure: the closure does not fit the async operation '@Sendable () async throws(Failure) \
            -> Value' because its error type is not the signal's Failure (a closure that uses 'try' \
            throws 'any Error' unless written '{ () async throws(E) -> V in … }'). Write the signal's \
            types, Signal<Value, Failure> { … }, to see both; then make them match: promoteError(_:) \
            or mapError(_:) on the outer signal, a closure typed 'throws(Failure)', or catch inside \
            the operation. (This initialiser always throws.)
            """
    )
    public convenience init<Result, OperationFailure: Error>(
        value operation: @escaping @Sendable () async throws(OperationFailure) -> Result
    ) throws(SignalClosureMismatch<OperationFailure, Failure>)
    where Value == @Sendable () async throws(OperationFailure) -> Result {
        throw SignalClosureMismatch()
    }

    /// RAC: none. Not a way to make a signal: `Signal { work() }` with a synchronous closure, where
    /// the signal's types are inferred and Swift prefers not to make the closure asynchronous,
    /// would otherwise become `Signal(value:)` of the closure. This initialiser is chosen instead,
    /// and does not compile: it throws, and its deprecation message says what to change.
    ///
    /// ```
    /// query.map { q in Signal { count(q) } }.switchToLatest()   compile error
    /// query.map { q in Signal<Int, Never> { count(q) } }         the async operation: (n|)
    /// ```
    ///
    /// - Parameter operation: the synchronous closure; never called.
    @available(
        *, deprecated,
        message: """
            Signal { … } with this synchronous closure would be Signal(value:), a signal whose one \
            value is the closure. Write the signal's types, Signal<Value, Failure> { … }, to make it \
            the operation (then its error type must be the signal's Failure), or use Signal.try { … } \
            or Signal(value: work()) for work done once, at once. (This initialiser always throws.)
            """
    )
    public convenience init<Result, OperationFailure: Error>(
        value operation: @escaping @Sendable () throws(OperationFailure) -> Result
    ) throws(SignalClosureMismatch<OperationFailure, Failure>)
    where Value == @Sendable () throws(OperationFailure) -> Result {
        throw SignalClosureMismatch()
    }
}
