import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Time: Signal.timer(after:on:)", .checksRelease)
struct TimerTests {
    @Test("sends 0 once, the interval after subscription, then completes; each subscription has its own")
    func fires() throws {
        let scheduler = TestScheduler(checksRelease: true)
        try scheduler.expect(
            Signal.timer(after: scheduler.frames(3), on: scheduler), toEmit: "---(0|)", values: ["0": 0])
        let start = scheduler.now
        let late = EventLog<Int, Never>(timedBy: scheduler)
        scheduler.schedule(after: scheduler.frames(2)) {
            late.record(Signal.timer(after: scheduler.frames(3), on: scheduler))
        }
        scheduler.run()
        #expect(late.entries.map { $0.0 } == [start + scheduler.frames(5), start + scheduler.frames(5)])
        #expect(late.descriptions == ["0", "|"])
    }

    @Test("a zero interval fires at the next turn of the scheduler")
    func zero() throws {
        let scheduler = TestScheduler(checksRelease: true)
        try scheduler.expect(Signal.timer(after: .zero, on: scheduler), toEmit: "(0|)", values: ["0": 0])
    }

    @Test("disposing before it fires cancels it")
    func disposal() throws {
        let scheduler = TestScheduler(checksRelease: true)
        try scheduler.expect(
            Signal.timer(after: scheduler.frames(5), on: scheduler), toEmit: "--", values: ["0": 0],
            disposeAt: 2)
        #expect(scheduler.isEmpty)
    }

    @Test("a negative interval stops with a message naming the call")
    func badInput() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal.timer(after: .seconds(-1), on: TestScheduler())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Signal.timer(after:on:)"))
    }
}
