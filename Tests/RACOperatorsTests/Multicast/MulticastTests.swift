import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Multicast: replay, replayLast, replayLazily (marbles and subscription counts)", .checksRelease)
struct MulticastTests {
    let scheduler = TestScheduler(checksRelease: true)

    // MARK: replay

    @Test("replay subscribes to the source at once, exactly once, before anyone subscribes")
    func replayConnectsAtOnce() throws {
        try expectLateSubscriber(
            on: scheduler, { $0.replay() }, source: "-a-b-c-|", before: ["^"], lateAt: 4, late: "----(ab)c-|",
            subscriptions: ["^------!"])
    }

    @Test("replay gives a subscriber after the end every value and the completion at once")
    func replayAfterCompletion() throws {
        let source = try scheduler.createColdSignal("-a-b-|")
        let replayed = source.replay()
        scheduler.advance(toFrame: 8)
        try scheduler.expect(replayed, toEmit: "--------(ab|)")
        try scheduler.expect(replayed, toEmit: "--------(ab|)")
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
    }

    @Test("replay of an empty source replays only the completion")
    func replayEmpty() throws {
        let source = try scheduler.createColdSignal("--|")
        let replayed = source.replay()
        try scheduler.expect(replayed, toEmit: "--|")
        try scheduler.expect(replayed, toEmit: "--|")
        try scheduler.expect(source, toHaveSubscriptions: ["^-!"])
    }

    @Test("replay replays the values before an error, then the error")
    func replayError() throws {
        let source = try scheduler.createColdSignal("-a-#", error: TestError(1))
        let replayed = source.replay()
        try scheduler.expect(replayed, toEmit: "-a-#", error: TestError(1))
        try scheduler.expect(replayed, toEmit: "---(a#)", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
    }

    @Test("disposing every subscriber of replay leaves the source subscribed (it never disconnects)")
    func replayNeverDisconnects() throws {
        let source = try scheduler.createColdSignal("-a-b-c-d-|")
        let replayed = source.replay()
        let only = scheduler.record(replayed, disposeAt: 4)
        scheduler.advance(toFrame: 8)
        #expect(only.isDisposed)
        #expect(try only.events == recordedEvents("-a-b"))
        try scheduler.expect(source, toHaveSubscriptions: ["^"])
        // A new subscriber gets the replay; the source subscription ends only with the source.
        try scheduler.expect(replayed, toEmit: "--------(abcd)|")
        try scheduler.expect(source, toHaveSubscriptions: ["^--------!"])
        expectReleased(only, "the disposed subscription")
    }

    @Test("replay of a synchronous signal (RAC's example): values 0, 1 and completion, to anyone")
    func replaySynchronous() {
        let subscriptions = OpCounter()
        let source = Signal<Int, Never> { subscriber in
            subscriptions.increment()
            for value in 0..<2 { subscriber.sendNext(value) }
            subscriber.sendCompleted()
            return nil
        }
        let replayed = source.replay()
        #expect(subscriptions.value == 1)
        #expect(eventsOf(replayed) == [.next(0), .next(1), .completed])
        #expect(eventsOf(replayed) == [.next(0), .next(1), .completed])
        #expect(subscriptions.value == 1)
    }

    // MARK: replayLast

    @Test("replayLast connects at once and replays only the latest value to a late subscriber")
    func replayLastLatestOnly() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|")
        let replayed = source.replayLast()
        try scheduler.expect(source, toHaveSubscriptions: ["^"])
        scheduler.advance(toFrame: 4)
        try scheduler.expect(replayed, toEmit: "----bc-|")
        try scheduler.expect(replayed, toEmit: "-------(c|)")
        try scheduler.expect(source, toHaveSubscriptions: ["^------!"])
    }

    @Test("replayLast of an empty source and of a failing source")
    func replayLastEmptyAndError() throws {
        let empty = try scheduler.createColdSignal("-|")
        let failing = try scheduler.createColdSignal("-a-b-#", error: TestError(1))
        let replayedEmpty = empty.replayLast()
        let replayedFailing = failing.replayLast()
        scheduler.advance(toFrame: 6)
        try scheduler.expect(replayedEmpty, toEmit: "------|")
        try scheduler.expect(replayedFailing, toEmit: "------(b#)", error: TestError(1))
        try scheduler.expect(empty, toHaveSubscriptions: ["^!"])
        try scheduler.expect(failing, toHaveSubscriptions: ["^----!"])
    }

