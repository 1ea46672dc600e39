import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// Runs `cases` like `expectMarbles`, handing `apply` the case's own scheduler (time operators need
/// it, and may make further test signals on it), and checks that no timer is left scheduled.
/// `#` in a source is `TestError(1)`.
func expectTimedMarbles<Output: Equatable, OutputFailure: Equatable>(
    _ apply: (Signal<String, TestError>, TestScheduler) throws -> Signal<Output, OutputFailure>,
    output: [String: Output],
    error: OutputFailure?,
    _ cases: [MarbleCase],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    for marbleCase in cases {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal(marbleCase.source, values: letters, error: TestError(1))
        let result = try apply(source, scheduler)
        let what = "timed case \"\(marbleCase.source)\" -> \"\(marbleCase.expected)\""
        watchRelease(source, "the source signal of the \(what)", sourceLocation: sourceLocation)
        watchRelease(result, "the result signal of the \(what)", sourceLocation: sourceLocation)
        try scheduler.expect(
            result, toEmit: marbleCase.expected, values: output, error: error,
            disposeAt: marbleCase.disposeAt, sourceLocation: sourceLocation)
        try scheduler.expect(
            source, toHaveSubscriptions: marbleCase.subscriptions, sourceLocation: sourceLocation)
        #expect(scheduler.isEmpty, "a timer was left scheduled: \(what)", sourceLocation: sourceLocation)
    }
}

/// `expectTimedMarbles` for an operator that keeps `String` values and the `TestError` failure.
func expectTimedMarbles(
    _ apply: (Signal<String, TestError>, TestScheduler) throws -> Signal<String, TestError>,
    _ cases: [MarbleCase],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try expectTimedMarbles(
        apply, output: letters, error: TestError(1), cases, sourceLocation: sourceLocation)
}
