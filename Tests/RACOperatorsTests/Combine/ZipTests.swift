import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntSignal = Signal<Int, TestError>

@Suite("Combine: zip(with:), Signal.zip", .checksRelease)
struct ZipTests {
    @Test("pairs values by index; completes once a completed side's buffer is empty (RACSignal.m -zipWith:)")
    func ordinary() {
        let a = ProbeSource<Int, TestError>()
        let b = ProbeSource<String, TestError>()
        let log = EventLog.of(a.signal.zip(with: b.signal))
        a.sendNext(1)
        a.sendNext(2)
        a.sendCompleted()
        #expect(log.descriptions == [])
        b.sendNext("x")
        #expect(log.descriptions == ["(1, \"x\")"])
        b.sendNext("y")
        #expect(log.descriptions == ["(1, \"x\")", "(2, \"y\")", "|"])
        #expect(!b.isSubscribed && b.disposals == 1)
    }

    @Test("leftovers of the longer side are dropped")
    func leftovers() {
        let zipped = IntSignal(values: [1, 2, 3, 4, 5]).zip(
            with: Signal<String, TestError>(values: ["A", "B"]))
        #expect(EventLog.of(zipped).descriptions == ["(1, \"A\")", "(2, \"B\")", "|"])
    }

    @Test("completion order: a side that completes with values buffered waits for them to pair")
    func completionOrder() {
        let a = ProbeSource<Int, TestError>()
        let b = ProbeSource<Int, TestError>()
        let log = EventLog.of(a.signal.zip(with: b.signal))
        b.sendNext(10)
        b.sendNext(20)
        b.sendCompleted()
        #expect(log.descriptions == [])
        a.sendNext(1)
        #expect(log.descriptions == ["(1, 10)"])
        a.sendNext(2)
        #expect(log.descriptions == ["(1, 10)", "(2, 20)", "|"])
    }

    @Test("empty inputs complete at once")
    func empty() {
        #expect(EventLog.of(IntSignal.empty.zip(with: IntSignal.never)).descriptions == ["|"])
        let b = ProbeSource<Int, TestError>()
        let log = EventLog.of(IntSignal.never.zip(with: b.signal))
        #expect(log.descriptions == [])
        b.sendCompleted()
        #expect(log.descriptions == ["|"])
    }

    @Test("an error from either side is forwarded and both are disposed")
    func errors() {
        let a = ProbeSource<Int, TestError>()
        let b = ProbeSource<Int, TestError>()
        let log = EventLog.of(a.signal.zip(with: b.signal))
        a.sendNext(1)
        b.sendError(TestError(2))
        #expect(log.descriptions == ["error(TestError(2))"])
        #expect(!a.isSubscribed && !b.isSubscribed)

        let c = ProbeSource<Int, TestError>()
        let d = ProbeSource<Int, TestError>()
        let log2 = EventLog.of(c.signal.zip(with: d.signal))
        c.sendError(TestError(3))
        #expect(log2.descriptions == ["error(TestError(3))"])
        #expect(!c.isSubscribed && !d.isSubscribed)
    }

    @Test("disposal disposes both")
    func disposal() {
        let a = ProbeSource<Int, TestError>()
        let b = ProbeSource<Int, TestError>()
        EventLog<(Int, Int), TestError>().record(a.signal.zip(with: b.signal)).dispose()
        #expect(a.disposals == 1 && b.disposals == 1)
        #expect(!a.isSubscribed && !b.isSubscribed)
    }

