import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntSignal = Signal<Int, TestError>

@Suite("Combine: merge", .checksRelease)
struct MergeTests {
    @Test("forwards values of both as they arrive; completes when both have")
    func ordinary() {
        let a = ProbeSource<Int, TestError>()
        let b = ProbeSource<Int, TestError>()
        let log = EventLog.of(a.signal.merge(b.signal))
        a.sendNext(1)
        b.sendNext(2)
        a.sendNext(3)
        a.sendCompleted()
        #expect(!log.isTerminated)
        #expect(a.disposals == 1)
        b.sendNext(4)
        b.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .next(3), .next(4), .completed])
    }

    @Test("completion order: the other side first")
    func otherCompletesFirst() {
        let a = ProbeSource<Int, TestError>()
        let b = ProbeSource<Int, TestError>()
        let log = EventLog.of(a.signal.merge(b.signal))
        b.sendCompleted()
        a.sendNext(1)
        #expect(log.events == [.next(1)])
        a.sendCompleted()
        #expect(log.events == [.next(1), .completed])
    }

    @Test("empty inputs")
    func empty() {
        #expect(EventLog.of(IntSignal.empty.merge(.empty)).events == [.completed])
        #expect(EventLog.of(IntSignal.merge([])).events == [.completed])
        #expect(
            EventLog.of(IntSignal.merge([.empty, IntSignal(value: 1)])).events == [.next(1), .completed])
    }

    @Test("an error from either side disposes the other, then is forwarded")
    func errors() {
        for failing in 0..<2 {
            let probes = [ProbeSource<Int, TestError>(), ProbeSource<Int, TestError>()]
            let log = EventLog.of(probes[0].signal.merge(probes[1].signal))
            probes[failing].sendNext(1)
            probes[failing].sendError(TestError(failing))
            #expect(log.events == [.next(1), .error(TestError(failing))])
            #expect(probes.allSatisfy { !$0.isSubscribed && $0.disposals == 1 })
        }
    }

    @Test("a synchronous error stops subscribing the signals after it")
    func synchronousError() {
        let counter = OpCounter()
        let merged = Signal.merge([IntSignal(error: TestError(1)), countingSignal(counter, values: [1])])
        #expect(EventLog.of(merged).events == [.error(TestError(1))])
        #expect(counter.value == 0)
    }

    @Test("Signal.merge of many signals")
    func many() {
        let probes = (0..<5).map { _ in ProbeSource<Int, TestError>() }
        let log = EventLog.of(Signal.merge(probes.map(\.signal)))
        for (index, probe) in probes.enumerated().reversed() {
            probe.sendNext(index)
            probe.sendCompleted()
        }
        #expect(log.events == [.next(4), .next(3), .next(2), .next(1), .next(0), .completed])
    }

    @Test("disposal disposes every input")
    func disposal() {
        let a = ProbeSource<Int, TestError>()
        let b = ProbeSource<Int, TestError>()
        let subscription = EventLog<Int, TestError>().record(a.signal.merge(b.signal))
        #expect(a.isSubscribed && b.isSubscribed)
        subscription.dispose()
        #expect(!a.isSubscribed && !b.isSubscribed)
        #expect(a.disposals == 1 && b.disposals == 1)
    }

    @Test("a value sent into one input from the subscriber is delivered nested")
    func reentrant() {
        expectScopeReleased { scope in
            let a = scope.watch(Subject<Int, TestError>(), "input a")
            let b = scope.watch(Subject<Int, TestError>(), "input b")
            let log = EventLog<Int, TestError>()
            let subscription = log.record(a.merge(b)) { event in
                if event == .next(1) { b.sendNext(10) }
                if event == .next(10) { a.sendNext(2) }
            }
            a.sendNext(1)
            #expect(log.events == [.next(1), .next(10), .next(2)])
            // The subscriber captures both inputs: disposing it releases the chain.
            subscription.dispose()
        }
    }

    @Test("values sent from several threads all arrive, serialised")
    func threads() {
        let subjects = (0..<4).map { _ in Subject<Int, TestError>() }
        let log = EventLog.of(Signal.merge(subjects))
        onThreads(4) { index in
            for value in 0..<2_000 { subjects[index].sendNext(value) }
            subjects[index].sendCompleted()
        }
        #expect(log.count == 8_001)
        #expect(log.events.last == .completed)
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("merge forwards both as they arrive and completes when both have")
    func merge() throws {
        let left = try scheduler.createColdSignal("-a---c-|", error: TestError(1))
        let right = try scheduler.createColdSignal("--b-d---|", error: TestError(1))
        try scheduler.expect(left.merge(right), toEmit: "-ab-dc--|", error: TestError(1))
        try scheduler.expect(left, toHaveSubscriptions: ["^------!"])
        try scheduler.expect(right, toHaveSubscriptions: ["^-------!"])
    }

    @Test("merge: an error from either disposes the other; disposal disposes both")
    func mergeErrorAndDisposal() throws {
        let left = try scheduler.createColdSignal("-a-#", error: TestError(1))
        let right = try scheduler.createColdSignal("--b---d-|", error: TestError(1))
        try scheduler.expect(left.merge(right), toEmit: "-ab#", error: TestError(1))
        try scheduler.expect(right, toHaveSubscriptions: ["^--!"])

        let later = TestScheduler(checksRelease: true)
        let one = try later.createColdSignal("-a---|", error: TestError(1))
        let two = try later.createColdSignal("--b---|", error: TestError(1))
        try later.expect(one.merge(two), toEmit: "-ab", error: TestError(1), disposeAt: 3)
        try later.expect(one, toHaveSubscriptions: ["^--!"])
        try later.expect(two, toHaveSubscriptions: ["^--!"])
    }

    @Test("Signal.merge subscribes to all at once; none completes at once")
    func mergeMany() throws {
        let a = try scheduler.createColdSignal("-a---d|", error: TestError(1))
        let b = try scheduler.createColdSignal("--b|", error: TestError(1))
        let c = try scheduler.createColdSignal("---c---|", error: TestError(1))
        try scheduler.expect(Signal.merge([a, b, c]), toEmit: "-abc-d-|", error: TestError(1))
        try scheduler.expect(a, toHaveSubscriptions: ["^-----!"])
        try scheduler.expect(b, toHaveSubscriptions: ["^--!"])
        try scheduler.expect(c, toHaveSubscriptions: ["^------!"])
        let other = TestScheduler(checksRelease: true)
        try other.expect(Signal<String, TestError>.merge([]), toEmit: "|", error: TestError(1))
    }
}
