import RACTestSupport
import RACTesting
import Testing

@Suite("TestScheduler: frames, ordering, cancellation, recursion, repetition", .checksRelease)
struct TestSchedulerTests {
    @Test("one frame is one virtual millisecond by default; frames(n) and currentFrame agree")
    func defaultFrame() {
        let scheduler = TestScheduler()
        #expect(scheduler.frameDuration == .milliseconds(1))
        #expect(scheduler.frames(0) == .zero)
        #expect(scheduler.frames(3) == .milliseconds(3))
        #expect(scheduler.now == .zero)
        scheduler.advance(frames: 2)
        #expect(scheduler.now == .milliseconds(2))
        #expect(scheduler.currentFrame == 2)
        scheduler.advance(by: .microseconds(500))
        #expect(scheduler.currentFrame == 2)
        scheduler.advance(toFrame: 7)
        #expect(scheduler.now == .milliseconds(7))
    }

    @Test("a custom frame length scales every marble")
    func customFrame() throws {
        let scheduler = TestScheduler(frameDuration: .seconds(1))
        #expect(scheduler.frames(3) == .seconds(3))
        let recorder = scheduler.record(try scheduler.createColdSignal("--a|"))
        scheduler.run()
        #expect(recorder.events == [.next(.seconds(2), "a"), .completed(.seconds(3))])
        expectReleased(recorder, "the recorder's subscription")
    }

    @Test(
        "nothing runs until time is advanced, not even schedule(_:); advance(by: .zero) runs what is due now")
    func nothingRunsUntilAdvanced() {
        let scheduler = TestScheduler()
        var ran: [String] = []
        scheduler.schedule { ran.append("now") }
        scheduler.schedule(after: scheduler.frames(1)) { ran.append("frame 1") }
        #expect(ran.isEmpty)
        #expect(scheduler.pendingActionCount == 2)
        scheduler.advance(by: .zero)
        #expect(ran == ["now"])
        scheduler.advance()
        #expect(ran == ["now", "frame 1"])
        #expect(scheduler.isEmpty)
    }

    @Test("advance() is exactly one frame: an action one nanosecond later waits")
    func advanceIsOneFrame() {
        let scheduler = TestScheduler()
        var ran: [String] = []
        scheduler.schedule(after: scheduler.frames(1)) { ran.append("at 1") }
        scheduler.schedule(after: scheduler.frames(1) + .nanoseconds(1)) { ran.append("just after 1") }
        scheduler.advance()
        #expect(ran == ["at 1"])
        #expect(scheduler.now == scheduler.frames(1))
        scheduler.advance()
        #expect(ran == ["at 1", "just after 1"])
    }

    @Test("actions run in due-time order, then in the order they were scheduled")
    func dueTimeThenFIFO() {
        let scheduler = TestScheduler()
        var ran: [(String, Duration)] = []
        let log = { (name: String) in { ran.append((name, scheduler.now)) } }
        scheduler.schedule(after: scheduler.frames(2), log("c"))
        scheduler.schedule(after: scheduler.frames(1), log("a"))
        scheduler.schedule(after: scheduler.frames(1), log("b"))
        scheduler.schedule(log("zero"))
        scheduler.schedule(after: scheduler.frames(1)) {
            ran.append(("d", scheduler.now))
            scheduler.schedule(log("d's child, same time, after e"))
        }
        scheduler.schedule(after: scheduler.frames(1), log("e"))
        scheduler.run()
        #expect(ran.map(\.0) == ["zero", "a", "b", "d", "e", "d's child, same time, after e", "c"])
        #expect(ran.map(\.1) == [0, 1, 1, 1, 1, 1, 2].map { scheduler.frames($0) })
    }

    @Test("the test scheduler is Scheduler.current while its actions run")
    func currentScheduler() {
        let scheduler = TestScheduler()
        var current: Scheduler?
        scheduler.schedule { current = Scheduler.current }
        scheduler.run()
        #expect(current === scheduler)
    }

    @Test("disposing a scheduled action cancels it, also from an earlier action at the same time")
    func cancellation() {
        let scheduler = TestScheduler()
        var ran: [String] = []
        let cancelled = scheduler.schedule(after: scheduler.frames(1)) { ran.append("cancelled") }
        var second: (any Disposable)?
        scheduler.schedule(after: scheduler.frames(2)) {
            ran.append("first")
            second?.dispose()
        }
        second = scheduler.schedule(after: scheduler.frames(2)) { ran.append("second") }
        cancelled?.dispose()
        #expect(cancelled?.isDisposed == true)
        #expect(scheduler.pendingActionCount == 2)
        scheduler.run()
        #expect(ran == ["first"])
        #expect(scheduler.now == scheduler.frames(2))
    }

