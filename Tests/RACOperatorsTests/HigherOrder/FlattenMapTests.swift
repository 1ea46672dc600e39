import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntSignal = Signal<Int, TestError>

private typealias IntProbe = ProbeSource<Int, TestError>

@Suite("HigherOrder: flattenMap", .checksRelease)
struct FlattenMapTests {
    @Test("maps each value to a signal and merges them")
    func ordinary() {
        let source = IntProbe()
        let inners = [IntProbe(), IntProbe()]
        let log = EventLog.of(source.signal.flattenMap { inners[$0].signal })
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
            EventLog.of(IntSignal(values: [1, 2]).flattenMap { IntSignal(values: [$0, $0]) }).values == [
                1, 1, 2, 2,
            ])
    }

    @Test("empty source and empty inner signals (RACStream.m -flattenMap:)")
    func empty() {
        #expect(EventLog.of(IntSignal.empty.flattenMap { IntSignal(value: $0) }).events == [.completed])
        #expect(
            EventLog.of(IntSignal(values: [1, 2]).flattenMap { _ in IntSignal.empty }).events == [.completed])
    }

    @Test("errors from the source or an inner signal dispose everything and are forwarded")
    func errors() {
        let source = IntProbe()
        let inner = IntProbe()
        let log = EventLog.of(source.signal.flattenMap { _ in inner.signal })
        source.sendNext(1)
        source.sendError(TestError(1))
        #expect(log.events == [.error(TestError(1))])
        #expect(!inner.isSubscribed)

        let source2 = IntProbe()
        let inner2 = IntProbe()
        let log2 = EventLog.of(source2.signal.flattenMap { _ in inner2.signal })
        source2.sendNext(1)
        inner2.sendError(TestError(2))
        #expect(log2.events == [.error(TestError(2))])
        #expect(!source2.isSubscribed)
    }

    @Test("disposal disposes the source and inner signals")
    func disposal() {
        let source = IntProbe()
        let inner = IntProbe()
        let subscription = EventLog<Int, TestError>().record(source.signal.flattenMap { _ in inner.signal })
        source.sendNext(1)
        source.sendNext(2)
        #expect(inner.subscriptions == 2)
        subscription.dispose()
        #expect(source.disposals == 1 && inner.disposals == 2)
        #expect(!inner.isSubscribed)
    }

    @Test("the subscriber may send into the source while an inner value is delivered")
    func reentrant() {
        let source = Subject<Int, TestError>()
        let log = EventLog<Int, TestError>()
        log.record(source.flattenMap { IntSignal(value: $0 * 10) }) { event in
            if event == .next(10) { source.sendNext(2) }
        }
        source.sendNext(1)
        source.sendCompleted()
        #expect(log.events == [.next(10), .next(20), .completed])
    }

    @Test("inner signals sending from several threads")
    func threads() {
        let inners = (0..<4).map { _ in Subject<Int, TestError>() }
        let log = EventLog.of(Signal(values: inners).flattenMap { $0 })
        onThreads(4) { index in
            for value in 0..<1_000 { inners[index].sendNext(value) }
            inners[index].sendCompleted()
        }
        #expect(log.count == 4_001)
        #expect(log.events.last == .completed)
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("flattenMap subscribes to each inner at once and completes after the source and every inner")
    func flattenMap() throws {
        let innerA = try scheduler.createColdSignal("x--y|", error: TestError(1))
        let innerB = try scheduler.createColdSignal("z--w|", error: TestError(1))
        let source = try scheduler.createColdSignal("-a-----b---|", error: TestError(1))
        try scheduler.expect(
            source.flattenMap { $0 == "a" ? innerA : innerB }, toEmit: "-x--y--z--w|", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^----------!"])
        try scheduler.expect(innerA, toHaveSubscriptions: ["-^---!"])
        try scheduler.expect(innerB, toHaveSubscriptions: ["-------^---!"])
    }

    @Test("flattenMap merges overlapping inners and waits for the last one")
    func flattenMapOverlapping() throws {
        let inner = try scheduler.createColdSignal("x---y|", error: TestError(1))
        let source = try scheduler.createColdSignal("-a-b|", error: TestError(1))
        try scheduler.expect(source.flattenMap { _ in inner }, toEmit: "-x-x-y-y|", error: TestError(1))
        try scheduler.expect(inner, toHaveSubscriptions: ["-^----!", "---^----!"])
        try scheduler.expect(source, toHaveSubscriptions: ["^---!"])
    }

    @Test("flattenMap: an inner error disposes the source and the other inners")
    func flattenMapInnerError() throws {
        let slow = try scheduler.createColdSignal("x---y|", error: TestError(1))
        let failing = try scheduler.createColdSignal("-#", error: TestError(1))
        let source = try scheduler.createColdSignal("-a-b---|", error: TestError(1))
        try scheduler.expect(
            source.flattenMap { $0 == "a" ? slow : failing }, toEmit: "-x--#", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^---!"])
        try scheduler.expect(slow, toHaveSubscriptions: ["-^--!"])
    }

    @Test("flattenMap: a source error disposes the inners; disposal disposes everything; empty source")
    func flattenMapCases() throws {
        let inner = try scheduler.createColdSignal("x---y|", error: TestError(1))
        let failing = try scheduler.createColdSignal("-a-#", error: TestError(1))
        try scheduler.expect(failing.flattenMap { _ in inner }, toEmit: "-x-#", error: TestError(1))
        try scheduler.expect(inner, toHaveSubscriptions: ["-^-!"])

        let other = TestScheduler(checksRelease: true)
        let innerToo = try other.createColdSignal("x---y|", error: TestError(1))
        let source = try other.createColdSignal("-a-b---|", error: TestError(1))
        try other.expect(
            source.flattenMap { _ in innerToo }, toEmit: "-x-x", error: TestError(1), disposeAt: 4)
        try other.expect(source, toHaveSubscriptions: ["^---!"])
        try other.expect(innerToo, toHaveSubscriptions: ["-^--!", "---^!"])

        let third = TestScheduler(checksRelease: true)
        let empty = try third.createColdSignal("--|", error: TestError(1))
        try third.expect(
            empty.flattenMap { _ in Signal<String, TestError>.never }, toEmit: "--|", error: TestError(1))
    }

    @Test("flattenMap: a value's callback that sends into the source subscribes the new inner nested")
    func flattenMapReentrant() {
        weak var weakSource: Subject<Int, Never>?
        do {
            let source = Subject<Int, Never>()
            weakSource = source
            let log = EventLog<Int, Never>()
            let subscription = log.record(source.flattenMap { Signal(value: $0 * 10) }) { event in
                if case .next(10) = event { source.sendNext(2) }
            }
            source.sendNext(1)
            #expect(log.values == [10, 20])
            // The subscriber captures the source: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakSource == nil)
    }
}