    @Test("replayLast of a synchronous signal (RAC's example): only the last value, 1")
    func replayLastSynchronous() {
        let source = Signal<Int, Never> { subscriber in
            for value in 0..<2 { subscriber.sendNext(value) }
            subscriber.sendCompleted()
            return nil
        }
        let replayed = source.replayLast()
        #expect(eventsOf(replayed) == [.next(1), .completed])
    }

    // MARK: replayLazily

    @Test("replayLazily subscribes to the source at the first subscription, once for everyone")
    func replayLazilyConnectsOnFirstSubscription() throws {
        try expectLateSubscriber(
            on: scheduler, { $0.replayLazily() }, source: "-a-b-c-|", firstAt: 2, before: [], lateAt: 6,
            late: "------(ab)c-|", subscriptions: ["--^------!"])
    }

    @Test("replayLazily never disconnects: disposing every subscriber leaves the source running")
    func replayLazilyNeverDisconnects() throws {
        let source = try scheduler.createColdSignal("-a-b-c-d-|")
        let replayed = source.replayLazily()
        let only = scheduler.record(replayed, disposeAt: 2)
        scheduler.advance(toFrame: 4)
        #expect(only.isDisposed)
        #expect(try only.events == recordedEvents("-a"))
        try scheduler.expect(source, toHaveSubscriptions: ["^"])
        // A new subscriber shares the same subscription: nothing restarts.
        try scheduler.expect(replayed, toEmit: "----(ab)c-d-|")
        try scheduler.expect(source, toHaveSubscriptions: ["^--------!"])
        expectReleased(only, "the disposed subscription")
    }

