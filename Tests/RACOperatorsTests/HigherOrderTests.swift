import Foundation
import RACOperators
import RACTestSupport
import Testing

private typealias IntSignal = Signal<Int, OpError>
private typealias IntProbe = OpProbe<Int, OpError>

@Suite("HigherOrder: bind", .checksRelease)
struct HigherOrderBindTests {
    @Test("the block is called once per subscription (R57); inner values are merged as they arrive (R62)")
    func ordinary() {
        weak var weakLog: OpLog<Int, OpError>?
        weak var weakSecondLog: OpLog<Int, OpError>?
        do {
            let factoryCalls = OpCounter()
            let source = IntProbe()
            let inners = [IntProbe(), IntProbe()]
            let bound = source.signal.bind { () -> (Int, inout Bool) -> IntSignal? in
                factoryCalls.increment()
                return { value, _ in inners[value].signal }
            }
            let log = OpLog.of(bound)
            weakLog = log
            #expect(factoryCalls.value == 1)
            source.sendNext(0)
            #expect(inners[0].isSubscribed)
            source.sendNext(1)
            inners[1].sendNext(10)
            inners[0].sendNext(20)
            inners[1].sendNext(11)
            #expect(log.events == [.next(10), .next(20), .next(11)])
            let secondLog = OpLog.of(bound)
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

    @Test("completes only when the source and every inner signal have completed (R58)")
    func completion() {
        let source = IntProbe()
        let inner = IntProbe()
        let log = OpLog.of(source.signal.bind { { _, _ in inner.signal } })
        source.sendNext(1)
        source.sendCompleted()
        #expect(!log.isTerminated)
        inner.sendNext(5)
        inner.sendCompleted()
        #expect(log.events == [.next(5), .completed])

        let source2 = IntProbe()
        let inner2 = IntProbe()
        let log2 = OpLog.of(source2.signal.bind { { _, _ in inner2.signal } })
        source2.sendNext(1)
        inner2.sendCompleted()
        #expect(!log2.isTerminated)
        source2.sendCompleted()
        #expect(log2.events == [.completed])
    }

    @Test("returning nil disposes the source and counts it completed; inner signals keep running (R59)")
    func nilStops() {
        let source = IntProbe()
        let inner = IntProbe()
        let log = OpLog.of(
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

    @Test("stop = true subscribes the returned signal, then stops the source (R59)")
    func stopFlag() {
        let source = IntProbe()
        let log = OpLog.of(
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

    @Test("an error from the source disposes every inner signal, then is forwarded (R60)")
    func sourceError() {
        let source = IntProbe()
        let inner = IntProbe()
        let innerDisposedFirst = Locked(false)
        let log = OpLog<Int, OpError>()
        log.record(source.signal.bind { { _, _ in inner.signal } }) { event in
            if event.error != nil { innerDisposedFirst.withValue { $0 = !inner.isSubscribed } }
        }
        source.sendNext(1)
        source.sendError(OpError(1))
        #expect(log.events == [.error(OpError(1))])
        #expect(innerDisposedFirst.current)
        #expect(inner.disposals == 1)
    }

    @Test("an error from an inner signal disposes the source and the other inners, then is forwarded (R60)")
    func innerError() {
        let source = IntProbe()
        let inners = [IntProbe(), IntProbe()]
        let othersDisposedFirst = Locked(false)
        let log = OpLog<Int, OpError>()
        log.record(source.signal.bind { { value, _ in inners[value].signal } }) { event in
            if event.error != nil {
                othersDisposedFirst.withValue { $0 = !source.isSubscribed && !inners[0].isSubscribed }
            }
        }
        source.sendNext(0)
        source.sendNext(1)
        inners[1].sendError(OpError(2))
        #expect(log.events == [.error(OpError(2))])
        #expect(othersDisposedFirst.current)
        #expect(source.disposals == 1 && inners[0].disposals == 1 && inners[1].disposals == 1)
    }

    @Test("source values after a synchronous error are ignored (R61)")
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
                return IntSignal(error: OpError(3))
            }
        }
        #expect(OpLog.of(bound).events == [.error(OpError(3))])
        #expect(calls.value == 1)
    }

    @Test("empty source completes at once")
    func empty() {
        #expect(OpLog.of(IntSignal.empty.bind { { _, _ in IntSignal(value: 1) } }).events == [.completed])
    }

    @Test("disposal disposes the source and every inner subscription")
    func disposal() {
        let source = IntProbe()
        let inners = [IntProbe(), IntProbe()]
        let subscription = OpLog<Int, OpError>().record(
            source.signal.bind { { value, _ in inners[value].signal } })
        source.sendNext(0)
        source.sendNext(1)
        subscription.dispose()
        #expect(!source.isSubscribed && inners.allSatisfy { !$0.isSubscribed })
        #expect(source.disposals == 1 && inners.allSatisfy { $0.disposals == 1 })
    }

    @Test("a value sent into the source from the subscriber is bound, nested")
    func reentrant() {
        weak var weakSource: Subject<Int, OpError>?
        do {
            let source = Subject<Int, OpError>()
            weakSource = source
            let log = OpLog<Int, OpError>()
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
}

@Suite("HigherOrder: flattenMap", .checksRelease)
struct HigherOrderFlattenMapTests {
    @Test("maps each value to a signal and merges them")
    func ordinary() {
        let source = IntProbe()
        let inners = [IntProbe(), IntProbe()]
        let log = OpLog.of(source.signal.flattenMap { inners[$0].signal })
        source.sendNext(0)
        inners[0].sendNext(1)
        source.sendNext(1)
        inners[1].sendNext(2)
        inners[0].sendNext(3)
        source.sendCompleted()
        inners[0].sendCompleted()
        #expect(!log.isTerminated)
        inners[1].sendCompleted()
        #expect(log.events == [.next(1), .next(2), .next(3), .completed])
        #expect(
            OpLog.of(IntSignal(values: [1, 2]).flattenMap { IntSignal(values: [$0, $0]) }).values == [
                1, 1, 2, 2,
            ])
    }

    @Test("empty source and empty inner signals (R34)")
    func empty() {
        #expect(OpLog.of(IntSignal.empty.flattenMap { IntSignal(value: $0) }).events == [.completed])
        #expect(
            OpLog.of(IntSignal(values: [1, 2]).flattenMap { _ in IntSignal.empty }).events == [.completed])
    }

    @Test("errors from the source or an inner signal dispose everything and are forwarded")
    func errors() {
        let source = IntProbe()
        let inner = IntProbe()
        let log = OpLog.of(source.signal.flattenMap { _ in inner.signal })
        source.sendNext(1)
        source.sendError(OpError(1))
        #expect(log.events == [.error(OpError(1))])
        #expect(!inner.isSubscribed)

        let source2 = IntProbe()
        let inner2 = IntProbe()
        let log2 = OpLog.of(source2.signal.flattenMap { _ in inner2.signal })
        source2.sendNext(1)
        inner2.sendError(OpError(2))
        #expect(log2.events == [.error(OpError(2))])
        #expect(!source2.isSubscribed)
    }

    @Test("disposal disposes the source and inner signals")
    func disposal() {
        let source = IntProbe()
        let inner = IntProbe()
        let subscription = OpLog<Int, OpError>().record(source.signal.flattenMap { _ in inner.signal })
        source.sendNext(1)
        source.sendNext(2)
        #expect(inner.subscriptions == 2)
        subscription.dispose()
        #expect(source.disposals == 1 && inner.disposals == 2)
        #expect(!inner.isSubscribed)
    }

    @Test("the subscriber may send into the source while an inner value is delivered")
    func reentrant() {
        let source = Subject<Int, OpError>()
        let log = OpLog<Int, OpError>()
        log.record(source.flattenMap { IntSignal(value: $0 * 10) }) { event in
            if event == .next(10) { source.sendNext(2) }
        }
        source.sendNext(1)
        source.sendCompleted()
        #expect(log.events == [.next(10), .next(20), .completed])
    }

    @Test("inner signals sending from several threads")
    func threads() {
        let inners = (0..<4).map { _ in Subject<Int, OpError>() }
        let log = OpLog.of(Signal(values: inners).flattenMap { $0 })
        concurrently(4) { index in
            for value in 0..<1_000 { inners[index].sendNext(value) }
            inners[index].sendCompleted()
        }
        #expect(log.count == 4_001)
        #expect(log.events.last == .completed)
    }
}

@Suite("HigherOrder: flatten, flatten(_:), concat()", .checksRelease)
struct HigherOrderFlattenTests {
    @Test("flatten merges every inner signal")
    func flatten() {
        let outer = Subject<IntSignal, OpError>()
        let a = IntProbe()
        let b = IntProbe()
        let log = OpLog.of(outer.flatten())
        outer.sendNext(a.signal)
        outer.sendNext(b.signal)
        b.sendNext(1)
        a.sendNext(2)
        outer.sendCompleted()
        a.sendCompleted()
        b.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .completed])
        #expect(OpLog.of(Signal<IntSignal, OpError>.empty.flatten()).events == [.completed])
    }

    @Test("flatten(2) subscribes two at a time and starts queued signals in order")
    func limited() {
        let outer = Subject<IntSignal, OpError>()
        let probes = (0..<4).map { _ in IntProbe() }
        let log = OpLog.of(outer.flatten(2))
        for probe in probes { outer.sendNext(probe.signal) }
        outer.sendCompleted()
        #expect(probes.map(\.subscriptions) == [1, 1, 0, 0])
        probes[1].sendNext(1)
        probes[1].sendCompleted()
        #expect(probes.map(\.subscriptions) == [1, 1, 1, 0])
        probes[2].sendNext(2)
        probes[0].sendCompleted()
        #expect(probes.map(\.subscriptions) == [1, 1, 1, 1])
        probes[3].sendNext(3)
        probes[3].sendCompleted()
        #expect(!log.isTerminated)
        probes[2].sendCompleted()
        #expect(log.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test("concat() subscribes the inner signals one after another, in arrival order")
    func concat() {
        let outer = Subject<IntSignal, OpError>()
        let a = IntProbe()
        let b = IntProbe()
        let log = OpLog.of(outer.concat())
        outer.sendNext(a.signal)
        outer.sendNext(b.signal)
        b.sendNext(99)  // not subscribed yet
        a.sendNext(1)
        #expect(b.subscriptions == 0)
        a.sendCompleted()
        b.sendNext(2)
        b.sendCompleted()
        #expect(!log.isTerminated)
        outer.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .completed])
        let sync = Signal(values: [IntSignal(values: [1, 2]), .empty, IntSignal(value: 3)]).concat()
        #expect(OpLog.of(sync).values == [1, 2, 3])
    }

