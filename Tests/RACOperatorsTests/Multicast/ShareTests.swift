import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Multicast: share(replay:scope:) (marbles, subscription counts, scopes, release)", .checksRelease)
struct ShareTests {
    let scheduler = TestScheduler(checksRelease: true)

    // MARK: connecting and replaying the last N

    @Test("share(replay: 1) connects at the first subscription; a late subscriber gets only the last value")
    func lateSubscriberGetsLastValue() throws {
        try expectLateSubscriber(
            on: scheduler, { $0.share(replay: 1) }, source: "-a-b-c-d-|", before: [], lateAt: 4,
            late: "----bc-d-|", subscriptions: ["^--------!"])
    }

    @Test("share(replay: 2) replays the last two values, in order, and nothing older")
    func lateSubscriberGetsLastTwo() throws {
        try expectLateSubscriber(
            on: scheduler, { $0.share(replay: 2, scope: .forever) }, source: "-a-b-c-d-|", lateAt: 6,
            late: "------(bc)d-|", subscriptions: ["^--------!"])
    }

    @Test("share() (replay 0) replays no value: a late subscriber gets only the live events")
    func replayZero() throws {
        try expectLateSubscriber(
            on: scheduler, { $0.share() }, source: "-a-b-c-|", lateAt: 4, late: "-----c-|",
            subscriptions: ["^------!"])
    }

    @Test("share of an empty source: every subscriber completes; nothing is replayed")
    func emptySource() throws {
        let source = try scheduler.createColdSignal("--|")
        let shared = source.share(replay: 3, scope: .forever)
        let first = scheduler.record(shared)
        let second = scheduler.record(shared)
        scheduler.advance(toFrame: 4)
        #expect(try first.events == recordedEvents("--|"))
        #expect(try second.events == recordedEvents("--|"))
        try scheduler.expect(shared, toEmit: "----|")
        try scheduler.expect(source, toHaveSubscriptions: ["^-!"])
    }