    @Test("replayLazily after the source ended replays everything; the source is not resubscribed")
    func replayLazilyAfterEnd() throws {
        let source = try scheduler.createColdSignal("-a-#", error: TestError(1))
        let replayed = source.replayLazily()
        try scheduler.expect(replayed, toEmit: "-a-#", error: TestError(1))
        try scheduler.expect(replayed, toEmit: "---(a#)", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
    }

    @Test("replayLazily of an empty source")
    func replayLazilyEmpty() throws {
        let source = try scheduler.createColdSignal("--|")
        let replayed = source.replayLazily()
        try scheduler.expect(replayed, toEmit: "--|")
        try scheduler.expect(replayed, toEmit: "--|")
        try scheduler.expect(source, toHaveSubscriptions: ["^-!"])
    }

    @Test("replayLazily is never subscribed if nobody subscribes")
    func replayLazilyUnused() throws {
        let source = try scheduler.createColdSignal("-a-|")
        let replayed = source.replayLazily()
        scheduler.run()
        try scheduler.expect(source, toHaveSubscriptions: [])
        expectReleased(replayed, "the unused replayLazily signal")
        expectReleased(source, "the source")
    }

    @Test("replayLazily connects once when many threads subscribe at the same time")
    func replayLazilyConcurrentSubscriptions() {
        let subscriptions = OpCounter()
        let subject = Subject<Int, Never>()
        let replayed = Signal<Int, Never> { subscriber in
            subscriptions.increment()
            return subject.subscribe(subscriber)
        }.replayLazily()
        let received = OpCounter()
        let subscribers = Locked<[any Disposable]>([])
        onThreads(8) { _ in
            let subscription = replayed.subscribe(next: { _ in received.increment() })
            subscribers.withValue { $0.append(subscription) }
        }
        subject.sendNext(1)
        #expect(subscriptions.value == 1)
        #expect(received.value == 8)
        // replayLazily never disconnects: the shared subscription ends with the source. (The
        // threads may still hold their closure a moment after joining: the release check, made
        // when the test has returned, waits for them.)
        subject.sendCompleted()
        #expect(subject.subscriberCount == 0)
        for subscription in subscribers.current {
            expectReleased(subscription, "a subscriber made on another thread")
        }
        expectReleased(replayed, "the replayLazily signal")
    }

    // MARK: replayLazily(capacity:)

    @Test("replayLazily(capacity: 1) connects at the first subscription and replays only the last value")
    func replayLazilyCapacityLastOnly() throws {
        try expectLateSubscriber(
            on: scheduler, { $0.replayLazily(capacity: 1) }, source: "-a-b-c-|", firstAt: 2, before: [],
            lateAt: 6, late: "------bc-|", subscriptions: ["--^------!"])
    }

    @Test("replayLazily(capacity: 2) never disconnects and replays the last two values and the error")
    func replayLazilyCapacityError() throws {
        let source = try scheduler.createColdSignal("-a-b-c-#", error: TestError(1))
        let replayed = source.replayLazily(capacity: 2)
        let only = scheduler.record(replayed, disposeAt: 2)
        scheduler.advance(toFrame: 8)
        #expect(try only.events == recordedEvents("-a"))
        try scheduler.expect(source, toHaveSubscriptions: ["^------!"])
        try scheduler.expect(replayed, toEmit: "--------(bc#)", error: TestError(1))
        expectReleased(only, "the disposed subscription")
    }

    @Test("replayLazily(capacity: 0) replays no value, only the terminal event")
    func replayLazilyCapacityZero() throws {
        let source = try scheduler.createColdSignal("-a-b-|")
        let replayed = source.replayLazily(capacity: 0)
        try scheduler.expect(replayed, toEmit: "-a-b-|")
        try scheduler.expect(replayed, toEmit: "-----|")
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
    }

    @Test("replayLazily(capacity: 1) lets go of values older than the last one")
    func replayLazilyCapacityReleasesOlderValues() {
        let replayed = expectOlderValueReleased { $0.replayLazily(capacity: 1) }
        replayed.subject.sendCompleted()
        expectReleased(replayed.subscription, "the completed subscription")
    }

    // MARK: reentrancy and lifetime

    @Test("a subscriber of replay may subscribe again from its callback: the new one gets the replay")
    func replayReentrantSubscription() {
        let subject = Subject<Int, Never>()
        let replayed = subject.replay()
        let inner = EventLog<Int, Never>()
        let outer = EventLog<Int, Never>()
        outer.record(replayed) { event in
            if case .next(1) = event { inner.record(replayed) }
        }
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        #expect(outer.events == [.next(1), .next(2), .completed])
        #expect(inner.events == [.next(1), .next(2), .completed])
    }

    @Test("a subscriber of replayLazily may send into the source from its callback without deadlock")
    func replayLazilyReentrantSend() {
        let subject = Subject<Int, Never>()
        let replayed = subject.replayLazily()
        let log = EventLog<Int, Never>()
        log.record(replayed) { event in
            if case .next(1) = event { subject.sendNext(2) }
        }
        subject.sendNext(1)
        subject.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .completed])
        #expect(eventsOf(replayed) == [.next(1), .next(2), .completed])
    }

    @Test("replay, replayLast and replayLazily chains are released once the source has completed")
    func chainsAreReleased() throws {
        weak var weakSource: TestSignal<String, Never>?
        weak var weakReplay: Signal<String, Never>?
        weak var weakLast: Signal<String, Never>?
        weak var weakLazy: Signal<String, Never>?
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let source = try scheduler.createColdSignal("-a-|")
            weakSource = source
            let mapped = source.map { value in withExtendedLifetime(token) { value } }
            let replay = mapped.replay()
            let last = mapped.replayLast()
            let lazy = mapped.replayLazily()
            weakReplay = replay
            weakLast = last
            weakLazy = lazy
            try scheduler.expect(replay, toEmit: "-a-|")
            try scheduler.expect(last, toEmit: "---(a|)")
            try scheduler.expect(lazy, toEmit: "----a-|")
        }
        #expect(weakSource == nil)
        #expect(weakReplay == nil)
        #expect(weakLast == nil)
        #expect(weakLazy == nil)
        #expect(weakToken == nil)
    }

    @Test("a replayLazily whose subscribers were all disposed is released once its source ends")
    func disposedChainIsReleased() throws {
        weak var weakLazy: Signal<String, Never>?
        weak var weakSource: TestSignal<String, Never>?
        do {
            let source = try scheduler.createColdSignal("-a-b-c-|")
            weakSource = source
            let lazy = source.replayLazily()
            weakLazy = lazy
            try scheduler.expect(lazy, toEmit: "-a", disposeAt: 2)
            try scheduler.expect(source, toHaveSubscriptions: ["^------!"])
        }
        #expect(weakLazy == nil)
        #expect(weakSource == nil)
    }
}