    @Test("an error disposes running and queued signals and is forwarded")
    func errors() {
        let outer = Subject<IntSignal, OpError>()
        let a = IntProbe()
        let b = IntProbe()
        let log = OpLog.of(outer.concat())
        outer.sendNext(a.signal)
        outer.sendNext(b.signal)
        a.sendError(OpError(1))
        #expect(log.events == [.error(OpError(1))])
        #expect(outer.subscriberCount == 0)
        #expect(b.subscriptions == 0)

        let outer2 = Subject<IntSignal, OpError>()
        let c = IntProbe()
        let log2 = OpLog.of(outer2.flatten(1))
        outer2.sendNext(c.signal)
        outer2.sendError(OpError(2))
        #expect(log2.events == [.error(OpError(2))])
        #expect(!c.isSubscribed)
    }

    @Test("disposal disposes the outer and running inner signals and drops queued ones")
    func disposal() {
        let outer = IntProbe()
        let inners = [IntProbe(), IntProbe()]
        let subscription = OpLog<Int, OpError>().record(outer.signal.map { inners[$0].signal }.flatten(1))
        outer.sendNext(0)
        outer.sendNext(1)
        subscription.dispose()
        #expect(outer.disposals == 1 && inners[0].disposals == 1)
        inners[0].sendCompleted()
        #expect(inners[1].subscriptions == 0)
    }
}

