import RACCore
import Testing
import XCTest

// Release checks: a test that builds a chain asserts that, once the chain has ended, it is
// deallocated. In Swift Testing a suite (or test) opts in with the `.checksRelease` trait; its tests
// then ask for objects to be released with `expectReleased(_:_:)`, and the trait checks each one
// after the test has returned, when the test's own references are gone. So every chain a test
// builds must have ended (a terminal event, or `dispose()`) by then, and let go of what it held.
// In XCTest, `XCTestCase.expectReleased(_:_:)` does the same with a teardown block. This is the
// check the project's own tests use.

/// A Swift Testing trait: runs each test of the suite (or the test) it is attached to with a
/// watch, then checks that every object the test asked about with `expectReleased(_:_:)` has been
/// released, waiting up to `waitingUpTo` (one second unless set) for what another thread lets go
/// of last. A failure says what the check knows of the object: whether it is a subscription the
/// test left running (not disposed) or one that ended and is still held (a leak), and what the
/// object itself holds (its stored properties), where a cycle back to it would show.
///
/// RAC: none (RxSwift's `Resources.total` counted live objects; this names the object that leaked).
///
/// ```
/// @Suite(.checksRelease) struct ChainTests {
///     @Test func mapReleases() {
///         let subject = Subject<Int, Never>()
///         let subscription = subject.map { $0 }.subscribe(next: { _ in })
///         expectReleased(subscription, "the map subscription")
///         subject.sendCompleted()       // without this: "… was not released once the test ended"
///     }
/// }
/// ```
public struct ReleaseCheck: SuiteTrait, TestTrait, TestScoping {
    /// How long, in real time, the check waits for a watched object to go before failing.
    public let waitingUpTo: Duration

    /// The trait; usually written `.checksRelease`, or `.checksRelease(waitingUpTo:)` to set the
    /// wait (default one second; it must be positive).
    public init(waitingUpTo: Duration = .seconds(1)) {
        checkTimeout(waitingUpTo, in: "ReleaseCheck(waitingUpTo:)")
        self.waitingUpTo = waitingUpTo
    }

    /// Applies to every test of a suite it is attached to.
    public var isRecursive: Bool { true }

    /// Scopes each test case (not the suite as a whole).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Runs the test with a watch, then checks the watched objects.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let watch = ReleaseWatch()
        try await ReleaseWatch.$current.withValue(watch) {
            try await function()
        }
        await watch.verify(waitingUpTo: waitingUpTo)
    }
}

extension Trait where Self == ReleaseCheck {
    /// After each test, checks that every object it asked about with `expectReleased(_:_:)` was
    /// released (see `ReleaseCheck`).
    ///
    /// ```
    /// @Suite(.checksRelease) struct ChainTests { … }
    /// ```
    public static var checksRelease: Self { Self() }

    /// `.checksRelease`, waiting at most `duration` of real time for a watched object to go.
    ///
    /// ```
    /// @Suite(.checksRelease(waitingUpTo: .milliseconds(100))) struct ChainTests { … }
    /// ```
    public static func checksRelease(waitingUpTo duration: Duration) -> Self { Self(waitingUpTo: duration) }
}

