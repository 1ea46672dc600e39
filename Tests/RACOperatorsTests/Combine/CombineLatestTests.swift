import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntSignal = Signal<Int, TestError>

@Suite("Combine: combineLatest", .checksRelease)
struct CombineLatestTests {
    @Test(
        "first emission once both have sent; then on every value (RACSignal+Operations.m -combineLatestWith:)"
    )
    func ordinary() {
        weak var weakLog: EventLog<(Int, String), TestError>?
        do {
            let a = ProbeSource<Int, TestError>()
            let b = ProbeSource<String, TestError>()
            let log = EventLog.of(a.signal.combineLatest(with: b.signal))
            weakLog = log
            a.sendNext(1)
            a.sendNext(2)
            #expect(log.descriptions == [])
            b.sendNext("x")
            a.sendNext(3)
            b.sendNext("y")
            #expect(log.descriptions == ["(2, \"x\")", "(3, \"x\")", "(3, \"y\")"])
            a.sendCompleted()
            b.sendCompleted()
            #expect(log.isTerminated)
        }
        #expect(weakLog == nil)
    }

    @Test("completes only when both complete, in either order")
    func completion() {
        let a = ProbeSource<Int, TestError>()
        let b = ProbeSource<Int, TestError>()
        let log = EventLog.of(a.signal.combineLatest(with: b.signal))
        a.sendNext(1)
        a.sendCompleted()
        b.sendNext(2)
        b.sendNext(3)
        #expect(log.descriptions == ["(1, 2)", "(1, 3)"])
        b.sendCompleted()
        #expect(log.descriptions == ["(1, 2)", "(1, 3)", "|"])

        let c = ProbeSource<Int, TestError>()
        let d = ProbeSource<Int, TestError>()
        let log2 = EventLog.of(c.signal.combineLatest(with: d.signal))
        d.sendCompleted()
        #expect(log2.descriptions == [])
        c.sendCompleted()
        #expect(log2.descriptions == ["|"])
    }

    @Test("empty inputs")
    func empty() {
        #expect(EventLog.of(IntSignal.empty.combineLatest(with: IntSignal.empty)).descriptions == ["|"])
        #expect(EventLog.of(IntSignal.empty.combineLatest(with: IntSignal(value: 1))).descriptions == ["|"])
    }

    @Test("an error from either side is forwarded and both disposed")
    func errors() {
        for failing in 0..<2 {
            let probes = [ProbeSource<Int, TestError>(), ProbeSource<Int, TestError>()]
            let log = EventLog.of(probes[0].signal.combineLatest(with: probes[1].signal))
            probes[0].sendNext(1)
            probes[1].sendNext(2)
            probes[failing].sendError(TestError(failing))
            #expect(log.descriptions == ["(1, 2)", "error(TestError(\(failing)))"])
            #expect(probes.allSatisfy { !$0.isSubscribed })
        }
    }

    @Test("disposal disposes both")
    func disposal() {
        let a = ProbeSource<Int, TestError>()
        let b = ProbeSource<Int, TestError>()
        EventLog<(Int, Int), TestError>().record(a.signal.combineLatest(with: b.signal)).dispose()
        #expect(a.disposals == 1 && b.disposals == 1)
    }

    @Test("a value sent into an input from the subscriber is combined, nested")
    func reentrant() {
        weak var weakA: Subject<Int, TestError>?
        do {
            let a = Subject<Int, TestError>()
            let b = Subject<Int, TestError>()
            weakA = a
            let log = EventLog<(Int, Int), TestError>()
            let subscription = log.record(a.combineLatest(with: b)) { event in
                if case .next((1, 10)) = event { a.sendNext(2) }
            }
            a.sendNext(1)
            b.sendNext(10)
            #expect(log.descriptions == ["(1, 10)", "(2, 10)"])
            // The subscriber captures an input: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakA == nil)
    }

    @Test("Signal.combineLatest of a pack of different types")
    func pack() {
        let a = ProbeSource<Int, TestError>()
        let b = ProbeSource<String, TestError>()
        let c = ProbeSource<Bool, TestError>()
        let log = EventLog.of(Signal.combineLatest(a.signal, b.signal, c.signal))
        a.sendNext(1)
        b.sendNext("x")
        c.sendNext(true)
        a.sendNext(2)
        a.sendCompleted()
        b.sendCompleted()
        c.sendNext(false)
        #expect(log.descriptions == ["(1, \"x\", true)", "(2, \"x\", true)", "(2, \"x\", false)"])
        c.sendCompleted()
        #expect(log.descriptions.last == "|")
        let single: Signal<Int, TestError> = Signal.combineLatest(IntSignal(values: [1, 2]))
        #expect(EventLog.of(single).events == [.next(1), .next(2), .completed])
        let optional = Signal.combineLatest(Signal<Int?, TestError>(value: nil), IntSignal(value: 1))
        #expect(EventLog.of(optional).descriptions == ["(nil, 1)", "|"])
    }

    @Test("Signal.combineLatest pack: error and disposal")
    func packErrorAndDisposal() {
        let a = ProbeSource<Int, TestError>()
        let b = ProbeSource<Int, TestError>()
        let log = EventLog.of(Signal.combineLatest(a.signal, b.signal))
        a.sendError(TestError(7))
        #expect(log.descriptions == ["error(TestError(7))"])
        #expect(!b.isSubscribed)
        let c = ProbeSource<Int, TestError>()
        let d = ProbeSource<Int, TestError>()
        EventLog<(Int, Int), TestError>().record(Signal.combineLatest(c.signal, d.signal)).dispose()
        #expect(c.disposals == 1 && d.disposals == 1)
    }

    @Test("arrays of one type combine into arrays; an empty array completes at once")
    func array() {
        let probes = (0..<3).map { _ in ProbeSource<Int, TestError>() }
        let log = EventLog.of(Signal.combineLatest(probes.map(\.signal)))
        probes[0].sendNext(1)
        probes[1].sendNext(2)
        probes[2].sendNext(3)
        probes[1].sendNext(20)
        for probe in probes { probe.sendCompleted() }
        #expect(log.events == [.next([1, 2, 3]), .next([1, 20, 3]), .completed])
        #expect(EventLog.of(Signal.combineLatest([IntSignal]())).events == [.completed])

        let failing = (0..<2).map { _ in ProbeSource<Int, TestError>() }
        let log2 = EventLog.of(Signal.combineLatest(failing.map(\.signal)))
        failing[1].sendError(TestError(1))
        #expect(log2.events == [.error(TestError(1))])
        #expect(!failing[0].isSubscribed)
    }

    @Test("values keep their order when inputs send on different threads")
    func threads() {
        let a = Subject<Int, TestError>()
        let b = Subject<Int, TestError>()
        let log = EventLog.of(a.combineLatest(with: b))
        a.sendNext(-1)
        b.sendNext(-1)
        onThreads(2) { index in
            let subject = index == 0 ? a : b
            for value in 0..<2_000 { subject.sendNext(value) }
            subject.sendCompleted()
        }
        let values = log.values
        #expect(values.count == 4_001)
        // Each side's values appear in increasing order.
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.0 <= $1.0 && $0.1 <= $1.1 })
        #expect(log.isTerminated)
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("combineLatest(with:) sends the latest pair once both have sent; completes when both have")
    func combineLatestWith() throws {
        let left = try scheduler.createColdSignal("-a----b-----|", error: TestError(1))
        let right = try scheduler.createColdSignal("---x-----y----|", error: TestError(1))
        try scheduler.expect(
            left.combineLatest(with: right).map { $0 + $1 }, toEmit: "---{ax}--{bx}--{by}----|",
            values: named("ax", "bx", "by"), error: TestError(1))
        try scheduler.expect(left, toHaveSubscriptions: ["^-----------!"])
        try scheduler.expect(right, toHaveSubscriptions: ["^-------------!"])
    }

