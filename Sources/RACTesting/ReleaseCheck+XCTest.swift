import RACCore
import XCTest

extension XCTestCase {
    /// XCTest's release check: asks that `object` be released by the time the test method has
    /// returned; a teardown block checks it then (waiting up to `waitingUpTo`, one second unless
    /// set, for what another thread lets go of last) and fails the test, at this call, if it is
    /// still alive, saying what is known of why and who holds it, searching from the other
    /// objects the test method watches (see `ReleaseCheck`).
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
        // One watch for the test method's run, checked by one teardown block (registered at the
        // first call), so that the objects it watches are searched for each other's holders.
        let id = ObjectIdentifier(self)
        let (watch, isNew) = XCTestReleaseWatches.shared.watch(for: id, waitingUpTo: waitingUpTo)
        watch.add(object, what) { XCTFail($0, file: file, line: line) }
        if isNew {
            addTeardownBlock {
                let (watch, wait) = XCTestReleaseWatches.shared.take(id)
                watch.verifyBlocking(waitingUpTo: wait)
            }
        }
    }
}

/// The release watch of each XCTest case running, by identity, with the longest wait asked.
private final class XCTestReleaseWatches: @unchecked Sendable {
    static let shared = XCTestReleaseWatches()
    private let lock = PthreadLock()
    private var watches: [ObjectIdentifier: (watch: ReleaseWatch, wait: Duration)] = [:]

    /// The watch of test case `id`, and whether it was just made; its wait becomes `waitingUpTo`
    /// if that is longer.
    func watch(for id: ObjectIdentifier, waitingUpTo: Duration) -> (ReleaseWatch, isNew: Bool) {
        lock.withLock {
            if let known = watches[id] {
                watches[id]?.wait = max(known.wait, waitingUpTo)
                return (known.watch, false)
            }
            let watch = ReleaseWatch()
            watches[id] = (watch, waitingUpTo)
            return (watch, true)
        }
    }

    /// Takes out the watch of test case `id` (its teardown is checking it), with its wait.
    func take(_ id: ObjectIdentifier) -> (ReleaseWatch, Duration) {
        lock.withLock {
            let entry = watches.removeValue(forKey: id) ?? (ReleaseWatch(), .zero)
            return (entry.watch, entry.wait)
        }
    }
}