@Suite("HigherOrder: switchToLatest", .checksRelease)
struct HigherOrderSwitchToLatestTests {
    @Test("forwards the latest inner signal only; a new one disposes the previous")
    func ordinary() {
        weak var weakLog: OpLog<Int, OpError>?
        do {
            let outer = Subject<IntSignal, OpError>()
            let a = IntProbe()
            let b = IntProbe()
            let log = OpLog<Int, OpError>()
            weakLog = log
            let subscription = log.record(outer.switchToLatest())
            outer.sendNext(a.signal)
            a.sendNext(1)
            outer.sendNext(b.signal)
            #expect(!a.isSubscribed && a.disposals == 1)
            a.sendNext(2)
            b.sendNext(3)
            #expect(log.events == [.next(1), .next(3)])
            subscription.dispose()
            #expect(!b.isSubscribed && b.disposals == 1)
        }
        #expect(weakLog == nil)
    }

    @Test("completes when the outer and the latest inner have completed, in either order")
    func completion() {
        let outer = Subject<IntSignal, OpError>()
        let inner = IntProbe()
        let log = OpLog.of(outer.switchToLatest())
        outer.sendNext(inner.signal)
        outer.sendCompleted()
        inner.sendNext(1)
        #expect(log.events == [.next(1)])
        inner.sendCompleted()
        #expect(log.events == [.next(1), .completed])

        let outer2 = Subject<IntSignal, OpError>()
        let log2 = OpLog.of(outer2.switchToLatest())
        outer2.sendNext(IntSignal(value: 1))
        #expect(log2.events == [.next(1)])
        outer2.sendCompleted()
        #expect(log2.events == [.next(1), .completed])
        #expect(OpLog.of(Signal<IntSignal, OpError>.empty.switchToLatest()).events == [.completed])
    }

