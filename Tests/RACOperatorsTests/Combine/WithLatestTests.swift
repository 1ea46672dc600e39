import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Combine: withLatest(from:)", .checksRelease)
struct WithLatestTests {
    @Test("each value of the receiver is paired with the latest of the other; early values are dropped")
    func values() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createHotSignal("-a---b--c-|", error: TestError(1))
        let other = try scheduler.createHotSignal("--1-2-----3-|", error: TestError(1))
        try scheduler.expect(
            source.withLatest(from: other) { $0 + $1 }, toEmit: "-----x--y-|",
            values: ["x": "b2", "y": "c2"],
            error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^---------!"])
        try scheduler.expect(other, toHaveSubscriptions: ["^---------!"])
    }

    @Test("the pair form sends tuples")
    func pairs() {
        let source = Subject<String, Never>()
        let other = Subject<Int, Never>()
        let log = EventLog.of(source.withLatest(from: other))
        source.sendNext("a")
        other.sendNext(1)
        source.sendNext("b")
        other.sendNext(2)
        other.sendNext(3)
        source.sendNext("c")
        source.sendCompleted()
        #expect(log.descriptions == ["(\"b\", 1)", "(\"c\", 3)", "|"])
    }

    @Test("the other's completion is not an end, its last value keeps being used; its error is an end")
    func otherTerminal() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createHotSignal("-a--b--c-|", error: TestError(1))
        let completing = try scheduler.createHotSignal("--1|", error: TestError(1))
        try scheduler.expect(
            source.withLatest(from: completing) { $0 + $1 }, toEmit: "----x--y-|",
            values: ["x": "b1", "y": "c1"],
            error: TestError(1))

        let scheduler2 = TestScheduler(checksRelease: true)
        let source2 = try scheduler2.createHotSignal("-a--b--c-|", error: TestError(1))
        let failing = try scheduler2.createHotSignal("--1---#", error: TestError(1))
        try scheduler2.expect(
            source2.withLatest(from: failing) { $0 + $1 }, toEmit: "----x-#", values: ["x": "b1"],
            error: TestError(1))
        try scheduler2.expect(source2, toHaveSubscriptions: ["^-----!"])
    }

    @Test("the receiver's error ends it; an empty receiver completes at once")
    func receiverTerminal() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createHotSignal("-a-#", error: TestError(1))
        let other = try scheduler.createHotSignal("1-----", error: TestError(1))
        try scheduler.expect(
            source.withLatest(from: other) { $0 + $1 }, toEmit: "-x-#", values: ["x": "a1"],
            error: TestError(1))
        try scheduler.expect(other, toHaveSubscriptions: ["^--!"])
        #expect(
            EventLog.of(Signal<Int, TestError>.empty.withLatest(from: Signal<Int, TestError>.never))
                .descriptions == ["|"])
    }

    @Test("the other is subscribed first, so a signal that sends at once is ready for the first value")
    func otherFirst() {
        let log = EventLog.of(Signal<String, Never>(values: ["a", "b"]).withLatest(from: Signal(value: 7)))
        #expect(log.descriptions == ["(\"a\", 7)", "(\"b\", 7)", "|"])
    }

    @Test("disposing disposes both subscriptions and lets go of the closure")
    func disposal() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createHotSignal("-a-b-c-|", error: TestError(1))
        let other = try scheduler.createHotSignal("1-------", error: TestError(1))
        try scheduler.expect(
            source.withLatest(from: other) { $0 + $1 }, toEmit: "-x-y", values: ["x": "a1", "y": "b1"],
            error: TestError(1), disposeAt: 4)
        try scheduler.expect(source, toHaveSubscriptions: ["^---!"])
        try scheduler.expect(other, toHaveSubscriptions: ["^---!"])
    }

    @Test("a value sent from the callback (reentrancy) is paired like any other")
    func reentrancy() {
        let source = Subject<Int, Never>()
        let other = Subject<Int, Never>()
        var received: [Int] = []
        let subscription = source.withLatest(from: other) { $0 * 10 + $1 }.subscribe(next: { value in
            received.append(value)
            if value == 11 { source.sendNext(2) }
        })
        other.sendNext(1)
        source.sendNext(1)
        #expect(received == [11, 21])
        subscription.dispose()
    }

    @Test("the inputs sending on two threads take turns: each value meets a latest value, in order")
    func threads() {
        let source = Subject<Int, Never>()
        let other = Subject<Int, Never>()
        let log = EventLog.of(source.withLatest(from: other))
        other.sendNext(0)
        onThreads(2) { index in
            if index == 0 {
                for value in 1...3_000 { source.sendNext(value) }
                source.sendCompleted()
            } else {
                for value in 1...3_000 { other.sendNext(value) }
            }
        }
        let values = log.values
        #expect(values.map(\.0) == Array(1...3_000))
        let latest = values.map(\.1)
        #expect(zip(latest, latest.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(log.descriptions.last == "|")
        #expect(source.subscriberCount == 0 && other.subscriberCount == 0)
    }
}
