import RACCore
import Testing

extension TestScheduler {
    /// The `await`-able `expect(_:toEmit:values:error:disposeAt:)`, for chains with async work
    /// (`Signal { try await … }`): subscribes to `signal` now and runs the scheduler with
    /// `runSettled(timeout:)`, so that each async operation hands its result back at the virtual
    /// time it ends (the time it started, or when its `TestClock` sleep ends) before time moves
    /// on; then compares, with the same diff. Values are named as there: through `values`, or
    /// without them, a `String` name standing for itself (any other type's marble names no
    /// value). RAC: none; RxTest: none (its observables were synchronous).
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
    /// try await scheduler.expectSettled(Signal { await echo("a") }, toEmit: "(a|)")
    /// try await scheduler.expectSettled(Signal { try await upload() }.ignoreValues(), toEmit: "|")
    /// ```
    ///
    /// - Throws: `MarbleError` for a bad marble; `TestTimeout` if the async work does not settle
    ///   within `timeout` of real time; `CancellationError` if the task is cancelled.
    @discardableResult
    public func expectSettled<Value: Equatable, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation,
        _ signal: Signal<Value, Failure>,
        toEmit marble: String,
        values: [String: Value]? = nil,
        error: Failure? = nil,
        disposeAt frame: Int? = nil,
        timeout: Duration = .seconds(5),
        sourceLocation: SourceLocation? = nil, fileID: String = #fileID, file: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async throws -> Bool {
        let expected = try expectedEvents(marble, values: values, error: error)
        let recorder = record(signal, disposeAt: frame)
        try await runSettled(timeout: timeout)
        return verify(
            recorder, watch: nil, expected: expected, values: values, marble: marble, signal: signal,
            call: "expectSettled(_:toEmit:)", at: CallSite(sourceLocation, fileID, file, line, column))
    }
}