/// The objects one test asked to be released, held weakly.
package final class ReleaseWatch: @unchecked Sendable {
    /// The watch of the running test, set by `ReleaseCheck`.
    @TaskLocal package static var current: ReleaseWatch?

    private struct Entry {
        /// Whether what the entry watches is still held.
        let isAlive: @Sendable () -> Bool
        /// What is known of why it is still held, once the check has failed.
        let diagnosis: @Sendable () -> String
        let what: String
        let sourceLocation: SourceLocation
    }

    private let lock = PthreadLock()
    private var entries: [Entry] = []

    /// Watches `object` through a weak reference.
    package func add(_ object: AnyObject, _ what: String, _ sourceLocation: SourceLocation) {
        let box = WeakBox(object)
        add(
            what, sourceLocation, isAlive: { box.object != nil },
            diagnosis: { releaseDiagnosis(of: box.object) })
    }

    /// Watches whatever `isAlive` tells about.
    package func add(
        _ what: String, _ sourceLocation: SourceLocation, isAlive: @escaping @Sendable () -> Bool,
        diagnosis: @escaping @Sendable () -> String = { "" }
    ) {
        let entry = Entry(isAlive: isAlive, diagnosis: diagnosis, what: what, sourceLocation: sourceLocation)
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
    /// so this waits up to `waitingUpTo` before failing (never a timing assertion).
    package func verify(waitingUpTo: Duration = .seconds(1)) async {
        let deadline = ContinuousClock.now.advanced(by: waitingUpTo)
        var alive = lock.withLock { entries.filter { $0.isAlive() } }
        while !alive.isEmpty, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
            alive = alive.filter { $0.isAlive() }
        }
        for entry in alive {
            let message =
                "\(entry.what) was not released once the test ended: a chain still holds it (a leak), "
                + "or the test left the chain running" + entry.diagnosis()
            Issue.record(Comment(rawValue: message), sourceLocation: entry.sourceLocation)
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
/// trait, which the test or its suite must have (without it, an issue says so). Call it once the
/// object exists; the chain holding it must have ended before the test returns.
///
/// ```
/// expectReleased(subscription, "the map subscription")
/// ```
public func expectReleased(
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
/// `.checksRelease` trait, which the test or its suite must have.
///
/// ```
/// let recorder = scheduler.record(signal, disposeAt: 5)
/// expectReleased(recorder, "the recorded chain")
/// ```
public func expectReleased<Value, Failure>(
    _ recorder: TestRecorder<Value, Failure>, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    ReleaseWatch.required(sourceLocation)?.add(
        what, sourceLocation, isAlive: { !recorder.isReleased },
        diagnosis: {
            recorder.endTime == nil
                ? "\n  the recorded subscription is still active: the test left it running"
                : "\n  the recorded subscription ended, but the chain still holds its subscriber (a leak)"
        })
}

extension XCTestCase {
    /// XCTest's release check: asks that `object` be released by the time the test method has
    /// returned; a teardown block checks it then (waiting up to `waitingUpTo`, one second unless
    /// set, for what another thread lets go of last) and fails the test, at this call, if it is
    /// still alive, saying what is known of why (see `ReleaseCheck`).
    ///
    /// ```
    /// func testMapReleases() {
    ///     let subscription = subject.map { $0 }.subscribe(next: { _ in })
    ///     expectReleased(subscription, "the map subscription")
    ///     subject.sendCompleted()
    /// }
    /// ```
    public func expectReleased(
        _ object: AnyObject, _ what: String, waitingUpTo: Duration = .seconds(1),
        file: StaticString = #filePath, line: UInt = #line
    ) {
        checkTimeout(waitingUpTo, in: "XCTestCase.expectReleased(_:_:waitingUpTo:)")
        let box = WeakBox(object)
        addTeardownBlock {
            let deadline = ContinuousClock.now.advanced(by: waitingUpTo)
            while box.object != nil, ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.002)
            }
            if box.object != nil {
                XCTFail(
                    "\(what) was not released once the test ended: a chain still holds it (a leak), "
                        + "or the test left the chain running" + releaseDiagnosis(of: box.object),
                    file: file, line: line)
            }
        }
    }
}

/// What the check knows of an object still alive: the library cannot list who holds an object,
/// so it says whether it is a subscription left running or one that ended (then something holds
/// it: a leak), and what the object holds itself, where a cycle back to it shows.
///
/// ```
///   still alive: SerialDisposable, not disposed: the test left it running (dispose it, or end the chain)
///   it holds: subscriber: Subscriber<Int, Never>, onDispose: (closure)
/// ```
func releaseDiagnosis(of object: AnyObject?) -> String {
    guard let object else { return "" }
    var lines = ["\n  still alive: \(type(of: object))"]
    if let disposable = object as? any Disposable {
        lines[0] +=
            disposable.isDisposed
            ? ", disposed: its chain ended, so something still holds it (a leak; a closure capturing it?)"
            : ", not disposed: the test left it running (dispose it, or end the chain)"
    }
    let held = Mirror(reflecting: object).children.prefix(8).map { child -> String in
        let value = child.value
        let kind = Mirror(reflecting: value).displayStyle
        let shown = kind == nil && "\(type(of: value))".contains("->") ? "(closure)" : "\(type(of: value))"
        return "\(child.label ?? "_"): \(shown)"
    }
    if !held.isEmpty {
        lines.append("\n  it holds: " + held.joined(separator: ", "))
    }
    return lines.joined()
}
