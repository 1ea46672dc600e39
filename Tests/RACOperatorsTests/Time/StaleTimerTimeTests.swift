import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// A timer that has fired is cancelled too late: its closure may already be running (waiting for
/// the operator's lock) when the sending thread disposes it. These tests play that interleaving by
/// hand with a `HandRunScheduler`: start a timer, send on the source (which cancels it), then run
/// it; the operator must act only for the state the timer was scheduled for.
@Suite("Stale timers: a timer already running when it is cancelled", .checksRelease)
struct StaleTimerTimeTests {
    @Test("throttle: a held value's timer running as a newer value arrives leaves the newer one held")
    func throttle() {
        let scheduler = HandRunScheduler()
        let source = Subject<String, Never>()
        let log = EventLog<String, Never>()
        log.record(source.throttle(.milliseconds(1), on: scheduler))
        source.sendNext("a")
        let timerA = scheduler.actions[0]
        timerA.start()
        source.sendNext("b")
        #expect(timerA.isCancelled)
        timerA.run()
        // Before the fix, a's timer cancelled b's and sent b at once.
        #expect(log.events == [])
        let timerB = scheduler.actions[1]
        #expect(!timerB.isCancelled)
        timerB.run()
        #expect(log.events == [.next("b")])
        source.sendCompleted()
        #expect(log.events == [.next("b"), .completed])
        #expect(scheduler.pending.isEmpty)
    }

    @Test("throttle: a stale timer of a value dropped by a failing one leaves the next held value held")
    func throttlePassingTest() {
        let scheduler = HandRunScheduler()
        let source = Subject<String, Never>()
        let log = EventLog<String, Never>()
        log.record(
            source.throttle(.milliseconds(1), on: scheduler, valuesPassingTest: { $0 == $0.lowercased() }))
        source.sendNext("a")
        let timerA = scheduler.actions[0]
        timerA.start()
        source.sendNext("B")
        source.sendNext("c")
        timerA.run()
        // Before the fix, a's timer cancelled c's and sent c at once.
        #expect(log.events == [.next("B")])
        let timerC = scheduler.actions[1]
        #expect(!timerC.isCancelled)
        timerC.run()
        #expect(log.events == [.next("B"), .next("c")])
        source.sendCompleted()
        #expect(log.events == [.next("B"), .next("c"), .completed])
        #expect(scheduler.pending.isEmpty)
    }

    @Test("throttle: a stale timer running after completion sends nothing more")
    func throttleCompleted() {
        let scheduler = HandRunScheduler()
        let source = Subject<String, Never>()
        let log = EventLog<String, Never>()
        log.record(source.throttle(.milliseconds(1), on: scheduler))
        source.sendNext("a")
        scheduler.actions[0].start()
        source.sendCompleted()
        scheduler.actions[0].run()
        #expect(log.events == [.next("a"), .completed])
    }

    @Test("buffer(for:on:): a value arriving as the batch's timer fires joins that batch")
    func buffer() {
        let scheduler = HandRunScheduler()
        let source = Subject<String, Never>()
        let log = EventLog<[String], Never>()
        log.record(source.buffer(for: .milliseconds(1), on: scheduler))
        source.sendNext("a")
        let timerA = scheduler.actions[0]
        timerA.start()
        // A batch's timer is cancelled only when the signal ends: a value never cancels it.
        source.sendNext("b")
        #expect(!timerA.isCancelled)
        timerA.run()
        #expect(log.events == [.next(["a", "b"])])
        source.sendNext("c")
        #expect(scheduler.actions.count == 2)
        scheduler.actions[1].run()
        #expect(log.events == [.next(["a", "b"]), .next(["c"])])
        source.sendNext("d")
        scheduler.actions[2].start()
        source.sendCompleted()
        scheduler.actions[2].run()
        #expect(log.events == [.next(["a", "b"]), .next(["c"]), .next(["d"]), .completed])
    }

    @Test("window(for:on:): a value arriving as the window's timer fires joins that window")
    func window() {
        let scheduler = HandRunScheduler()
        let source = Subject<String, Never>()
        let outer = EventLog<String, Never>()
        let windows = Log<EventLog<String, Never>>()
        outer.record(
            source.window(for: .milliseconds(1), on: scheduler).map { window in
                let log = EventLog<String, Never>()
                log.record(window)
                windows.append(log)
                return "w"
            })
        source.sendNext("a")
        let timerA = scheduler.actions[0]
        timerA.start()
        // A window's timer is cancelled only when the signal ends: a value never cancels it.
        source.sendNext("b")
        #expect(!timerA.isCancelled)
        timerA.run()
        source.sendNext("c")
        scheduler.actions[1].start()
        source.sendCompleted()
        scheduler.actions[1].run()
        #expect(outer.events == [.next("w"), .next("w"), .completed])
        #expect(
            windows.all.map(\.events) == [[.next("a"), .next("b"), .completed], [.next("c"), .completed]])
    }

    @Test("rateLimit: a value arriving as the window's timer fires is dropped; the next opens a window")
    func rateLimit() {
        let scheduler = HandRunScheduler()
        let source = Subject<String, Never>()
        let log = EventLog<String, Never>()
        log.record(source.rateLimit(.milliseconds(1), on: scheduler))
        source.sendNext("a")
        let timerA = scheduler.actions[0]
        timerA.start()
        // A window's timer is cancelled only by disposal: a value never cancels it.
        source.sendNext("b")
        #expect(!timerA.isCancelled)
        timerA.run()
        source.sendNext("c")
        source.sendNext("d")
        #expect(log.events == [.next("a"), .next("c")])
        scheduler.actions[1].run()
        source.sendNext("e")
        source.sendCompleted()
        #expect(log.events == [.next("a"), .next("c"), .next("e"), .completed])
        #expect(scheduler.actions.count == 3)
    }

    @Test("delay: each value has its own timer; one running as the subscription is disposed sends nothing")
    func delay() {
        let scheduler = HandRunScheduler()
        let source = Subject<String, Never>()
        let log = EventLog<String, Never>()
        let subscription = log.record(source.delay(.milliseconds(1), on: scheduler))
        source.sendNext("a")
        scheduler.actions[0].start()
        source.sendNext("b")
        #expect(!scheduler.actions[0].isCancelled)
        scheduler.actions[0].run()
        #expect(log.events == [.next("a")])
        scheduler.actions[1].start()
        subscription.dispose()
        #expect(scheduler.actions[1].isCancelled)
        scheduler.actions[1].run()
        #expect(log.events == [.next("a")])
        #expect(source.subscriberCount == 0)
    }

    @Test("timeout: a deadline running as the source completes neither fails nor subscribes the fallback")
    func timeout() {
        for useFallback in [false, true] {
            let scheduler = HandRunScheduler()
            let source = Subject<String, TestError>()
            let fallbackSubscriptions = Log<Int>()
            let fallback = Signal<String, TestError> { subscriber in
                fallbackSubscriptions.append(1)
                subscriber.sendNext("x")
                subscriber.sendCompleted()
                return nil
            }
            let log = EventLog<String, TestError>()
            log.record(
                useFallback
                    ? source.timeout(.milliseconds(1), on: scheduler, fallback: fallback)
                    : source.timeout(.milliseconds(1), on: scheduler, raising: TestError(1)))
            source.sendNext("a")
            let deadline = scheduler.actions[0]
            deadline.start()
            source.sendCompleted()
            #expect(deadline.isCancelled)
            deadline.run()
            #expect(log.events == [.next("a"), .completed], "fallback: \(useFallback)")
            #expect(fallbackSubscriptions.count == 0, "fallback: \(useFallback)")
        }
    }
}
