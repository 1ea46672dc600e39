import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntSignal = Signal<Int, TestError>

private typealias IntProbe = ProbeSource<Int, TestError>

@Suite("HigherOrder: switchToLatest, Signal.switch, Signal.if", .checksRelease)
struct SwitchToLatestTests {
    @Test("forwards the latest inner signal only; a new one disposes the previous")
    func ordinary() {
        weak var weakLog: EventLog<Int, TestError>?
        do {
            let outer = Subject<IntSignal, TestError>()
            let a = IntProbe()
            let b = IntProbe()
            let log = EventLog<Int, TestError>()
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

    @Test(
        "a nil inner signal counts as empty: it disposes the previous one, sends nothing (RAC: accepts nil)")
    func optionalInners() {
        let outer = Subject<IntSignal?, TestError>()
        let a = IntProbe()
        let b = IntProbe()
        let log = EventLog.of(outer.switchToLatest())
        outer.sendNext(a.signal)
        a.sendNext(1)
        outer.sendNext(nil)
        #expect(!a.isSubscribed && a.disposals == 1)
        a.sendNext(2)
        outer.sendNext(b.signal)
        b.sendNext(3)
        b.sendCompleted()
        outer.sendNext(nil)
        outer.sendCompleted()
        #expect(log.events == [.next(1), .next(3), .completed])

        // Only nils, and an empty source: both complete with the source.
        let nils = Subject<IntSignal?, TestError>()
        let onlyNils = EventLog.of(nils.switchToLatest())
        nils.sendNext(nil)
        nils.sendNext(nil)
        #expect(onlyNils.events.isEmpty)
        nils.sendCompleted()
        #expect(onlyNils.events == [.completed])
        #expect(EventLog.of(Signal<IntSignal?, TestError>.empty.switchToLatest()).events == [.completed])
    }

    @Test("optional inners: an error from the source or an inner is forwarded; disposal reaches both")
    func optionalInnersErrorAndDisposal() {
        let outer = Subject<IntSignal?, TestError>()
        let inner = IntProbe()
        let log = EventLog.of(outer.switchToLatest())
        outer.sendNext(nil)
        outer.sendNext(inner.signal)
        inner.sendError(TestError(4))
        #expect(log.events == [.error(TestError(4))])
        #expect(outer.subscriberCount == 0)

        let failing = Subject<IntSignal?, TestError>()
        let failed = EventLog.of(failing.switchToLatest())
        failing.sendNext(nil)
        failing.sendError(TestError(5))
        #expect(failed.events == [.error(TestError(5))])

        let disposed = Subject<IntSignal?, TestError>()
        let running = IntProbe()
        let subscription = EventLog<Int, TestError>().record(disposed.switchToLatest())
        disposed.sendNext(running.signal)
        subscription.dispose()
        #expect(!running.isSubscribed && disposed.subscriberCount == 0)
    }

    @Test("completes when the outer and the latest inner have completed, in either order")
    func completion() {
        let outer = Subject<IntSignal, TestError>()
        let inner = IntProbe()
        let log = EventLog.of(outer.switchToLatest())
        outer.sendNext(inner.signal)
        outer.sendCompleted()
        inner.sendNext(1)
        #expect(log.events == [.next(1)])
        inner.sendCompleted()
        #expect(log.events == [.next(1), .completed])

        let outer2 = Subject<IntSignal, TestError>()
        let log2 = EventLog.of(outer2.switchToLatest())
        outer2.sendNext(IntSignal(value: 1))
        #expect(log2.events == [.next(1)])
        outer2.sendCompleted()
        #expect(log2.events == [.next(1), .completed])
        #expect(EventLog.of(Signal<IntSignal, TestError>.empty.switchToLatest()).events == [.completed])
    }

    @Test("a replaced inner's completion does not count")
    func replacedCompletion() {
        let outer = Subject<IntSignal, TestError>()
        let a = Subject<Int, TestError>()
        let b = IntProbe()
        let log = EventLog.of(outer.switchToLatest())
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
        let log = EventLog.of(outer.signal.map { _ in inner.signal }.switchToLatest())
        outer.sendNext(0)
        inner.sendError(TestError(1))
        #expect(log.events == [.error(TestError(1))])
        #expect(!outer.isSubscribed)

        let outer2 = IntProbe()
        let inner2 = IntProbe()
        let log2 = EventLog.of(outer2.signal.map { _ in inner2.signal }.switchToLatest())
        outer2.sendNext(0)
        outer2.sendError(TestError(2))
        #expect(log2.events == [.error(TestError(2))])
        #expect(!inner2.isSubscribed)
    }

    @Test("disposal disposes the outer and the current inner")
    func disposal() {
        let outer = IntProbe()
        let inner = IntProbe()
        let subscription = EventLog<Int, TestError>().record(
            outer.signal.map { _ in inner.signal }.switchToLatest())
        outer.sendNext(0)
        subscription.dispose()
        #expect(outer.disposals == 1 && inner.disposals == 1)
    }

    @Test("a new inner sent from the subscriber while an inner value is delivered replaces it")
    func reentrant() {
        weak var weakOuter: Subject<IntSignal, TestError>?
        do {
            let outer = Subject<IntSignal, TestError>()
            weakOuter = outer
            let first = Subject<Int, TestError>()
            let log = EventLog<Int, TestError>()
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

    @Test("switch forwards the case selected by the latest key, or the default")
    func switchCases() {
        let key = Subject<String, TestError>()
        let a = IntProbe()
        let b = IntProbe()
        let fallback = IntProbe()
        let log = EventLog.of(
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
        let key = Subject<String, TestError>()
        let a = IntProbe()
        let log = EventLog.of(
            Signal.switch(key, cases: ["a": a.signal]) { unknown in
                IntSignal(error: TestError(unknown.count))
            })
        key.sendNext("a")
        a.sendNext(1)
        key.sendNext("xyz")
        #expect(log.events == [.next(1), .error(TestError(3))])
        #expect(key.subscriberCount == 0 && !a.isSubscribed)
    }

    @Test("switch: empty key signal, key error and disposal")
    func switchTermination() {
        let cases = ["a": IntSignal.never]
        #expect(
            EventLog.of(Signal.switch(IntSignal.empty.map { "\($0)" }, cases: cases, default: .never)).events
                == [.completed])
        let key = Subject<String, TestError>()
        let log = EventLog.of(Signal.switch(key, cases: cases, default: .never))
        key.sendError(TestError(5))
        #expect(log.events == [.error(TestError(5))])
        let key2 = Subject<String, TestError>()
        let a = IntProbe()
        let subscription = EventLog<Int, TestError>().record(
            Signal.switch(key2, cases: ["a": a.signal], default: .never))
        key2.sendNext("a")
        subscription.dispose()
        #expect(key2.subscriberCount == 0 && a.disposals == 1)
    }

    @Test("if forwards then/else as the condition changes")
    func ifThenElse() {
        let condition = Subject<Bool, TestError>()
        let yes = IntProbe()
        let no = IntProbe()
        let log = EventLog.of(Signal.if(condition, then: yes.signal, else: no.signal))
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
        let condition = Subject<Bool, TestError>()
        let log = EventLog.of(Signal.if(condition, then: IntSignal(error: TestError(1)), else: .never))
        condition.sendNext(false)
        #expect(log.events == [])
        condition.sendNext(true)
        #expect(log.events == [.error(TestError(1))])
        #expect(condition.subscriberCount == 0)

        let condition2 = Subject<Bool, TestError>()
        let yes = IntProbe()
        let subscription = EventLog<Int, TestError>().record(
            Signal.if(condition2, then: yes.signal, else: .never))
        condition2.sendNext(true)
        subscription.dispose()
        #expect(condition2.subscriberCount == 0 && yes.disposals == 1)
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("switchToLatest disposes the current inner when a new one arrives")
    func switchToLatest() throws {
        let x = try scheduler.createColdSignal("a-b-c-d|", error: TestError(1))
        let y = try scheduler.createColdSignal("e---f|", error: TestError(1))
        let outer = try scheduler.createColdSignal(
            "-x----y------|", values: ["x": x as Signal<String, TestError>, "y": y], error: TestError(1))
        try scheduler.expect(outer.switchToLatest(), toEmit: "-a-b-ce---f--|", error: TestError(1))
        try scheduler.expect(x, toHaveSubscriptions: ["-^----!"])
        try scheduler.expect(y, toHaveSubscriptions: ["------^----!"])
    }

    @Test("switchToLatest: the outer's completion does not cut the inner; errors from either end it")
    func switchToLatestCases() throws {
        let x = try scheduler.createColdSignal("a--b|", error: TestError(1))
        let outer = try scheduler.createColdSignal(
            "-x|", values: ["x": x as Signal<String, TestError>], error: TestError(1))
        try scheduler.expect(outer.switchToLatest(), toEmit: "-a--b|", error: TestError(1))

        let other = TestScheduler(checksRelease: true)
        let long = try other.createColdSignal("a---b|", error: TestError(1))
        let failingOuter = try other.createColdSignal(
            "-x-#", values: ["x": long as Signal<String, TestError>], error: TestError(1))
        try other.expect(failingOuter.switchToLatest(), toEmit: "-a-#", error: TestError(1))
        try other.expect(long, toHaveSubscriptions: ["-^-!"])

        let third = TestScheduler(checksRelease: true)
        let failingInner = try third.createColdSignal("a#", error: TestError(2))
        let outerToo = try third.createColdSignal(
            "-x----|", values: ["x": failingInner as Signal<String, TestError>], error: TestError(1))
        try third.expect(outerToo.switchToLatest(), toEmit: "-a#", error: TestError(2))
        try third.expect(outerToo, toHaveSubscriptions: ["^-!"])
    }

    @Test("Signal.switch forwards the case the key selects, or the default")
    func switchCasess() throws {
        let a = try scheduler.createColdSignal("a-a-a-a-a|", error: TestError(1))
        let b = try scheduler.createColdSignal("b---b|", error: TestError(1))
        let d = try scheduler.createColdSignal("d|", error: TestError(1))
        let key = try scheduler.createColdSignal("-A----B-C--|", error: TestError(1))
        try scheduler.expect(
            Signal.switch(key, cases: ["A": a, "B": b], default: d), toEmit: "-a-a-ab-d--|",
            error: TestError(1))
        try scheduler.expect(a, toHaveSubscriptions: ["-^----!"])
        try scheduler.expect(b, toHaveSubscriptions: ["------^-!"])
        try scheduler.expect(d, toHaveSubscriptions: ["--------^!"])

        let other = TestScheduler(checksRelease: true)
        let only = try other.createColdSignal("a-a-a-a|", error: TestError(1))
        let keys = try other.createColdSignal("-A--C-|", error: TestError(1))
        let switched = Signal.switch(keys, cases: ["A": only as Signal<String, TestError>]) { key in
            Signal(error: TestError(key == "C" ? 3 : 0))
        }
        try other.expect(switched, toEmit: "-a-a#", error: TestError(3))
        try other.expect(only, toHaveSubscriptions: ["-^--!"])
    }

    @Test("Signal.if forwards then or else as the condition last said")
    func ifThenElses() throws {
        let yes = try scheduler.createColdSignal("t-t-t-t|", error: TestError(1))
        let no = try scheduler.createColdSignal("f-f-f|", error: TestError(1))
        let condition = try scheduler.createColdSignal(
            "-T----F----|", values: ["T": true, "F": false], error: TestError(1))
        try scheduler.expect(
            Signal.if(condition, then: yes, else: no), toEmit: "-t-t-tf-f-f|", error: TestError(1))
        try scheduler.expect(yes, toHaveSubscriptions: ["-^----!"])
        try scheduler.expect(no, toHaveSubscriptions: ["------^----!"])
    }

    @Test("switchToLatest: a value's callback that sends a new inner switches at once, nested")
    func switchReentrant() {
        weak var weakOuter: Subject<Signal<Int, Never>, Never>?
        do {
            let outer = Subject<Signal<Int, Never>, Never>()
            weakOuter = outer
            let first = Subject<Int, Never>()
            let second = Subject<Int, Never>()
            let log = EventLog<Int, Never>()
            let subscription = log.record(outer.switchToLatest()) { event in
                if case .next(1) = event { outer.sendNext(second) }
            }
            outer.sendNext(first)
            first.sendNext(1)
            first.sendNext(2)
            second.sendNext(3)
            #expect(log.values == [1, 3])
            #expect(first.subscriberCount == 0)
            // The subscriber captures the outer signal: disposing it releases the chain.
            subscription.dispose()
            #expect(second.subscriberCount == 0)
        }
        #expect(weakOuter == nil)
    }
}