    @Test("scheduleRecursive reschedules at the same virtual time, and disposal stops it")
    func recursiveScheduling() {
        let scheduler = TestScheduler()
        var runs = 0
        scheduler.scheduleRecursive { reschedule in
            runs += 1
            if runs < 5 { reschedule() }
        }
        #expect(runs == 0)
        scheduler.advance(by: .zero)
        #expect(runs == 5)
        #expect(scheduler.now == .zero)

        var stopped = 0
        var disposable: (any Disposable)?
        disposable = scheduler.scheduleRecursive { reschedule in
            stopped += 1
            if stopped == 3 { disposable?.dispose() }
            reschedule()
        }
        scheduler.run()
        #expect(stopped == 3)
    }

    @Test("an action that reschedules itself one frame later runs once per frame")
    func recursiveWithDelay() {
        let scheduler = TestScheduler()
        var frames: [Int] = []
        func tick() {
            frames.append(scheduler.currentFrame)
            if frames.count < 4 {
                scheduler.schedule(after: scheduler.frames(1), tick)
            }
        }
        scheduler.schedule(tick)
        scheduler.run()
        #expect(frames == [0, 1, 2, 3])
    }

    @Test("100,000 recursive reschedules run through run() without growing the stack")
    func deepRecursion() {
        let scheduler = TestScheduler()
        var runs = 0
        scheduler.scheduleRecursive { reschedule in
            runs += 1
            if runs < 100_000 { reschedule() }
        }
        scheduler.run()
        #expect(runs == 100_000)
    }

    @Test("a repeating schedule ticks exactly every interval in virtual time; leeway changes nothing")
    func repeatingWithLeeway() {
        let scheduler = TestScheduler()
        var ticks: [Int] = []
        let repeating = scheduler.schedule(
            after: scheduler.frames(2), repeatingEvery: scheduler.frames(3), leeway: scheduler.frames(1)
        ) {
            ticks.append(scheduler.currentFrame)
        }
        scheduler.advance(frames: 1)
        #expect(ticks.isEmpty)
        scheduler.advance(frames: 9)
        #expect(ticks == [2, 5, 8])
        #expect(scheduler.now == scheduler.frames(10))
        repeating?.dispose()
        scheduler.advance(frames: 10)
        #expect(ticks == [2, 5, 8])
        #expect(scheduler.isEmpty)
    }

    @Test("a repeating action that disposes itself stops, so run() returns")
    func repeatingStopsItself() {
        let scheduler = TestScheduler()
        var ticks: [Int] = []
        var repeating: (any Disposable)?
        repeating = scheduler.schedule(after: .zero, repeatingEvery: scheduler.frames(2), leeway: .seconds(5))
        {
            ticks.append(scheduler.currentFrame)
            if ticks.count == 4 { repeating?.dispose() }
        }
        scheduler.run()
        #expect(ticks == [0, 2, 4, 6])
    }

    @Test("1,000,000 actions go through run(): 1,000 timers of 1,000 ticks, each tick once, in time order")
    func millionActions() {
        let scheduler = TestScheduler()
        let timers = 1_000
        let ticksPerTimer = 1_000
        var ticks = [Int](repeating: 0, count: timers)
        var ran = 0
        var lastTime = Duration.zero
        var outOfOrder = 0
        func tick(_ timer: Int) {
            ran += 1
            ticks[timer] += 1
            let now = scheduler.now
            if now < lastTime { outOfOrder += 1 }
            lastTime = now
            if ticks[timer] < ticksPerTimer {
                scheduler.schedule(after: .nanoseconds(1 + timer % 7)) { tick(timer) }
            }
        }
        for timer in 0..<timers {
            scheduler.schedule(after: .nanoseconds(timer % 13)) { tick(timer) }
        }
        scheduler.run()
        #expect(ran == timers * ticksPerTimer)
        #expect(ticks.allSatisfy { $0 == ticksPerTimer })
        #expect(outOfOrder == 0)
        #expect(scheduler.isEmpty)
    }

    @Test("a frame that is not a positive whole number of nanoseconds stops with a message")
    func badFrameDuration() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = TestScheduler(frameDuration: .zero)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("TestScheduler(frameDuration:)"))
        #expect(message.contains("0.0 seconds"))
    }
}