    @Test("a replaced inner's completion does not count")
    func replacedCompletion() {
        let outer = Subject<IntSignal, OpError>()
        let a = Subject<Int, OpError>()
        let b = IntProbe()
        let log = OpLog.of(outer.switchToLatest())
        outer.sendNext(a)
        outer.sendNext(b.signal)
        outer.sendCompleted()
        a.sendCompleted()
        #expect(!log.isTerminated)
        b.sendCompleted()
        #expect(log.events == [.completed])
    }

    @Test("errors from the outer or the inner dispose everything and are forwarded")
    func errors() {
        let outer = IntProbe()
        let inner = IntProbe()
        let log = OpLog.of(outer.signal.map { _ in inner.signal }.switchToLatest())
        outer.sendNext(0)
        inner.sendError(OpError(1))
        #expect(log.events == [.error(OpError(1))])
        #expect(!outer.isSubscribed)

        let outer2 = IntProbe()
        let inner2 = IntProbe()
        let log2 = OpLog.of(outer2.signal.map { _ in inner2.signal }.switchToLatest())
        outer2.sendNext(0)
        outer2.sendError(OpError(2))
        #expect(log2.events == [.error(OpError(2))])
        #expect(!inner2.isSubscribed)
    }

    @Test("disposal disposes the outer and the current inner")
    func disposal() {
        let outer = IntProbe()
        let inner = IntProbe()
        let subscription = OpLog<Int, OpError>().record(
            outer.signal.map { _ in inner.signal }.switchToLatest())
        outer.sendNext(0)
        subscription.dispose()
        #expect(outer.disposals == 1 && inner.disposals == 1)
    }

    @Test("a new inner sent from the subscriber while an inner value is delivered replaces it")
    func reentrant() {
        weak var weakOuter: Subject<IntSignal, OpError>?
        do {
            let outer = Subject<IntSignal, OpError>()
            weakOuter = outer
            let first = Subject<Int, OpError>()
            let log = OpLog<Int, OpError>()
            let subscription = log.record(outer.switchToLatest()) { event in
                if event == .next(1) { outer.sendNext(IntSignal(value: 2).concat(.never)) }
            }
            outer.sendNext(first)
            first.sendNext(1)
            first.sendNext(3)
            #expect(log.events == [.next(1), .next(2)])
            #expect(first.subscriberCount == 0)
            // The subscriber captures the outer signal, and the latest inner never ends: disposing
            // the subscription releases the chain.
            subscription.dispose()
        }
        #expect(weakOuter == nil)
    }
}

