import RACTesting
import Testing

/// An object that holds others in a stored property, where reflection sees them.
private final class Keeper: @unchecked Sendable {
    var kept: [AnyObject] = []
}

/// An object that may refer to another of its kind.
private protocol Partnered: AnyObject {
    init()
    var partner: Self? { get set }
}

/// Two new objects referring to each other, watched as "the first \(kind)" and "the second
/// \(kind)"; returns the first (through which a test breaks the cycle).
@discardableResult
private func watchedCycle<Object: Partnered>(of kind: String, _: Object.Type) -> Object {
    let first = Object()
    let second = Object()
    first.partner = second
    second.partner = first
    expectReleased(first, "the first \(kind)")
    expectReleased(second, "the second \(kind)")
    return first
}

/// An object that may refer to another, in a cycle if two refer to each other.
private final class Node: Partnered, @unchecked Sendable {
    var partner: Node?
}

/// A value a closure captures.
private final class Payload: @unchecked Sendable {
    let amount = 1
}

/// Runs `body` in a release check waiting at most `waitingUpTo` and returns the messages of the
/// issues it records (each one a known issue). `kept` holds objects past the check, as a test's
/// own reference would (out of the library's sight); it is emptied afterwards.
private func releaseFailures(
    waitingUpTo: Duration = .milliseconds(20), _ body: @escaping @Sendable (Locked<[AnyObject]>) -> Void
) async throws -> [String] {
    let messages = Locked<[String]>([])
    let kept = Locked<[AnyObject]>([])
    try await withKnownIssue {
        try await ReleaseCheck(waitingUpTo: waitingUpTo).provideScope(
            for: Test.current!, testCase: Test.Case.current
        ) { body(kept) }
    } matching: { issue in
        messages.withValue { $0.append(issue.comments.map(\.rawValue).joined()) }
        return true
    }
    kept.withValue { $0.removeAll() }
    return messages.current
}

/// The message about `what` among `messages`.
private func message(about what: String, in messages: [String]) throws -> String {
    try #require(messages.first { $0.hasPrefix("\(what) was not released") })
}