    @Test("values sent into an input from the subscriber are zipped, nested")
    func reentrant() {
        weak var weakA: Subject<Int, TestError>?
        weak var weakB: Subject<Int, TestError>?
        do {
            let a = Subject<Int, TestError>()
            let b = Subject<Int, TestError>()
            (weakA, weakB) = (a, b)
            let log = EventLog<(Int, Int), TestError>()
            let subscription = log.record(a.zip(with: b)) { event in
                if case .next((1, _)) = event {
                    a.sendNext(2)
                    b.sendNext(20)
                }
            }
            a.sendNext(1)
            b.sendNext(10)
            #expect(log.descriptions == ["(1, 10)", "(2, 20)"])
            // The subscriber captures both inputs: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakA == nil)
        #expect(weakB == nil)
    }

    @Test("pairs keep their order when the sides send on different threads")
    func threads() {
        let a = Subject<Int, TestError>()
        let b = Subject<Int, TestError>()
        let log = EventLog.of(a.zip(with: b))
        onThreads(2) { index in
            let subject = index == 0 ? a : b
            for value in 0..<3_000 { subject.sendNext(value) }
            subject.sendCompleted()
        }
        let values = log.values
        #expect(values.count == 3_000)
        #expect(values.allSatisfy { $0.0 == $0.1 })
        #expect(values.map(\.0) == Array(0..<3_000))
        #expect(log.isTerminated)
    }

    @Test("zips any number of signals of different types")
    func pack() {
        let a = ProbeSource<Int, TestError>()
        let b = ProbeSource<String, TestError>()
        let c = ProbeSource<Bool, TestError>()
        let log = EventLog.of(Signal.zip(a.signal, b.signal, c.signal))
        a.sendNext(1)
        b.sendNext("x")
        a.sendNext(2)
        c.sendNext(true)
        #expect(log.descriptions == ["(1, \"x\", true)"])
        c.sendNext(false)
        c.sendCompleted()
        b.sendNext("y")
        #expect(log.descriptions == ["(1, \"x\", true)", "(2, \"y\", false)", "|"])
        #expect(!a.isSubscribed && !b.isSubscribed)
    }

    @Test("arities 1, 2, 4 and 6")
    func arities() {
        let one: Signal<Int, TestError> = Signal.zip(IntSignal(values: [1, 2]))
        #expect(EventLog.of(one).events == [.next(1), .next(2), .completed])
        let two = Signal.zip(IntSignal(values: [1, 2]), Signal<String, TestError>(values: ["a"]))
        #expect(EventLog.of(two).descriptions == ["(1, \"a\")", "|"])
        let four = Signal.zip(
            IntSignal(value: 1), IntSignal(value: 2), IntSignal(value: 3), IntSignal(value: 4))
        #expect(EventLog.of(four).descriptions == ["(1, 2, 3, 4)", "|"])
        let six = Signal.zip(
            IntSignal(value: 1), Signal<String, TestError>(value: "b"), IntSignal(value: 3),
            Signal<Double, TestError>(value: 4.5), IntSignal(value: 5), Signal<Bool, TestError>(value: true))
        #expect(EventLog.of(six).descriptions == ["(1, \"b\", 3, 4.5, 5, true)", "|"])
    }

    @Test("an error from any input is forwarded and every input disposed")
    func error() {
        let a = ProbeSource<Int, TestError>()
        let b = ProbeSource<Int, TestError>()
        let c = ProbeSource<Int, TestError>()
        let log = EventLog.of(Signal.zip(a.signal, b.signal, c.signal))
        c.sendError(TestError(9))
        #expect(log.descriptions == ["error(TestError(9))"])
        #expect(![a, b, c].contains { $0.isSubscribed })
    }

    @Test("disposal disposes every input")
    func disposalZipStatic() {
        let probes = (0..<3).map { _ in ProbeSource<Int, TestError>() }
        let zipped = Signal.zip(probes[0].signal, probes[1].signal, probes[2].signal)
        EventLog<(Int, Int, Int), TestError>().record(zipped).dispose()
        #expect(probes.allSatisfy { $0.disposals == 1 && !$0.isSubscribed })
    }

    @Test("arrays of one type zip into arrays; an empty array completes at once (RACStream.m +join:block:)")
    func array() {
        let probes = (0..<3).map { _ in ProbeSource<Int, TestError>() }
        let log = EventLog.of(Signal.zip(probes.map(\.signal)))
        probes[0].sendNext(1)
        probes[1].sendNext(2)
        probes[1].sendNext(20)
        probes[2].sendNext(3)
        probes[0].sendNext(10)
        probes[0].sendCompleted()
        #expect(log.events == [.next([1, 2, 3])])
        probes[2].sendNext(30)
        #expect(log.events == [.next([1, 2, 3]), .next([10, 20, 30]), .completed])
        #expect(probes.allSatisfy { !$0.isSubscribed })

        #expect(EventLog.of(Signal.zip([IntSignal]())).events == [.completed])
        #expect(
            EventLog.of(Signal.zip([IntSignal(values: [1, 2])])).events == [
                .next([1]), .next([2]), .completed,
            ])
    }

