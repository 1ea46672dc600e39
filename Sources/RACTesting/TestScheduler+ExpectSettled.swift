import RACCore
import Testing

extension TestScheduler {
    /// The `await`-able `expect(_:toEmit:values:error:disposeAt:)`, for chains with async work
    /// (`Signal { try await … }`): subscribes to `signal` now and runs the scheduler with
    /// `runSettled(timeout:)`, so that each async operation hands its result back at the virtual
    /// time it ends (the time it started, or when its `TestClock` sleep ends) before time moves
    /// on; then compares, with the same diff. RAC: none; RxTest: none (its observables were
    /// synchronous).
    ///
    /// Use the synchronous `expect` for chains without async work (it is all virtual time); use
    /// this one when an operator subscribes to `Signal { try await … }`, whose result the
    /// synchronous form would miss (it arrives in real time, after the run). With `checksRelease`
    /// on, it checks that the recorder's subscriber was let go of (the synchronous form also
    /// watches every subscriber inside the chain, which needs one thread).
    ///
    /// ```
    /// query:   -a-b---------c----|
    /// results: try await scheduler.expectSettled(viewModel.results, toEmit: "------x----------y-|", …)
    /// ```
    ///
    /// - Throws: `MarbleError` for a bad marble; `TestTimeout` if the async work does not settle
    ///   within `timeout` of real time; `CancellationError` if the task is cancelled.
    @discardableResult
    public func expectSettled<Value: Equatable, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation,
        _ signal: Signal<Value, Failure>,
        toEmit marble: String,
        values: [String: Value],
        error: Failure? = nil,
        disposeAt frame: Int? = nil,
        timeout: Duration = .seconds(5),
        sourceLocation: SourceLocation? = nil,
        fileID: String = #fileID,
        file: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async throws -> Bool {
        try await checkSettled(
            isolation: isolation, signal, marble, values: .dictionary(values), error: error, disposeAt: frame,
            timeout: timeout,
            name: { value in Self.name(of: value, in: values) }, same: { sameEvents($0, $1) },
            at: CallSite(sourceLocation, fileID, file, line, column))
    }

    /// `expectSettled(_:toEmit:values:error:disposeAt:timeout:)` for `String` values, each name
    /// standing for itself.
    ///
    /// ```
    /// try await scheduler.expectSettled(Signal { await echo("a") }, toEmit: "(a|)")
    /// ```
    @discardableResult
    public func expectSettled<Failure: Error>(
        isolation: isolated (any Actor)? = #isolation,
        _ signal: Signal<String, Failure>,
        toEmit marble: String,
        error: Failure? = nil,
        disposeAt frame: Int? = nil,
        timeout: Duration = .seconds(5),
        sourceLocation: SourceLocation? = nil,
        fileID: String = #fileID,
        file: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async throws -> Bool {
        try await checkSettled(
            isolation: isolation, signal, marble, values: .names, error: error, disposeAt: frame,
            timeout: timeout, name: { $0 },
            same: { sameEvents($0, $1) }, at: CallSite(sourceLocation, fileID, file, line, column))
    }

    /// `expectSettled(_:toEmit:values:error:disposeAt:timeout:)` for a marble that names no value.
    ///
    /// ```
    /// try await scheduler.expectSettled(Signal { try await upload() }.ignoreValues(), toEmit: "|")
    /// ```
    @discardableResult
    public func expectSettled<Value: Equatable, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation,
        _ signal: Signal<Value, Failure>,
        toEmit marble: String,
        error: Failure? = nil,
        disposeAt frame: Int? = nil,
        timeout: Duration = .seconds(5),
        sourceLocation: SourceLocation? = nil,
        fileID: String = #fileID,
        file: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async throws -> Bool {
        try await checkSettled(
            isolation: isolation, signal, marble, values: .absent, error: error, disposeAt: frame,
            timeout: timeout,
            name: { String(describing: $0) }, same: { sameEvents($0, $1) },
            at: CallSite(sourceLocation, fileID, file, line, column))
    }

    private func checkSettled<Value, Failure>(
        isolation: isolated (any Actor)? = #isolation,
        _ signal: Signal<Value, Failure>,
        _ marble: String,
        values: MarbleValues<Value>,
        error: Failure?,
        disposeAt frame: Int?,
        timeout: Duration,
        name: (Value) -> String,
        same: (Recorded<Event<Value, Failure>>, Recorded<Event<Value, Failure>>) -> Bool,
        at callSite: CallSite
    ) async throws -> Bool {
        let expected = try expectedEvents(marble, values: values, error: error)
        let recorder = record(signal, disposeAt: frame)
        try await runSettled(timeout: timeout)
        return verify(
            recorder, watch: nil, expected: expected, marble: marble, signal: signal, name: name,
            same: same, call: "expectSettled(_:toEmit:)", at: callSite)
    }
}
