import RACTestSupport
import RACTesting

// Its own error type: `TestError` is `Equatable`, and these tests need one that is not (the
// marble checks then compare errors by their description).
/// An error that is not `Equatable`, compared by its description.
struct Opaque: Error, CustomStringConvertible {
    let reason: String
    var description: String { "Opaque(\(reason))" }
}

/// Collects the failures a scheduler reports instead of failing the test.
final class FailureCapture: Sendable {
    private let failures = Locked<[TestFailure]>([])

    /// Makes `scheduler` report to this capture.
    init(_ scheduler: TestScheduler) {
        scheduler.failureReporter = FailureReporter { [failures] failure in
            failures.withValue { $0.append(failure) }
        }
    }

    var all: [TestFailure] { failures.current }
    var messages: [String] { all.map(\.message) }
}
