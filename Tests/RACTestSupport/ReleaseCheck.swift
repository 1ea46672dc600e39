import RACCore
import RACTesting
import Testing

// Release checks: every test that builds a chain asserts that, once the chain has ended, it is
// deallocated. A suite opts in with the `.checksRelease` trait; its tests then ask for objects to
// be released with `expectReleased(_:_:)` (the subscribers made by the support helpers are asked
// for automatically), and the trait checks each one after the test has returned, when the test's
// own references are gone. So every chain a test builds must have ended (a terminal event, or
// `dispose()`) by then, and let go of what it held. One file for every test target (this target
// is not a product).

/// Runs each test of the suite (or the test) it is attached to with a `ReleaseWatch`, then checks
/// that everything the test watched has been released.
package struct ReleaseCheck: SuiteTrait, TestTrait, TestScoping {
    package var isRecursive: Bool { true }

    package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let watch = ReleaseWatch()
        try await ReleaseWatch.$current.withValue(watch) {
            try await function()
        }
        await watch.verify()
    }
}

extension Trait where Self == ReleaseCheck {
    /// After each test, checks that every object it watched was released (see `ReleaseCheck`).
    package static var checksRelease: Self { Self() }
}

/// The objects one test asked to be released, held weakly.
package final class ReleaseWatch: @unchecked Sendable {
    /// The watch of the running test, set by `ReleaseCheck`.
    @TaskLocal package static var current: ReleaseWatch?

    private struct Entry {
        /// Whether what the entry watches is still held.
        let isAlive: @Sendable () -> Bool
        let what: String
        let sourceLocation: SourceLocation
    }

    private let lock = PthreadLock()
    private var entries: [Entry] = []

    /// Watches `object` through a weak reference.
    package func add(_ object: AnyObject, _ what: String, _ sourceLocation: SourceLocation) {
        let box = WeakBox(object)
        add(what, sourceLocation) { box.object != nil }
    }

    /// Watches whatever `isAlive` tells about.
    package func add(
        _ what: String, _ sourceLocation: SourceLocation, isAlive: @escaping @Sendable () -> Bool
    ) {
        let entry = Entry(isAlive: isAlive, what: what, sourceLocation: sourceLocation)
        lock.withLock { entries.append(entry) }
    }

    /// The running test's watch; without one (no `.checksRelease`), an issue at `sourceLocation`.
    package static func required(_ sourceLocation: SourceLocation) -> ReleaseWatch? {
        guard let current else {
            Issue.record(
                "expectReleased(_:_:) needs the .checksRelease trait on the test or its suite",
                sourceLocation: sourceLocation)
            return nil
        }
        return current
    }

    /// Records an issue for each watched object still alive. Nearly everything is released
    /// synchronously; what another thread holds last (a queue, a thread) may go a moment later,
    /// so this waits up to two seconds before failing (never a timing assertion).
    package func verify() async {
        let deadline = ContinuousClock.now.advanced(by: .seconds(2))
        var alive = lock.withLock { entries.filter { $0.isAlive() } }
        while !alive.isEmpty, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
            alive = alive.filter { $0.isAlive() }
        }
        for entry in alive {
            Issue.record(
                """
                \(entry.what) was not released once the test ended: a chain still holds it (a leak), \
                or the test left the chain running
                """, sourceLocation: entry.sourceLocation)
        }
    }
}

/// A weak reference.
private final class WeakBox: @unchecked Sendable {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// Asks that `object` (a subscriber or subscription, a subject, a signal, an object a chain
/// captures) be released by the time the test has returned: checked then by the `.checksRelease`
/// trait, which the test's suite must have. Call it once the object exists; the chain holding it
/// must have ended before the test returns.
package func expectReleased(
    _ object: AnyObject, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    ReleaseWatch.required(sourceLocation)?.add(object, what, sourceLocation)
}

/// Watches `object` if the running test checks releases (support helpers watch what they make).
package func watchRelease(_ object: AnyObject, _ what: String, sourceLocation: SourceLocation) {
    ReleaseWatch.current?.add(object, what, sourceLocation)
}

/// Asks that `recorder`'s subscription have ended and its chain have released the subscriber
/// (`TestRecorder.isReleased`) by the time the test has returned; checked then by the
/// `.checksRelease` trait, which the test's suite must have.
package func expectReleased<Value, Failure>(
    _ recorder: TestRecorder<Value, Failure>, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    ReleaseWatch.required(sourceLocation)?.add(what, sourceLocation) { !recorder.isReleased }
}
