import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntSignal = Signal<Int, TestError>

private typealias IntProbe = ProbeSource<Int, TestError>

@Suite("HigherOrder: bind", .checksRelease)
struct BindTests {
    @Test(
        "the block is called once per subscription; inner values are merged as they arrive (RACSignal.m -bind:)"
    )
    func ordinary() {
        weak var weakLog: EventLog<Int, TestError>?
        weak var weakSecondLog: EventLog<Int, TestError>?
        do {
            let factoryCalls = OpCounter()
            let source = IntProbe()
            let inners = [IntProbe(), IntProbe()]
            let bound = source.signal.bind { () -> (Int, inout Bool) -> IntSignal? in
                factoryCalls.increment()
                return { value, _ in inners[value].signal }
            }
            let log = EventLog.of(bound)
            weakLog = log
            #expect(factoryCalls.value == 1)
            source.sendNext(0)
            #expect(inners[0].isSubscribed)
            source.sendNext(1)
            inners[1].sendNext(10)
            inners[0].sendNext(20)
            inners[1].sendNext(11)
            #expect(log.events == [.next(10), .next(20), .next(11)])
            let secondLog = EventLog.of(bound)
            weakSecondLog = secondLog
            #expect(factoryCalls.value == 2)
            // Both subscriptions complete once the source and every inner signal have.
            source.sendCompleted()
            inners[0].sendCompleted()
            inners[1].sendCompleted()
            #expect(log.isTerminated)
        }
        #expect(weakLog == nil)
        #expect(weakSecondLog == nil)
    }

    @Test("completes only when the source and every inner signal have completed (RACSignal.m -bind:)")
    func completion() {
        let source = IntProbe()
        let inner = IntProbe()
        let log = EventLog.of(source.signal.bind { { _, _ in inner.signal } })
        source.sendNext(1)
        source.sendCompleted()
        #expect(!log.isTerminated)
        inner.sendNext(5)
        inner.sendCompleted()
        #expect(log.events == [.next(5), .completed])

        let source2 = IntProbe()
        let inner2 = IntProbe()
        let log2 = EventLog.of(source2.signal.bind { { _, _ in inner2.signal } })
        source2.sendNext(1)
        inner2.sendCompleted()
        #expect(!log2.isTerminated)
        source2.sendCompleted()
        #expect(log2.events == [.completed])
    }

    @Test(
        "returning nil disposes the source and counts it completed; inner signals keep running (RACSignal.m -bind:)"
    )
    func nilStops() {
        let source = IntProbe()
        let inner = IntProbe()
        let log = EventLog.of(
            source.signal.bind {
                { value, _ in value == 0 ? inner.signal : nil }
            })
        source.sendNext(0)
        source.sendNext(1)
        #expect(!source.isSubscribed)
        #expect(source.disposals == 1)
        inner.sendNext(7)
        #expect(log.events == [.next(7)])
        inner.sendCompleted()
        #expect(log.events == [.next(7), .completed])
    }

    @Test("stop = true subscribes the returned signal, then stops the source (RACSignal.m -bind:)")
    func stopFlag() {
        let source = IntProbe()
        let log = EventLog.of(
            source.signal.bind {
                { value, stop in
                    stop = value == 2
                    return IntSignal(values: [value, value * 10])
                }
            })
        source.sendNext(1)
        source.sendNext(2)
        source.sendNext(3)
        #expect(log.events == [.next(1), .next(10), .next(2), .next(20), .completed])
        #expect(source.disposals == 1)
    }

    @Test("an error from the source disposes every inner signal, then is forwarded (RACSignal.m -bind:)")
    func sourceError() {
        let source = IntProbe()
        let inner = IntProbe()
        let innerDisposedFirst = Locked(false)
        let log = EventLog<Int, TestError>()
        log.record(source.signal.bind { { _, _ in inner.signal } }) { event in
            if event.error != nil { innerDisposedFirst.withValue { $0 = !inner.isSubscribed } }
        }
        source.sendNext(1)
        source.sendError(TestError(1))
        #expect(log.events == [.error(TestError(1))])
        #expect(innerDisposedFirst.current)
        #expect(inner.disposals == 1)
    }

