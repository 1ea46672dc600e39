import RACTesting
import Testing
import XCTest

/// The release check as a user of RACTesting sees it: the `.checksRelease` trait and
/// `expectReleased(_:_:)`, public, and their XCTest counterpart.
@Suite("ReleaseCheck: the public release check", .checksRelease)
struct ReleaseCheckTests {
    @Test("an ended chain and its objects pass the check")
    func endedChainPasses() {
        let subject = Subject<Int, Never>()
        let subscription = subject.map { $0 * 2 }.subscribe(next: { _ in })
        expectReleased(subscription, "the map subscription")
        expectReleased(subject, "the subject")
        subject.sendCompleted()
    }

    @Test("a chain left running is reported, naming the object")
    func runningChainIsReported() async throws {
        try await withKnownIssue {
            try await ReleaseCheck().provideScope(for: Test.current!, testCase: Test.Case.current) {
                let subject = Subject<Int, Never>()
                let subscription = subject.map { $0 }.subscribe(next: { _ in })
                expectReleased(subscription, "the kept subscription")
                KeptAlive.objects.withValue { $0.append(subject) }
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("the kept subscription was not released") }
        }
        KeptAlive.objects.withValue { $0.removeAll() }
    }
}

/// Keeps a subject alive past the inner scope of `runningChainIsReported`.
private enum KeptAlive {
    static let objects = Locked<[AnyObject]>([])
}

final class ReleaseCheckXCTests: XCTestCase {
    func testEndedChainPassesTheXCTestCheck() {
        let subject = Subject<Int, Never>()
        let subscription = subject.filter { $0 > 0 }.subscribe(next: { _ in })
        expectReleased(subscription, "the filter subscription")
        subject.sendCompleted()
    }
}
