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
        let kept = Locked<[AnyObject]>([])
        try await withKnownIssue {
            try await ReleaseCheck().provideScope(for: Test.current!, testCase: Test.Case.current) {
                let subject = Subject<Int, Never>()
                let subscription = subject.map { $0 }.subscribe(next: { _ in })
                expectReleased(subscription, "the kept subscription")
                kept.withValue { $0.append(subject) }
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("the kept subscription was not released") }
        }
        kept.withValue { $0.removeAll() }
    }
}

@Suite("ReleaseCheck: a failure says what is known of the object, within a wait the test sets")
struct ReleaseDiagnosisTests {
    @Test("a subscription left running is named as such, with its type and what it holds")
    func leftRunning() async throws {
        let messages = Locked<[String]>([])
        let kept = Locked<[AnyObject]>([])
        try await withKnownIssue {
            try await ReleaseCheck(waitingUpTo: .milliseconds(20)).provideScope(
                for: Test.current!, testCase: Test.Case.current
            ) {
                let subject = Subject<Int, Never>()
                let subscription = subject.map { $0 }.subscribe(next: { _ in })
                expectReleased(subscription, "the running subscription")
                kept.withValue { $0.append(subject) }
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            messages.withValue { $0.append(text) }
            return text.contains("the running subscription was not released")
        }
        kept.withValue { $0.removeAll() }
        let message = try #require(messages.current.first)
        #expect(message.contains("\n  still alive: "))
        #expect(message.contains(", not disposed: the test left it running (dispose it, or end the chain)"))
    }

    @Test("a disposed object still held is named a leak, and what it holds is listed")
    func disposedButHeld() async throws {
        let messages = Locked<[String]>([])
        let kept = Locked<[AnyObject]>([])
        try await withKnownIssue {
            try await ReleaseCheck(waitingUpTo: .milliseconds(20)).provideScope(
                for: Test.current!, testCase: Test.Case.current
            ) {
                let disposable = SerialDisposable()
                disposable.dispose()
                expectReleased(disposable, "the disposed serial disposable")
                kept.withValue { $0.append(disposable) }
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            messages.withValue { $0.append(text) }
            return text.contains("the disposed serial disposable was not released")
        }
        kept.withValue { $0.removeAll() }
        let message = try #require(messages.current.first)
        #expect(
            message.contains(
                "still alive: SerialDisposable, disposed: its chain ended, so something still holds it"))
    }
}

final class ReleaseCheckXCTests: XCTestCase {
    func testEndedChainPassesTheXCTestCheck() {
        let subject = Subject<Int, Never>()
        let subscription = subject.filter { $0 > 0 }.subscribe(next: { _ in })
        expectReleased(subscription, "the filter subscription")
        subject.sendCompleted()
    }
}
