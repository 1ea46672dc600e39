import RACCore
import RACTestSupport
import Testing

/// A thread-safe list of the events a subscription received, for exact comparisons in tests.
final class Recorder<Value, Failure: Error>: @unchecked Sendable {
    private let lock = PthreadLock()
    private var recorded: [Event<Value, Failure>] = []

    var events: [Event<Value, Failure>] { lock.withLock { recorded } }
    var values: [Value] { events.compactMap(\.value) }

    /// A subscriber that appends every event it receives. In a test that checks releases, the
    /// subscriber must be released once the test has returned (see `ReleaseCheck`).
    func subscriber(sourceLocation: SourceLocation = #_sourceLocation) -> Subscriber<Value, Failure> {
        let subscriber = Subscriber<Value, Failure> { [self] event in
            lock.withLock { recorded.append(event) }
        }
        watchRelease(subscriber, "the Recorder's subscriber made here", sourceLocation: sourceLocation)
        return subscriber
    }
}

/// A test error with a code, so that tests can tell errors apart.
struct TestError: Error, Equatable {
    let code: Int
    init(_ code: Int = 0) { self.code = code }
}

/// An object whose deallocation tests observe through a weak reference.
final class Token: @unchecked Sendable {}