@Suite("HigherOrder: Signal.switch and Signal.if", .checksRelease)
struct HigherOrderSwitchTests {
    @Test("switch forwards the case selected by the latest key, or the default")
    func switchCases() {
        let key = Subject<String, OpError>()
        let a = IntProbe()
        let b = IntProbe()
        let fallback = IntProbe()
        let log = OpLog.of(
            Signal.switch(key, cases: ["a": a.signal, "b": b.signal], default: fallback.signal))
        key.sendNext("a")
        a.sendNext(1)
        key.sendNext("b")
        a.sendNext(2)
        b.sendNext(3)
        key.sendNext("zzz")
        #expect(!b.isSubscribed)
        fallback.sendNext(4)
        key.sendCompleted()
        fallback.sendCompleted()
        #expect(log.events == [.next(1), .next(3), .next(4), .completed])
    }

    @Test("switch with a default built from the key: an error for unknown keys")
    func switchNoMatch() {
        let key = Subject<String, OpError>()
        let a = IntProbe()
        let log = OpLog.of(
            Signal.switch(key, cases: ["a": a.signal]) { unknown in
                IntSignal(error: OpError(unknown.count))
            })
        key.sendNext("a")
        a.sendNext(1)
        key.sendNext("xyz")
        #expect(log.events == [.next(1), .error(OpError(3))])
        #expect(key.subscriberCount == 0 && !a.isSubscribed)
    }

    @Test("switch: empty key signal, key error and disposal")
    func switchTermination() {
        let cases = ["a": IntSignal.never]
        #expect(
            OpLog.of(Signal.switch(IntSignal.empty.map { "\($0)" }, cases: cases, default: .never)).events
                == [.completed])
        let key = Subject<String, OpError>()
        let log = OpLog.of(Signal.switch(key, cases: cases, default: .never))
        key.sendError(OpError(5))
        #expect(log.events == [.error(OpError(5))])
        let key2 = Subject<String, OpError>()
        let a = IntProbe()
        let subscription = OpLog<Int, OpError>().record(
            Signal.switch(key2, cases: ["a": a.signal], default: .never))
        key2.sendNext("a")
        subscription.dispose()
        #expect(key2.subscriberCount == 0 && a.disposals == 1)
    }

    @Test("if forwards then/else as the condition changes")
    func ifThenElse() {
        let condition = Subject<Bool, OpError>()
        let yes = IntProbe()
        let no = IntProbe()
        let log = OpLog.of(Signal.if(condition, then: yes.signal, else: no.signal))
        condition.sendNext(true)
        yes.sendNext(1)
        condition.sendNext(false)
        #expect(!yes.isSubscribed)
        yes.sendNext(2)
        no.sendNext(3)
        condition.sendNext(true)
        yes.sendNext(4)
        condition.sendCompleted()
        yes.sendCompleted()
        #expect(log.events == [.next(1), .next(3), .next(4), .completed])
    }

    @Test("if: errors and disposal")
    func ifErrorsAndDisposal() {
        let condition = Subject<Bool, OpError>()
        let log = OpLog.of(Signal.if(condition, then: IntSignal(error: OpError(1)), else: .never))
        condition.sendNext(false)
        #expect(log.events == [])
        condition.sendNext(true)
        #expect(log.events == [.error(OpError(1))])
        #expect(condition.subscriberCount == 0)

        let condition2 = Subject<Bool, OpError>()
        let yes = IntProbe()
        let subscription = OpLog<Int, OpError>().record(Signal.if(condition2, then: yes.signal, else: .never))
        condition2.sendNext(true)
        subscription.dispose()
        #expect(condition2.subscriberCount == 0 && yes.disposals == 1)
    }
}