    @Test("combineLatest(with:): an error from either ends it; one side silent means nothing is sent")
    func combineLatestWithCases() throws {
        let left = try scheduler.createColdSignal("-a--#", error: TestError(1))
        let right = try scheduler.createColdSignal("--x----|", error: TestError(1))
        try scheduler.expect(
            left.combineLatest(with: right).map { $0 + $1 }, toEmit: "--{ax}-#", values: named("ax"),
            error: TestError(1))
        try scheduler.expect(right, toHaveSubscriptions: ["^---!"])

        let other = TestScheduler(checksRelease: true)
        let values = try other.createColdSignal("-a-b-|", error: TestError(1))
        let silent = try other.createColdSignal("------|", error: TestError(1))
        try other.expect(
            values.combineLatest(with: silent).map { $0 + $1 }, toEmit: "------|", values: named(),
            error: TestError(1))

        let third = TestScheduler(checksRelease: true)
        let one = try third.createColdSignal("-a-b-|", error: TestError(1))
        let two = try third.createColdSignal("-x-y-|", error: TestError(1))
        try third.expect(
            one.combineLatest(with: two).map { $0 + $1 }, toEmit: "-{ax}", values: named("ax"),
            error: TestError(1),
            disposeAt: 3)
        try third.expect(one, toHaveSubscriptions: ["^--!"])
        try third.expect(two, toHaveSubscriptions: ["^--!"])
    }

    @Test("Signal.combineLatest over a pack and over an array; none completes at once")
    func combineLatestMany() throws {
        let a = try scheduler.createColdSignal("-1-----2---|", error: TestError(1))
        let b = try scheduler.createColdSignal("---x-------|", error: TestError(1))
        let c = try scheduler.createColdSignal("----p-q-----|", error: TestError(1))
        try scheduler.expect(
            Signal.combineLatest(a, b, c).map { $0 + $1 + $2 }, toEmit: "----u-vw----|",
            values: ["u": "1xp", "v": "1xq", "w": "2xq"], error: TestError(1))
        try scheduler.expect(c, toHaveSubscriptions: ["^-----------!"])

        let other = TestScheduler(checksRelease: true)
        let one = try other.createColdSignal("-1---2-|", error: TestError(1))
        let two = try other.createColdSignal("--a----|", error: TestError(1))
        try other.expect(
            Signal.combineLatest([one, two]).map { $0.joined() }, toEmit: "--u--v-|",
            values: ["u": "1a", "v": "2a"], error: TestError(1))
        try other.expect(
            Signal<[String], TestError>.combineLatest([Signal<String, TestError>]()), toEmit: "-------|",
            values: [:],
            error: TestError(1))
    }

    @Test("combineLatest: a tuple's callback sending into an input gets the new tuple nested, in order")
    func combineLatestReentrant() {
        weak var weakRight: Subject<Int, Never>?
        do {
            let left = Subject<Int, Never>()
            let right = Subject<Int, Never>()
            weakRight = right
            let log = EventLog<String, Never>()
            let subscription = log.record(left.combineLatest(with: right).map { "\($0)\($1)" }) { event in
                if case .next("11") = event { right.sendNext(2) }
            }
            left.sendNext(1)
            right.sendNext(1)
            left.sendNext(3)
            #expect(log.values == ["11", "12", "32"])
            // The subscriber captures an input: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakRight == nil)
    }
}