    @Test(
        "an error from an inner signal disposes the source and the other inners, then is forwarded (RACSignal.m -bind:)"
    )
    func innerError() {
        let source = IntProbe()
        let inners = [IntProbe(), IntProbe()]
        let othersDisposedFirst = Locked(false)
        let log = EventLog<Int, TestError>()
        log.record(source.signal.bind { { value, _ in inners[value].signal } }) { event in
            if event.error != nil {
                othersDisposedFirst.withValue { $0 = !source.isSubscribed && !inners[0].isSubscribed }
            }
        }
        source.sendNext(0)
        source.sendNext(1)
        inners[1].sendError(TestError(2))
        #expect(log.events == [.error(TestError(2))])
        #expect(othersDisposedFirst.current)
        #expect(source.disposals == 1 && inners[0].disposals == 1 && inners[1].disposals == 1)
    }

    @Test("source values after a synchronous error are ignored (RACSignal.m -bind:)")
    func synchronousError() {
        let calls = OpCounter()
        let source = IntSignal { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            return nil
        }
        let bound = source.bind {
            { _, _ in
                calls.increment()
                return IntSignal(error: TestError(3))
            }
        }
        #expect(EventLog.of(bound).events == [.error(TestError(3))])
        #expect(calls.value == 1)
    }

    @Test("empty source completes at once")
    func empty() {
        #expect(EventLog.of(IntSignal.empty.bind { { _, _ in IntSignal(value: 1) } }).events == [.completed])
    }

    @Test("disposal disposes the source and every inner subscription")
    func disposal() {
        let source = IntProbe()
        let inners = [IntProbe(), IntProbe()]
        let subscription = EventLog<Int, TestError>().record(
            source.signal.bind { { value, _ in inners[value].signal } })
        source.sendNext(0)
        source.sendNext(1)
        subscription.dispose()
        #expect(!source.isSubscribed && inners.allSatisfy { !$0.isSubscribed })
        #expect(source.disposals == 1 && inners.allSatisfy { $0.disposals == 1 })
    }

    @Test("a value sent into the source from the subscriber is bound, nested")
    func reentrant() {
        weak var weakSource: Subject<Int, TestError>?
        do {
            let source = Subject<Int, TestError>()
            weakSource = source
            let log = EventLog<Int, TestError>()
            let bound = source.bind { { value, _ in IntSignal(values: [value, value + 100]) } }
            let subscription = log.record(bound) { event in
                if event == .next(1) { source.sendNext(2) }
            }
            source.sendNext(1)
            #expect(log.events == [.next(1), .next(2), .next(102), .next(101)])
            // The subscriber captures the source: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakSource == nil)
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test(
        "bind: stop disposes the source but the running inners finish; nil stops too; block per subscription")
    func bind() throws {
        let made = OpCounter()
        let first = try scheduler.createColdSignal("x|", error: TestError(1))
        let last = try scheduler.createColdSignal("y--z|", error: TestError(1))
        let source = try scheduler.createColdSignal("-a-b-c-d-|", error: TestError(1))
        let bound = source.bind { () -> (String, inout Bool) -> Signal<String, TestError>? in
            made.increment()
            return { value, stop in
                switch value {
                case "a": return first
                case "b":
                    stop = true
                    return last
                default: return nil
                }
            }
        }
        try scheduler.expect(bound, toEmit: "-x-y--z|", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
        try scheduler.expect(last, toHaveSubscriptions: ["---^---!"])

        let other = TestScheduler(checksRelease: true)
        let inner = try other.createColdSignal("x|", error: TestError(1))
        let stopping = try other.createColdSignal("-a-c-d|", error: TestError(1))
        let boundToo = stopping.bind { () -> (String, inout Bool) -> Signal<String, TestError>? in
            made.increment()
            return { value, _ in value == "a" ? inner : nil }
        }
        try other.expect(boundToo, toEmit: "-x-|", error: TestError(1))
        try other.expect(stopping, toHaveSubscriptions: ["^--!"])
        #expect(made.value == 2)
    }
}
