import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntSignal = Signal<Int, TestError>

@Suite("Combine: concat(_:), Signal.concat", .checksRelease)
struct ConcatTests {
    @Test("subscribes to the second signal only once the first completes")
    func ordinary() {
        let first = ProbeSource<Int, TestError>()
        let second = ProbeSource<Int, TestError>()
        let log = EventLog.of(first.signal.concat(second.signal))
        first.sendNext(1)
        second.sendNext(99)  // not subscribed yet: lost
        #expect(second.subscriptions == 0)
        first.sendNext(2)
        first.sendCompleted()
        #expect(first.disposals == 1)
        #expect(second.subscriptions == 1)
        second.sendNext(3)
        second.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .next(3), .completed])
        #expect(second.disposals == 1)
    }

    @Test("empty signals")
    func empty() {
        #expect(EventLog.of(IntSignal.empty.concat(.empty)).events == [.completed])
        #expect(EventLog.of(IntSignal.empty.concat(IntSignal(value: 1))).events == [.next(1), .completed])
        #expect(EventLog.of(IntSignal(value: 1).concat(.empty)).events == [.next(1), .completed])
    }

    @Test("an error in the first is forwarded and the second is never subscribed (RACSignal.m -concat:)")
    func errorInFirst() {
        let first = ProbeSource<Int, TestError>()
        let second = ProbeSource<Int, TestError>()
        let log = EventLog.of(first.signal.concat(second.signal))
        first.sendNext(1)
        first.sendError(TestError(1))
        #expect(log.events == [.next(1), .error(TestError(1))])
        #expect(second.subscriptions == 0)
    }

    @Test("an error in the second is forwarded")
    func errorInSecond() {
        let second = ProbeSource<Int, TestError>()
        let log = EventLog.of(IntSignal(value: 1).concat(second.signal))
        second.sendError(TestError(2))
        #expect(log.events == [.next(1), .error(TestError(2))])
        #expect(second.disposals == 1)
    }

    @Test("disposal disposes whichever signal is running")
    func disposal() {
        let first = ProbeSource<Int, TestError>()
        let second = ProbeSource<Int, TestError>()
        let during = EventLog<Int, TestError>().record(first.signal.concat(second.signal))
        during.dispose()
        #expect(first.disposals == 1)
        #expect(!first.isSubscribed)
        first.sendCompleted()
        #expect(second.subscriptions == 0)

        let third = ProbeSource<Int, TestError>()
        let later = EventLog<Int, TestError>().record(IntSignal.empty.concat(third.signal))
        #expect(third.isSubscribed)
        later.dispose()
        #expect(!third.isSubscribed)
        #expect(third.disposals == 1)
    }

    @Test("a value sent into the first signal from the subscriber is delivered nested")
    func reentrant() {
        let first = Subject<Int, TestError>()
        let log = EventLog<Int, TestError>()
        log.record(first.concat(IntSignal(value: 9))) { event in
            if event == .next(1) { first.sendNext(2) }
        }
        first.sendNext(1)
        first.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .next(9), .completed])
    }

    @Test("runs the signals one after another")
    func ordinaryConcatSequence() {
        let signals = [IntSignal(values: [1, 2]), .empty, IntSignal(value: 3)]
        #expect(EventLog.of(Signal.concat(signals)).events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test("no signals: completes at once")
    func emptyConcatSequence() {
        #expect(EventLog.of(IntSignal.concat([])).events == [.completed])
    }

    @Test("each subscription starts from the first signal")
    func perSubscription() {
        let signal = Signal.concat([IntSignal(value: 1), IntSignal(value: 2)])
        #expect(EventLog.of(signal).values == [1, 2])
        #expect(EventLog.of(signal).values == [1, 2])
    }

    @Test("an error stops the run: later signals are never subscribed")
    func error() {
        let counter = OpCounter()
        let signals = [
            IntSignal(value: 1), IntSignal(error: TestError(3)), countingSignal(counter, values: [5]),
        ]
        #expect(EventLog.of(Signal.concat(signals)).events == [.next(1), .error(TestError(3))])
        #expect(counter.value == 0)
    }

    @Test("disposal disposes the running signal; later ones are never subscribed")
    func disposalConcatSequence() {
        let first = ProbeSource<Int, TestError>()
        let second = ProbeSource<Int, TestError>()
        let subscription = EventLog<Int, TestError>().record(Signal.concat([first.signal, second.signal]))
        #expect(first.isSubscribed)
        subscription.dispose()
        #expect(first.disposals == 1)
        first.sendCompleted()
        #expect(second.subscriptions == 0)
    }

    @Test("waits for asynchronous (hot) signals in order")
    func hot() {
        let first = ProbeSource<Int, TestError>()
        let second = ProbeSource<Int, TestError>()
        let log = EventLog.of(Signal.concat([first.signal, second.signal]))
        second.sendNext(0)
        first.sendNext(1)
        first.sendCompleted()
        second.sendNext(2)
        second.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .completed])
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("concat subscribes to the second signal only once the first completes")
    func concat() throws {
        let first = try scheduler.createColdSignal("-a-b|", error: TestError(1))
        let second = try scheduler.createColdSignal("c-d|", error: TestError(1))
        try scheduler.expect(first.concat(second), toEmit: "-a-bc-d|", error: TestError(1))
        try scheduler.expect(first, toHaveSubscriptions: ["^---!"])
        try scheduler.expect(second, toHaveSubscriptions: ["----^--!"])
    }

    @Test("concat: an error in the first ends it and the second is never subscribed")
    func concatError() throws {
        let first = try scheduler.createColdSignal("-a#", error: TestError(1))
        let second = try scheduler.createColdSignal("c-d|", error: TestError(1))
        try scheduler.expect(first.concat(second), toEmit: "-a#", error: TestError(1))
        try scheduler.expect(second, toHaveSubscriptions: [])
    }

    @Test("concat: an empty first, an error in the second, disposal while in the second")
    func concatCases() throws {
        let empty = try scheduler.createColdSignal("|", error: TestError(1))
        let failing = try scheduler.createColdSignal("-c#", error: TestError(1))
        try scheduler.expect(empty.concat(failing), toEmit: "-c#", error: TestError(1))
        try scheduler.expect(failing, toHaveSubscriptions: ["^-!"])

        let later = TestScheduler(checksRelease: true)
        let first = try later.createColdSignal("-a|", error: TestError(1))
        let second = try later.createColdSignal("-b-c|", error: TestError(1))
        try later.expect(first.concat(second), toEmit: "-a-b", error: TestError(1), disposeAt: 4)
        try later.expect(first, toHaveSubscriptions: ["^-!"])
        try later.expect(second, toHaveSubscriptions: ["--^-!"])
    }

    @Test("Signal.concat runs the signals one after another; an error stops the rest")
    func concatMany() throws {
        let a = try scheduler.createColdSignal("-a|", error: TestError(1))
        let b = try scheduler.createColdSignal("-b-c|", error: TestError(1))
        let d = try scheduler.createColdSignal("-d|", error: TestError(1))
        try scheduler.expect(Signal.concat([a, b, d]), toEmit: "-a-b-c-d|", error: TestError(1))
        try scheduler.expect(a, toHaveSubscriptions: ["^-!"])
        try scheduler.expect(b, toHaveSubscriptions: ["--^---!"])
        try scheduler.expect(d, toHaveSubscriptions: ["------^-!"])

        let other = TestScheduler(checksRelease: true)
        let ok = try other.createColdSignal("-a|", error: TestError(1))
        let failing = try other.createColdSignal("-#", error: TestError(1))
        let never = try other.createColdSignal("-d|", error: TestError(1))
        try other.expect(Signal.concat([ok, failing, never]), toEmit: "-a-#", error: TestError(1))
        try other.expect(never, toHaveSubscriptions: [])
        try other.expect(Signal<String, TestError>.concat([]), toEmit: "---|", error: TestError(1))
    }
}
