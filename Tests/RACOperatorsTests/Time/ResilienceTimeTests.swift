import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("delaySubscription, timeout(fallback:) and rateLimit on virtual time", .checksRelease)
struct ResilienceTimeTests {
    @Test("delaySubscription subscribes after the interval; events then pass unchanged")
    func delaySubscription() throws {
        try expectTimedMarbles(
            { source, scheduler in source.delaySubscription(scheduler.frames(3), on: scheduler) },
            [
                MarbleCase("-a-b-|", "----a-b-|", ["---^----!"]),
                MarbleCase("-a-#", "----a-#", ["---^--!"]),
                MarbleCase("-|", "----|", ["---^!"]),
                // Disposed during the wait: the source is never subscribed, the timer is cancelled.
                MarbleCase("-a-b-|", "--", [], disposeAt: 2),
                MarbleCase("-a-b-|", "----a", ["---^-!"], disposeAt: 5),
            ])
        try expectTimedMarbles(
            { source, scheduler in source.delaySubscription(.zero, on: scheduler) },
            [MarbleCase("-a|", "-a|", ["^-!"])])
    }

    @Test("delaySubscription of a hot source misses what it sends during the wait")
    func delaySubscriptionHot() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createHotSignal("-a-b-c-|", values: letters, error: TestError(1))
        try scheduler.expect(
            source.delaySubscription(scheduler.frames(2), on: scheduler), toEmit: "---b-c-|", values: letters,
            error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["--^----!"])
    }

    @Test("delaySubscription: a subscriber disposing from the first value's callback ends the source")
    func delaySubscriptionReentrant() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-a-b-|")
        let log = EventLog<String, Never>()
        var subscription: (any Disposable)?
        subscription = log.record(source.delaySubscription(scheduler.frames(1), on: scheduler)) { event in
            if case .next("a") = event { subscription?.dispose() }
        }
        scheduler.run()
        #expect(log.events == [.next("a")])
        try scheduler.expect(source, toHaveSubscriptions: ["-^!"])
        #expect(scheduler.isEmpty)
    }

    @Test("timeout(_:on:fallback:) switches to the fallback when the source has not ended in time")
    func timeoutFallback() throws {
        // (fallback, case, the fallback's subscriptions): the fallback is subscribed only when the
        // deadline passes first.
        let cases: [(String, MarbleCase, [String])] = [
            ("x-y|", MarbleCase("-a-b------|", "-a-b-x-y|", ["^----!"]), ["-----^--!"]),
            ("x-y|", MarbleCase("-a-|", "-a-|", ["^--!"]), []),
            ("x-y|", MarbleCase("-a-#", "-a-#", ["^--!"]), []),
            ("x-y|", MarbleCase("|", "|", ["(^!)"]), []),
            ("x-y|", MarbleCase("-a-b------|", "-a-", ["^--!"], disposeAt: 3), []),
            ("x-y|", MarbleCase("-a-b------|", "-a-b-x", ["^----!"], disposeAt: 6), ["-----^!"]),
            ("x#", MarbleCase("-a-b------|", "-a-b-x#", ["^----!"]), ["-----^!"]),
            ("|", MarbleCase("----------|", "-----|", ["^----!"]), ["-----(^!)"]),
        ]
        for (fallbackMarble, marbleCase, fallbackSubscriptions) in cases {
            var fallback: TestSignal<String, TestError>?
            try expectTimedMarbles(
                { source, scheduler in
                    let made = try scheduler.createColdSignal(
                        fallbackMarble, values: letters, error: TestError(1))
                    fallback = made
                    return source.timeout(scheduler.frames(5), on: scheduler, fallback: made)
                }, [marbleCase])
            #expect(fallback?.subscriptionMarbles == fallbackSubscriptions, "\(marbleCase.source)")
        }
    }

    @Test("timeout(fallback:): a value sent back into the source from a fallback callback is lost")
    func timeoutFallbackReentrant() {
        let scheduler = TestScheduler(checksRelease: true)
        let source = Subject<String, Never>()
        let fallback = Signal<String, Never>(value: "x")
        let log = EventLog<String, Never>()
        log.record(source.timeout(scheduler.frames(2), on: scheduler, fallback: fallback)) { event in
            if case .next("x") = event { source.sendNext("late") }
        }
        source.sendNext("a")
        scheduler.run()
        #expect(log.events == [.next("a"), .next("x"), .completed])
        #expect(source.subscriberCount == 0)
        #expect(scheduler.isEmpty)
    }

    @Test("rateLimit sends a value at once, then drops values for the interval")
    func rateLimit() throws {
        try expectTimedMarbles(
            { source, scheduler in source.rateLimit(scheduler.frames(3), on: scheduler) },
            [
                MarbleCase("-a-b-c---d-|", "-a---c---d-|", ["^----------!"]),
                // A value exactly one interval later arrives before the window's timer runs.
                MarbleCase("-a--b-c|", "-a----c|", ["^------!"]),
                MarbleCase("-a-b-#", "-a---#", ["^----!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("|", "|", ["(^!)"]),
                MarbleCase("-a-b-c---d-|", "-a--", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("rateLimit: a value the subscriber sends back into the source falls in the open window")
    func rateLimitReentrant() {
        let scheduler = TestScheduler(checksRelease: true)
        let source = Subject<String, Never>()
        let log = EventLog<String, Never>(timedBy: scheduler)
        log.record(source.rateLimit(scheduler.frames(2), on: scheduler)) { event in
            if case .next("a") = event { source.sendNext("echo") }
        }
        source.sendNext("a")
        scheduler.advance(by: scheduler.frames(3))
        source.sendNext("b")
        source.sendCompleted()
        #expect(log.events == [.next("a"), .next("b"), .completed])
        #expect(scheduler.isEmpty)
    }

    @Test("bad intervals and an immediate scheduler stop with a message naming the call and value")
    func programmerErrors() async {
        let zeroRate = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.rateLimit(.zero, on: VirtualTimeScheduler())
        }
        let rateMessage = String(decoding: zeroRate?.standardErrorContent ?? [], as: UTF8.self)
        #expect(rateMessage.contains("rateLimit(_:on:)"))
        #expect(rateMessage.contains("got 0"))

        let negative = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.delaySubscription(.seconds(-2), on: VirtualTimeScheduler())
        }
        let negativeMessage = String(decoding: negative?.standardErrorContent ?? [], as: UTF8.self)
        #expect(negativeMessage.contains("delaySubscription(_:on:)"))
        #expect(negativeMessage.contains("-2"))

        let immediate = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.timeout(.seconds(1), on: Scheduler.immediate, fallback: .empty)
        }
        let immediateMessage = String(decoding: immediate?.standardErrorContent ?? [], as: UTF8.self)
        #expect(immediateMessage.contains("timeout(_:on:fallback:)"))
        #expect(immediateMessage.contains("ImmediateScheduler"))
    }

    @Test("the chains release the source, the fallback and the captured objects once done")
    func released() throws {
        let scheduler = TestScheduler(checksRelease: true)
        try expectScopeReleased { scope in
            let token = scope.watch(Token(), "the token the fallback captures")
            let source = try scope.watch(scheduler.createColdSignal("-a-b-c------|"), "the source")
            let fallback = scope.watch(
                Signal<String, Never>(value: "x").map { value in withExtendedLifetime(token) { value } },
                "the fallback")
            let recorder = scheduler.record(
                source.rateLimit(scheduler.frames(2), on: scheduler)
                    .delaySubscription(scheduler.frames(1), on: scheduler)
                    .timeout(scheduler.frames(7), on: scheduler, fallback: fallback))
            scheduler.run()
            #expect(recorder.values == ["a", "c", "x"])
        }
        #expect(scheduler.isEmpty)
    }
}

@Suite("rateLimit across threads", .checksRelease)
struct RateLimitThreadTests {
    @Test("values sent from many threads at once: exactly one passes a long window")
    func concurrentSenders() {
        let scheduler = QueueScheduler(name: "rateLimit-threads")
        let source = Subject<Int, Never>()
        let log = EventLog<Int, Never>()
        let subscription = log.record(source.rateLimit(.seconds(3600), on: scheduler))
        onThreads(8) { thread in
            for value in 0..<100 { source.sendNext(thread * 100 + value) }
        }
        source.sendCompleted()
        #expect(log.values.count == 1)
        #expect(log.events.last == .completed)
        subscription.dispose()
    }
}
