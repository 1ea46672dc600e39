import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Signal.interval with a zero interval: a tick every nanosecond", .checksRelease)
struct IntervalZeroTests {
    @Test("on a TestScheduler of one-nanosecond frames: a tick each frame, from the first")
    func everyFrame() throws {
        let scheduler = TestScheduler(frameDuration: .nanoseconds(1), checksRelease: true)
        let ticks = Signal.interval(.zero, on: scheduler).map(String.init)
        try scheduler.expect(ticks.take(4), toEmit: "-012(3|)")
        #expect(scheduler.isEmpty)
    }

    @Test("virtual time: an advance sends one tick per nanosecond and returns; advance(by: .zero) sends none")
    func finiteAdvances() {
        let scheduler = TestScheduler(checksRelease: true)
        let log = EventLog<Int, Never>(timedBy: scheduler)
        let subscription = log.record(Signal.interval(.zero, on: scheduler))
        scheduler.advance(by: .zero)
        #expect(log.values.isEmpty)
        scheduler.advance(by: .nanoseconds(5))
        #expect(log.values == [0, 1, 2, 3, 4])
        scheduler.advance(by: .nanoseconds(1000))
        #expect(log.values.count == 1005)
        subscription.dispose()
        #expect(scheduler.isEmpty)
    }

    @Test("on a QueueScheduler: ticks one after another, as fast as its queue turns")
    func onQueue() throws {
        let scheduler = QueueScheduler(name: "interval-zero")
        let values = try Signal.interval(.zero, on: scheduler).take(5).toArray(timeout: .seconds(20))
        #expect(values == [0, 1, 2, 3, 4])
    }

    @Test("a negative interval still stops with a message naming the call and the value")
    func negative() async {
        let negative = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal.interval(.seconds(-1), on: VirtualTimeScheduler())
        }
        let message = String(decoding: negative?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Signal.interval(_:on:leeway:)") && message.contains("-1"))
    }
}