    @Test("disposing one of two subscribers leaves the shared subscription running")
    func oneSubscriberLeaves() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|")
        let shared = source.share(replay: 1)
        let leaving = scheduler.record(shared, disposeAt: 2)
        let staying = scheduler.record(shared)
        scheduler.run()
        #expect(try leaving.events == recordedEvents("-a"))
        #expect(try staying.events == recordedEvents("-a-b-c-|"))
        try scheduler.expect(source, toHaveSubscriptions: ["^------!"])
        expectReleased(leaving, "the disposed subscription")
        expectReleased(staying, "the completed subscription")
    }

    // MARK: scope .whileConnected

    @Test(".whileConnected: disposing every subscriber disconnects; the next one reconnects afresh")
    func whileConnectedReconnectsAfterDisposal() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|")
        let shared = source.share(replay: 2)
        let only = scheduler.record(shared, disposeAt: 4)
        scheduler.advance(toFrame: 6)
        #expect(try only.events == recordedEvents("-a-b"))
        try scheduler.expect(source, toHaveSubscriptions: ["^---!"])
        // A fresh subject: nothing from the first connection is replayed.
        try scheduler.expect(shared, toEmit: "-------a-b-c-|")
        try scheduler.expect(source, toHaveSubscriptions: ["^---!", "------^------!"])
        expectReleased(only, "the disposed subscription")
    }

    @Test(".whileConnected: after the source completes, the next subscriber subscribes it again")
    func whileConnectedReconnectsAfterCompletion() throws {
        let source = try scheduler.createColdSignal("-a-b-|")
        let shared = source.share(replay: 1)
        let first = scheduler.record(shared)
        scheduler.advance(toFrame: 6)
        #expect(try first.events == recordedEvents("-a-b-|"))
        try scheduler.expect(shared, toEmit: "-------a-b-|")
        try scheduler.expect(source, toHaveSubscriptions: ["^----!", "------^----!"])
    }

    @Test(".whileConnected: an error reaches every subscriber; the next subscriber reconnects")
    func whileConnectedError() throws {
        let source = try scheduler.createColdSignal("-a-#", error: TestError(1))
        let shared = source.share(replay: 1)
        let first = scheduler.record(shared)
        scheduler.advance(toFrame: 2)
        let second = scheduler.record(shared)
        scheduler.advance(toFrame: 4)
        #expect(try first.events == recordedEvents("-a-#", error: TestError(1)))
        #expect(try second.events == recordedEvents("--a#", error: TestError(1)))
        try scheduler.expect(shared, toEmit: "-----a-#", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^--!", "----^--!"])
    }

    @Test(".whileConnected on a synchronous source: each subscription after the end runs it again")
    func whileConnectedSynchronous() {
        let subscriptions = OpCounter()
        let shared = countingSignal(subscriptions, values: [0, 1]).share(replay: 1)
        #expect(eventsOf(shared) == [.next(0), .next(1), .completed])
        #expect(eventsOf(shared) == [.next(0), .next(1), .completed])
        #expect(subscriptions.value == 2)
    }

    // MARK: scope .forever

    @Test(".forever: disposing every subscriber disconnects but keeps the values for the next one")
    func foreverKeepsValuesAcrossReconnection() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|")
        let shared = source.share(replay: 2, scope: .forever)
        let only = scheduler.record(shared, disposeAt: 4)
        scheduler.advance(toFrame: 6)
        #expect(try only.events == recordedEvents("-a-b"))
        try scheduler.expect(source, toHaveSubscriptions: ["^---!"])
        // The kept a and b first, then the source subscribed again into the same subject.
        try scheduler.expect(shared, toEmit: "------(ab)a-b-c-|")
        try scheduler.expect(source, toHaveSubscriptions: ["^---!", "------^------!"])
        expectReleased(only, "the disposed subscription")
    }

    @Test(".forever: after the source completes, late subscribers get the last values and completion")
    func foreverReplaysCompletion() throws {
        let source = try scheduler.createColdSignal("-a-b-|")
        let shared = source.share(replay: 1, scope: .forever)
        let first = scheduler.record(shared)
        scheduler.advance(toFrame: 6)
        #expect(try first.events == recordedEvents("-a-b-|"))
        try scheduler.expect(shared, toEmit: "------(b|)")
        try scheduler.expect(shared, toEmit: "------(b|)")
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
    }

    @Test(".forever: an error is replayed after the last values; the source is not subscribed again")
    func foreverReplaysError() throws {
        let source = try scheduler.createColdSignal("-a-#", error: TestError(1))
        let shared = source.share(replay: 1, scope: .forever)
        try scheduler.expect(shared, toEmit: "-a-#", error: TestError(1))
        try scheduler.expect(shared, toEmit: "---(a#)", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
    }

    @Test(".forever on a synchronous source: subscribed once; later subscribers get the replay")
    func foreverSynchronous() {
        let subscriptions = OpCounter()
        let shared = countingSignal(subscriptions, values: [0, 1, 2]).share(replay: 2, scope: .forever)
        #expect(eventsOf(shared) == [.next(0), .next(1), .next(2), .completed])
        #expect(eventsOf(shared) == [.next(1), .next(2), .completed])
        #expect(subscriptions.value == 1)
    }

    @Test("share is never subscribed if nobody subscribes, and the unused signal is released")
    func unused() throws {
        let source = try scheduler.createColdSignal("-a-|")
        let shared = source.share(replay: 1)
        scheduler.run()
        try scheduler.expect(source, toHaveSubscriptions: [])
        expectReleased(shared, "the unused shared signal")
        expectReleased(source, "the source")
    }

    // MARK: reentrancy

    @Test("a subscriber may subscribe again from its callback: the new one gets the replay and the rest")
    func reentrantSubscription() {
        let subject = Subject<Int, Never>()
        let shared = subject.share(replay: 1)
        let inner = EventLog<Int, Never>()
        let outer = EventLog<Int, Never>()
        outer.record(shared) { event in
            if case .next(1) = event { inner.record(shared) }
        }
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        #expect(outer.events == [.next(1), .next(2), .completed])
        #expect(inner.events == [.next(1), .next(2), .completed])
    }

    // MARK: release

    @Test("values older than the last `replay` are let go while the connection lives")
    func olderValuesAreReleased() {
        let shared = expectOlderValueReleased { $0.share(replay: 1) }
        // .whileConnected: the last subscriber leaving drops the connection's subject.
        shared.subscription.dispose()
        #expect(!shared.isLastAlive())
        expectReleased(shared.subscription, "the disposed subscription")
    }

    @Test(".forever keeps the last values until the shared signal itself is released")
    func foreverReleasesWithSignal() {
        let subject = Subject<Token, Never>()
        weak var kept: Token?
        weak var weakShared: Signal<Token, Never>?
        do {
            let shared = subject.share(replay: 1, scope: .forever)
            weakShared = shared
            let subscription = shared.subscribe(next: { _ in })
            do {
                let token = Token()
                kept = token
                subject.sendNext(token)
            }
            subscription.dispose()
            #expect(kept != nil)
            #expect(subject.subscriberCount == 0)
        }
        #expect(weakShared == nil)
        #expect(kept == nil)
    }

    // MARK: threads

    @Test("subscribers on many threads at once share one subscription to the source")
    func concurrentSubscribers() {
        let subscriptions = OpCounter()
        let subject = Subject<Int, Never>()
        let shared = Signal<Int, Never> { subscriber in
            subscriptions.increment()
            return subject.subscribe(subscriber)
        }.share(replay: 1)
        let received = OpCounter()
        let subscribers = Locked<[any Disposable]>([])
        onThreads(8) { _ in
            let subscription = shared.subscribe(next: { _ in received.increment() })
            subscribers.withValue { $0.append(subscription) }
        }
        subject.sendNext(1)
        #expect(subscriptions.value == 1)
        #expect(received.value == 8)
        for subscription in subscribers.current { subscription.dispose() }
        #expect(subject.subscriberCount == 0)
        // All gone: the next subscriber connects again.
        let again = shared.subscribe(next: { _ in })
        #expect(subscriptions.value == 2)
        again.dispose()
        #expect(subject.subscriberCount == 0)
        for subscription in subscribers.current {
            expectReleased(subscription, "a subscriber made on another thread")
        }
    }

    @Test("threads subscribing and disposing at once leave nothing connected")
    func concurrentSubscribeAndDispose() {
        let subject = Subject<Int, Never>()
        let shared = subject.share(replay: 2)
        onThreads(8) { index in
            for round in 0..<200 {
                let subscription = shared.subscribe(next: { _ in })
                subject.sendNext(index * 1000 + round)
                subscription.dispose()
            }
        }
        #expect(subject.subscriberCount == 0)
        expectReleased(shared, "the shared signal")
    }
}

@Suite("Multicast: bad replay counts are programmer errors")
struct ShareBadInputTests {
    @Test("share(replay: -1) stops with a message naming the call and the count")
    func negativeReplay() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.share(replay: -1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("share(replay:scope:)"))
        #expect(message.contains("replay must be >= 0, got -1"))
    }

    @Test("replayLazily(capacity: -2) stops with a message naming the call and the capacity")
    func negativeCapacity() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.replayLazily(capacity: -2)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("replayLazily(capacity:)"))
        #expect(message.contains("capacity must be >= 0, got -2"))
    }
}
