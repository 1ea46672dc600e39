import RACTestSupport
import RACTesting
import Testing

/// A delay written inline with nothing but a scheduler: every event is sent again `interval`
/// later; disposing cancels both the source subscription and the events still waiting.
private func delayed<Value, Failure>(
    _ source: Signal<Value, Failure>, by interval: Duration, on scheduler: Scheduler
) -> Signal<Value, Failure> {
    Signal { subscriber in
        let pending = CompoundDisposable()
        pending += source.observe { event in
            pending += scheduler.schedule(after: interval) { subscriber.send(event) }
        }
        return pending
    }
}

/// An interval written inline: 0, 1, 2 … every `period`, starting one period after subscription.
private func ticks(every period: Duration, on scheduler: Scheduler) -> Signal<Int, Never> {
    Signal { subscriber in
        var count = 0
        return scheduler.schedule(after: period, repeatingEvery: period, leeway: .milliseconds(5)) {
            subscriber.sendNext(count)
            count += 1
        }
    }
}

@Suite("Time operators written inline and checked with marbles", .checksRelease)
struct TimeOperatorTests {
    let scheduler = TestScheduler(checksRelease: true)

    @Test("delay shifts every event by two frames, groups included")
    func delay() throws {
        let source = try scheduler.createColdSignal("-a-b---(cd)-|")
        try scheduler.expect(
            delayed(source, by: scheduler.frames(2), on: scheduler),
            toEmit: "---a-b---(cd)-|")
        try scheduler.expect(source, toHaveSubscriptions: ["^--------!"])
    }

    @Test("delay of a hot signal: disposing cancels the source and the delayed events still waiting")
    func delayDisposed() throws {
        let source = try scheduler.createHotSignal("-x-^-a-b-c-|", values: ["x": 0, "a": 1, "b": 2, "c": 3])
        try scheduler.expect(
            delayed(source, by: scheduler.frames(3), on: scheduler),
            toEmit: "-----a-", values: ["a": 1], disposeAt: 7)
        try scheduler.expect(source, toHaveSubscriptions: ["^------!"])
    }

    @Test("an interval ticks every two frames until disposed; leeway changes nothing in virtual time")
    func interval() throws {
        try scheduler.expect(
            ticks(every: scheduler.frames(2), on: scheduler),
            toEmit: "--0-1-2-3", values: ["0": 0, "1": 1, "2": 2, "3": 3], disposeAt: 9)
        #expect(scheduler.isEmpty)
    }
}
