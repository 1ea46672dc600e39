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
}
