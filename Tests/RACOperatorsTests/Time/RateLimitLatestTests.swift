import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("rateLimit(_:latest:on:) on virtual time", .checksRelease)
struct RateLimitLatestTests {
    @Test("latest: true sends a value at once, then the latest of each window at its end")
    func values() throws {
        try expectTimedMarbles(
            { source, scheduler in source.rateLimit(scheduler.frames(3), latest: true, on: scheduler) },
            [
                MarbleCase("-a-b-c---d-|", "-a--b--c--d|", ["^----------!"]),
                // A window with nothing held ends the windows: the next value is sent at once.
                MarbleCase("-a------b-|", "-a------b-|", ["^---------!"]),
                // Of several values in a window, the latest.
                MarbleCase("-abc-----|", "-a--c----|", ["^--------!"]),
            ])
    }

    @Test("completion sends the held value at once, then completes; an error drops it")
    func terminals() throws {
        try expectTimedMarbles(
            { source, scheduler in source.rateLimit(scheduler.frames(3), latest: true, on: scheduler) },
            [
                MarbleCase("-a-b|", "-a--(b|)", ["^---!"]),
                MarbleCase("-a-b#", "-a--#", ["^---!"]),
                MarbleCase("-a-#", "-a-#", ["^--!"]),
            ])
    }

    @Test("an empty source, and disposal, which cancels the window's timer")
    func emptyAndDisposal() throws {
        try expectTimedMarbles(
            { source, scheduler in source.rateLimit(scheduler.frames(3), latest: true, on: scheduler) },
            [
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("|", "|", ["(^!)"]),
                MarbleCase("-a-b-c-|", "-a-", ["^--!"], disposeAt: 3),
            ])
    }

    @Test("latest: false is rateLimit(_:on:), which drops the values of the window")
    func leadingOnly() throws {
        try expectTimedMarbles(
            { source, scheduler in source.rateLimit(scheduler.frames(3), latest: false, on: scheduler) },
            [MarbleCase("-a-b-c---d-|", "-a---c---d-|", ["^----------!"])])
    }

    @Test("a value the subscriber sends back into the source is held for the window's end")
    func reentrant() {
        let scheduler = TestScheduler(checksRelease: true)
        let source = Subject<String, Never>()
        let log = EventLog<String, Never>(timedBy: scheduler)
        log.record(source.rateLimit(scheduler.frames(2), latest: true, on: scheduler)) { event in
            if case .next("a") = event { source.sendNext("echo") }
        }
        source.sendNext("a")
        #expect(log.events == [.next("a")])
        scheduler.advance(by: scheduler.frames(2))
        #expect(log.events == [.next("a"), .next("echo")])
        source.sendCompleted()
        #expect(log.events == [.next("a"), .next("echo"), .completed])
        #expect(scheduler.isEmpty)
    }

    @Test("a zero interval stops with a message naming the call")
    func badInterval() async {
        let zero = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.rateLimit(.zero, latest: true, on: VirtualTimeScheduler())
        }
        let message = String(decoding: zero?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("rateLimit(_:latest:on:)") && message.contains("got 0"))
    }
}

@Suite("rateLimit(_:latest:on:) across threads", .checksRelease)
struct RateLimitLatestThreadTests {
    @Test("values sent from many threads: the first is sent at once, the latest at the window's end")
    func concurrentSenders() {
        let scheduler = QueueScheduler(name: "rateLimit-latest-threads")
        let source = Subject<Int, Never>()
        let log = EventLog<Int, Never>()
        let subscription = log.record(source.rateLimit(.seconds(3600), latest: true, on: scheduler))
        onThreads(8) { thread in
            for value in 0..<200 { source.sendNext(thread * 1000 + value) }
        }
        // The window lasts an hour: one value was sent, the rest wait; the completion sends the
        // latest held one.
        #expect(log.values.count == 1)
        source.sendCompleted()
        #expect(log.values.count == 2)
        #expect(log.events.last == .completed)
        #expect(Set(log.values).count == 2)
        subscription.dispose()
    }
}
