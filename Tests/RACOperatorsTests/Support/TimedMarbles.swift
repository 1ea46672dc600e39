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
    try runMarbleCases(
        apply, input: letters, output: output, error: error, cases, named: "timed", checksTimers: true,
        sourceLocation: sourceLocation)
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
