import Foundation
import RACCore
import Testing

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
/// test left running (not disposed) or one that ended and is still held (a leak), what the object
/// itself holds, and **who holds it**, as far as the library knows: the path of stored references
/// from another watched object still alive (through a subject's subscriber list, an operator's
/// stage, arrays, optionals), a cycle back to the object, or, where no stored reference to it is
/// found, that a closure's capture or an object the library does not know holds it, with the
/// closures it reached.
///
/// The search starts only from the objects the test watched: watch the subject or the owner too
/// to have it searched. (It does not note every subscriber a test makes, as `checksRelease` of a
/// `TestScheduler` does around one `expect`: that watch is per thread, and an async test moves
/// between threads.) The holders are looked for once the wait is over, when other threads have
/// let go.
///
/// RAC: none (RxSwift's `Resources.total` counted live objects; this names the object that leaked
/// and what holds it).
///
/// ```
/// @Suite(.checksRelease) struct ChainTests {
///     @Test func mapReleases() {
///         let subject = Subject<Int, Never>()
///         let subscription = subject.map { $0 }.subscribe(next: { _ in })
///         expectReleased(subscription, "the map subscription")
///         expectReleased(subject, "the subject")
///         subject.sendCompleted()   // without it, and with the subject kept alive elsewhere:
///     }
/// }
/// the map subscription was not released once the test ended: a chain still holds it (a leak), or
/// the test left the chain running
///   still alive: Subscriber<Int, Never>, not disposed: the test left it running (dispose it, or end the chain)
///   it holds: deliveryLock: RecursiveLock, locksOnSend: Bool, dispatch: (closure), …
///   held by: "the subject" (Subject<Int, Never>) → .registry → SubscriberRegistry → [0]
///            → MapStage<Int, Int, Never, Never> → .downstream → Subscriber<Int, Never>
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
        let what: String
        /// Records the failure: an issue, or an XCTest failure, where the check was asked for.
        let report: @Sendable (String) -> Void
        /// Whether what the entry watches is still held.
        let isAlive: @Sendable () -> Bool
        /// The object watched (a recorder's subscriber), while it is alive: what the holder
        /// search looks for, and where it starts for the other entries.
        let object: @Sendable () -> AnyObject?
        /// What is known of it apart from its holder, once the check has failed.
        let diagnosis: @Sendable () -> String
    }

    private let lock = PthreadLock()
    private var entries: [Entry] = []

    /// A watch with nothing watched yet.
    package init() {}

    /// Watches `object` through a weak reference.
    package func add(_ object: AnyObject, _ what: String, _ sourceLocation: SourceLocation) {
        add(object, what, report: Self.issue(at: sourceLocation))
    }

    /// Watches `object` through a weak reference; `report` records its failure.
    func add(_ object: AnyObject, _ what: String, report: @escaping @Sendable (String) -> Void) {
        let box = WeakBox(object)
        append(
            Entry(
                what: what, report: report, isAlive: { box.object != nil },
                object: { box.object },
                diagnosis: { releaseDiagnosis(of: box.object) }))
    }

    /// Watches what `isAlive` tells about, which the holder search cannot look for.
    package func add(
        _ what: String, _ sourceLocation: SourceLocation, isAlive: @escaping @Sendable () -> Bool,
        diagnosis: @escaping @Sendable () -> String = { "" }
    ) {
        append(
            Entry(
                what: what, report: Self.issue(at: sourceLocation), isAlive: isAlive, object: { nil },
                diagnosis: diagnosis))
    }

    /// Watches `recorder`'s subscriber: released once its subscription has ended.
    func add<Value, Failure>(
        recorder: TestRecorder<Value, Failure>, _ what: String, _ sourceLocation: SourceLocation
    ) {
        append(
            Entry(
                what: what, report: Self.issue(at: sourceLocation), isAlive: { !recorder.isReleased },
                object: { recorder.endTime == nil ? nil : recorder.heldSubscriber },
                diagnosis: {
                    recorder.endTime == nil
                        ? "\n  the recorded subscription is still active: the test left it running"
                        : "\n  the recorded subscription ended, but the chain still holds its subscriber (a leak)"
                }))
    }

    /// Records a failure as a Swift Testing issue at `sourceLocation`.
    private static func issue(at sourceLocation: SourceLocation) -> @Sendable (String) -> Void {
        { Issue.record(Comment(rawValue: $0), sourceLocation: sourceLocation) }
    }

    private func append(_ entry: Entry) {
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

    /// Records an issue for each watched object still alive, saying who holds it as far as the
    /// library knows (`HolderSearch`, from the other watched objects still alive).
    ///
    /// Nearly everything is released synchronously; what another thread holds last (a queue, a
    /// thread) may go a moment later, so this waits up to `waitingUpTo` before failing (never a
    /// timing assertion), polling less and less often (from 1 ms to 50 ms), so a failing check
    /// costs about `waitingUpTo`. Only then does it look for holders: reflection reads stored
    /// properties without their objects' locks, so it waits until other threads have let go.
    package func verify(waitingUpTo: Duration = .seconds(1)) async {
        var wait = Wait(waitingUpTo, alive: lock.withLock { entries })
        while let pause = wait.next() {
            try? await Task.sleep(for: pause)
        }
        wait.reportFailures()
    }

    /// `verify(waitingUpTo:)` for a caller that cannot suspend (an XCTest teardown block): it
    /// blocks the thread while it waits.
    func verifyBlocking(waitingUpTo: Duration) {
        var wait = Wait(waitingUpTo, alive: lock.withLock { entries })
        while let pause = wait.next() {
            let (seconds, attoseconds) = pause.components
            Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) * 1e-18)
        }
        wait.reportFailures()
    }

    /// The wait of a check: which entries are still alive, and how long to pause before looking
    /// again (doubling from 1 ms to 50 ms), until none is or the bound has passed.
    private struct Wait {
        let start = ContinuousClock.now
        let deadline: ContinuousClock.Instant
        var alive: [Entry]
        var pause = Duration.milliseconds(1)

        init(_ waitingUpTo: Duration, alive: [Entry]) {
            deadline = start.advanced(by: waitingUpTo)
            self.alive = alive
        }

        /// Looks again; the pause before the next look, or `nil` to stop waiting.
        mutating func next() -> Duration? {
            alive = alive.filter { $0.isAlive() }
            let now = ContinuousClock.now
            guard !alive.isEmpty, now < deadline else { return nil }
            defer { pause = min(pause * 2, .milliseconds(50)) }
            return min(pause, deadline - now)
        }

        /// Reports each entry still alive, with what holds it as far as the library knows.
        func reportFailures() {
            let roots = alive.compactMap { entry in
                entry.object().map { HolderRoot(object: $0, name: "\"\(entry.what)\" (\(type(of: $0)))") }
            }
            for entry in alive {
                let holder = entry.object().map { HolderSearch.report(for: $0, roots: roots) } ?? ""
                entry.report(
                    "\(entry.what) was not released once the test ended: a chain still holds it (a leak), "
                        + "or the test left the chain running" + entry.diagnosis() + holder)
            }
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
@_disfavoredOverload  // a `TestRecorder` goes to its own overload
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
    ReleaseWatch.required(sourceLocation)?.add(recorder: recorder, what, sourceLocation)
}

/// What the check knows of an object still alive apart from its holder (`HolderSearch`): whether
/// it is a subscription left running or one that ended (then something holds it: a leak), and what
/// the object holds itself.
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
    // A field reflection cannot show (an atomic, a lock) reads as `()`: left out.
    let shown = Mirror(reflecting: object).children.filter { "\(type(of: $0.value))" != "()" }
    let held = shown.prefix(8).map { child -> String in
        let value = child.value
        let shown = isFunctionValue(value) ? "(closure)" : "\(type(of: value))"
        return "\(child.label ?? "_"): \(shown)"
    }
    if !held.isEmpty {
        lines.append("\n  it holds: " + held.joined(separator: ", "))
    }
    return lines.joined()
}