/// A release check that fails names what holds the object, as far as the library knows (issue 31,
/// item 6): the path of stored references from another object it knows, or, when a closure's
/// capture holds it, that it cannot see it, with the closures it reached.
@Suite("ReleaseCheck: a failure names what holds the object")
struct ReleaseHolderTests {
    @Test("a subscription left running: the subject's subscriber list holds it through the map stage")
    func subjectHoldsTheSubscriber() async throws {
        let messages = try await releaseFailures { kept in
            let subject = Subject<Int, Never>()
            let subscription = subject.map { $0 }.subscribe(next: { _ in })
            expectReleased(subscription, "the running subscription")
            expectReleased(subject, "the subject")
            kept.withValue { $0.append(subject) }
        }
        #expect(messages.count == 2)
        let subscription = try message(about: "the running subscription", in: messages)
        #expect(
            subscription.hasSuffix(
                """
                \n  held by: "the subject" (Subject<Int, Never>) → .registry → SubscriberRegistry → [0] \
                → MapStage<Int, Int, Never, Never> → .downstream → Subscriber<Int, Never>
                """))
        #expect(
            subscription.contains(
                "\n  still alive: Subscriber<Int, Never>, not disposed: the test left it running"))
        // The test's own array holds the subject: out of the library's sight.
        let subject = try message(about: "the subject", in: messages)
        #expect(
            subject.contains(
                "\n  held by a closure's capture or by an object the library does not know (nothing reached ")
        )
    }

    @Test("an object a map closure captures: the closure is named, as what the library cannot see into")
    func closureCaptureIsSaidHonestly() async throws {
        let messages = try await releaseFailures { kept in
            let subject = Subject<Int, Never>()
            let payload = Payload()
            _ = subject.map { $0 + payload.amount }.subscribe(next: { _ in })
            expectReleased(payload, "the captured payload")
            expectReleased(subject, "the subject")
            kept.withValue { $0.append(subject) }
        }
        let payload = try message(about: "the captured payload", in: messages)
        #expect(
            payload.hasSuffix(
                """
                \n  held by a closure's capture or by an object the library does not know (nothing reached \
                from the 1 other object it knows of refers to it)
                  closures it reached, one of which may capture it: MapStage<Int, Int, Never, Never> → \
                .transform (closure); MapStage<Int, Int, Never, Never> → .transformError (closure); \
                CallbackStage<Int, Never> → .next (closure)
                """))
        #expect(!payload.contains("held by: "))
    }

    @Test("a cycle between two watched objects the test made: each names the other, and the cycle both")
    func cycleNamesBoth() async throws {
        let cycle = Locked<Node?>(nil)
        let messages = try await releaseFailures { _ in
            let first = watchedCycle(of: "node", Node.self)
            cycle.withValue { $0 = first }
        }
        // The test breaks its cycle once checked (LeakSanitizer would report it otherwise).
        cycle.withValue { first in
            first?.partner = nil
            first = nil
        }
        #expect(messages.count == 2)
        #expect(
            try message(about: "the first node", in: messages).hasSuffix(
                """
                \n  held by: "the second node" (Node) → .partner → Node
                  in a cycle: "the first node" (Node) → .partner → "the second node" (Node) → .partner → \
                "the first node" (Node)
                """))
        #expect(
            try message(about: "the second node", in: messages).hasSuffix(
                """
                \n  held by: "the first node" (Node) → .partner → Node
                  in a cycle: "the second node" (Node) → .partner → "the first node" (Node) → .partner → \
                "the second node" (Node)
                """))
    }

    @Test("expectReleased of a recorder whose subscription the test left running says so")
    func recorderLeftRunning() async throws {
        let messages = try await releaseFailures { kept in
            let scheduler = TestScheduler()
            let subject = Subject<String, Never>()
            let recorder = scheduler.record(subject.map { $0 })
            expectReleased(recorder, "the recorded chain")
            scheduler.run()
            kept.withValue { $0 += [subject, scheduler] }
        }
        #expect(
            messages == [
                """
                the recorded chain was not released once the test ended: a chain still holds it (a leak), \
                or the test left the chain running
                  the recorded subscription is still active: the test left it running
                """
            ])
    }

    @Test("expectReleased of a recorder whose subscription ended but whose subscriber is kept: the keeper")
    // (Kept by a source: a stage releases its downstream once it has stopped.)
    func recorderEndedButHeld() async throws {
        let messages = try await releaseFailures { kept in
            let scheduler = TestScheduler()
            let keeper = Keeper()
            let source = Signal<String, Never> { subscriber in
                keeper.kept.append(subscriber)
                subscriber.sendCompleted()
                return nil
            }
            let recorder = scheduler.record(source)
            expectReleased(recorder, "the recorded chain")
            expectReleased(keeper, "the keeper")
            scheduler.run()
            kept.withValue { $0.append(keeper) }
        }
        #expect(messages.count == 2)
        #expect(
            try message(about: "the recorded chain", in: messages).hasSuffix(
                """
                \n  the recorded subscription ended, but the chain still holds its subscriber (a leak)
                  held by: "the keeper" (Keeper) → .kept[0] → Subscriber<String, Never>
                """))
    }

    @Test("a holder farther than the search looks is not found, and the message says where it stopped")
    func searchIsBounded() async throws {
        let count = HolderSearch.maxObjects + 10
        let chain = Locked<Keeper?>(nil)
        let messages = try await releaseFailures { kept in
            let head = Keeper()
            chain.withValue { $0 = head }
            var last = head
            for _ in 0..<count {
                let next = Keeper()
                last.kept = [next]
                last = next
            }
            let payload = Payload()
            last.kept = [payload]
            expectReleased(payload, "the far payload")
            expectReleased(head, "the head")
            kept.withValue { $0.append(head) }
        }
        #expect(
            try message(about: "the far payload", in: messages).hasSuffix(
                """
                \n  held by a closure's capture or by an object the library does not know (nothing reached \
                from the 1 other object it knows of refers to it, within the \(HolderSearch.maxObjects) \
                objects it looks at)
                """))
        #expect(try message(about: "the head", in: messages).contains("held by a closure's capture"))
        // Let go of the chain link by link (released at once, it would recurse as deep as it is long).
        var next = chain.withValue { head in
            defer { head = nil }
            return head
        }
        while let link = next {
            next = link.kept.first as? Keeper
            link.kept = []
        }
    }
}