    @Test("array zip: errors and disposal")
    func arrayErrorAndDisposal() {
        let probes = (0..<2).map { _ in ProbeSource<Int, TestError>() }
        let log = EventLog.of(Signal.zip(probes.map(\.signal)))
        probes[1].sendError(TestError(1))
        #expect(log.events == [.error(TestError(1))])
        #expect(probes.allSatisfy { !$0.isSubscribed })

        let others = (0..<2).map { _ in ProbeSource<Int, TestError>() }
        EventLog<[Int], TestError>().record(Signal.zip(others.map(\.signal))).dispose()
        #expect(others.allSatisfy { $0.disposals == 1 })
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("zip(with:) pairs values by index and completes once a done side's buffer is empty")
    func zipWith() throws {
        let left = try scheduler.createColdSignal("-a--b-c-|", error: TestError(1))
        let right = try scheduler.createColdSignal("--x----y--z-|", error: TestError(1))
        try scheduler.expect(
            left.zip(with: right).map { $0 + $1 }, toEmit: "--{ax}----{by}--({cz}|)",
            values: named("ax", "by", "cz"), error: TestError(1))
        try scheduler.expect(left, toHaveSubscriptions: ["^-------!"])
        try scheduler.expect(right, toHaveSubscriptions: ["^---------!"])
    }

    @Test("zip(with:): an error from either ends it; leftovers of the other side are dropped")
    func zipWithCases() throws {
        let left = try scheduler.createColdSignal("-a-b-c-|", error: TestError(1))
        let right = try scheduler.createColdSignal("--x-#", error: TestError(1))
        try scheduler.expect(
            left.zip(with: right).map { $0 + $1 }, toEmit: "--{ax}-#", values: named("ax"),
            error: TestError(1))
        try scheduler.expect(left, toHaveSubscriptions: ["^---!"])

        let other = TestScheduler(checksRelease: true)
        let short = try other.createColdSignal("-a|", error: TestError(1))
        let long = try other.createColdSignal("-x-y-z-|", error: TestError(1))
        try other.expect(
            short.zip(with: long).map { $0 + $1 }, toEmit: "-{ax}|", values: named("ax"), error: TestError(1))
        try other.expect(long, toHaveSubscriptions: ["^-!"])
    }

    @Test("Signal.zip over a pack and over an array; none completes at once")
    func zipMany() throws {
        let a = try scheduler.createColdSignal("-1---2---|", error: TestError(1))
        let b = try scheduler.createColdSignal("--x----y-|", error: TestError(1))
        let c = try scheduler.createColdSignal("---p-q---|", error: TestError(1))
        try scheduler.expect(
            Signal.zip(a, b, c).map { $0 + $1 + $2 }, toEmit: "---u---v-|", values: ["u": "1xp", "v": "2yq"],
            error: TestError(1))

        let other = TestScheduler(checksRelease: true)
        let one = try other.createColdSignal("-1--2-|", error: TestError(1))
        let two = try other.createColdSignal("--a-b-|", error: TestError(1))
        try other.expect(
            Signal.zip([one, two]).map { $0.joined() }, toEmit: "--u-v-|", values: ["u": "1a", "v": "2b"],
            error: TestError(1))
        try other.expect(
            Signal<[String], TestError>.zip([Signal<String, TestError>]()), toEmit: "------|", values: [:],
            error: TestError(1))
    }

    @Test("zip: a pair's callback sending into both inputs gets the next pair nested")
    func zipReentrant() {
        expectScopeReleased { scope in
            let left = scope.watch(Subject<Int, Never>(), "the left input")
            let right = scope.watch(Subject<Int, Never>(), "the right input")
            let log = EventLog<String, Never>()
            let subscription = log.record(left.zip(with: right).map { "\($0)\($1)" }) { event in
                if case .next("11") = event {
                    left.sendNext(2)
                    right.sendNext(2)
                }
            }
            left.sendNext(1)
            right.sendNext(1)
            #expect(log.values == ["11", "22"])
            // The subscriber captures both inputs: disposing it releases the chain.
            subscription.dispose()
        }
    }
}
