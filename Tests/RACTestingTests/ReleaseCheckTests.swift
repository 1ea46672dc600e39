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

// corelibs-xctest (Linux) only: Apple's XCTest makes a case with `init(selector:)` and reports
// through `record(_:)`.
#if !canImport(ObjectiveC)
    /// The failure path of XCTest's release check, run as a nested XCTest case whose failures are
    /// captured: `expectReleased` reports each object left alive, at its own call, through the
    /// teardown block it registers. A nested run clears XCTest's current test case when it ends, so
    /// an `XCTAssert` after it would be dropped: the checks record on this case directly (`verify`).
    final class ReleaseCheckXCTestFailureTests: XCTestCase {
        func testSubscriptionLeftRunningFailsAtEachCall() {
            let nested = CapturingReleaseCase(name: "leaveSubscriptionRunning") { testCase in
                try XCTUnwrap(testCase as? CapturingReleaseCase).leaveSubscriptionRunning()
            }
            nested.run()
            defer { nested.kept.removeAll() }
            let failures = nested.failures
            verify(failures.count == 2, "two failures, got \(failures)")
            guard failures.count == 2 else { return }
            let first = failures[0].description
            verify(first.contains("the kept subscription was not released once the test ended"), first)
            verify(
                first.contains("not disposed: the test left it running (dispose it, or end the chain)"), first
            )
            verify(
                first.contains(
                    "held by: \"the subject\" (Subject<Int, Never>) → .registry → SubscriberRegistry → [0] → "
                        + "MapStage<Int, Int, Never, Never> → .downstream → Subscriber<Int, Never>"), first)
            verify(failures[0].line == nested.callLine, "the first failure's line: \(failures[0].line)")
            verify(failures[1].description.contains("the subject was not released"), failures[1].description)
            verify(failures[1].line == nested.callLine + 1, "the second failure's line: \(failures[1].line)")
            verify(failures.allSatisfy { $0.file.hasSuffix("ReleaseCheckTests.swift") }, "\(failures)")
        }

        func testEndedChainRecordsNoFailure() {
            let nested = CapturingReleaseCase(name: "endChain") { testCase in
                try XCTUnwrap(testCase as? CapturingReleaseCase).endChain()
            }
            nested.run()
            defer { nested.kept.removeAll() }
            verify(nested.callLine > 0, "the nested method did not run")
            verify(nested.failures.isEmpty, "\(nested.failures)")
        }

        /// Records a failure on this test case, at the caller's line, unless `condition` holds.
        private func verify(_ condition: Bool, _ message: String, file: String = #filePath, line: Int = #line)
        {
            if !condition {
                recordFailure(withDescription: message, inFile: file, atLine: line, expected: true)
            }
        }
    }

    /// A test case run by `ReleaseCheckXCTestFailureTests` only: its methods have no `test` prefix,
    /// so XCTest does not run them on their own, and the failures it records are kept here.
    final class CapturingReleaseCase: XCTestCase {
        /// The failures recorded: the message, the file and the line.
        var failures: [(description: String, file: String, line: Int)] = []
        /// What the methods keep alive on purpose (their subject).
        var kept: [AnyObject] = []
        /// The line of the `expectReleased` call.
        var callLine = 0

        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
            expected: Bool
        ) {
            failures.append((description, filePath, lineNumber))
        }

        func leaveSubscriptionRunning() {
            let subject = Subject<Int, Never>()
            let subscription = subject.map { $0 }.subscribe(next: { _ in })
            callLine = #line + 1
            expectReleased(subscription, "the kept subscription", waitingUpTo: .milliseconds(20))
            expectReleased(subject, "the subject", waitingUpTo: .milliseconds(20))
            kept.append(subject)
        }

        func endChain() {
            let subject = Subject<Int, Never>()
            let subscription = subject.map { $0 }.subscribe(next: { _ in })
            callLine = #line + 1
            expectReleased(subscription, "the ended subscription", waitingUpTo: .milliseconds(20))
            kept.append(subject)
            subject.sendCompleted()
        }
    }
#endif
