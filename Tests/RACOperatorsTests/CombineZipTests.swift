import Foundation
import RACOperators
import RACTestSupport
import Testing

private typealias IntSignal = Signal<Int, OpError>

@Suite("Combine: zip(with:)", .checksRelease)
struct CombineZipWithTests {
    @Test("pairs values by index; completes once a completed side's buffer is empty (R64)")
    func ordinary() {
        let a = OpProbe<Int, OpError>()
        let b = OpProbe<String, OpError>()
        let log = OpLog.of(a.signal.zip(with: b.signal))
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
            with: Signal<String, OpError>(values: ["A", "B"]))
        #expect(OpLog.of(zipped).descriptions == ["(1, \"A\")", "(2, \"B\")", "|"])
    }

    @Test("completion order: a side that completes with values buffered waits for them to pair")
    func completionOrder() {
        let a = OpProbe<Int, OpError>()
        let b = OpProbe<Int, OpError>()
        let log = OpLog.of(a.signal.zip(with: b.signal))
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
        #expect(OpLog.of(IntSignal.empty.zip(with: IntSignal.never)).descriptions == ["|"])
        let b = OpProbe<Int, OpError>()
        let log = OpLog.of(IntSignal.never.zip(with: b.signal))
        #expect(log.descriptions == [])
        b.sendCompleted()
        #expect(log.descriptions == ["|"])
    }

    @Test("an error from either side is forwarded and both are disposed")
    func errors() {
        let a = OpProbe<Int, OpError>()
        let b = OpProbe<Int, OpError>()
        let log = OpLog.of(a.signal.zip(with: b.signal))
        a.sendNext(1)
        b.sendError(OpError(2))
        #expect(log.descriptions == ["error(OpError(2))"])
        #expect(!a.isSubscribed && !b.isSubscribed)

        let c = OpProbe<Int, OpError>()
        let d = OpProbe<Int, OpError>()
        let log2 = OpLog.of(c.signal.zip(with: d.signal))
        c.sendError(OpError(3))
        #expect(log2.descriptions == ["error(OpError(3))"])
        #expect(!c.isSubscribed && !d.isSubscribed)
    }

    @Test("disposal disposes both")
    func disposal() {
        let a = OpProbe<Int, OpError>()
        let b = OpProbe<Int, OpError>()
        OpLog<(Int, Int), OpError>().record(a.signal.zip(with: b.signal)).dispose()
        #expect(a.disposals == 1 && b.disposals == 1)
        #expect(!a.isSubscribed && !b.isSubscribed)
    }

    @Test("values sent into an input from the subscriber are zipped, nested")
    func reentrant() {
        weak var weakA: Subject<Int, OpError>?
        weak var weakB: Subject<Int, OpError>?
        do {
            let a = Subject<Int, OpError>()
            let b = Subject<Int, OpError>()
            (weakA, weakB) = (a, b)
            let log = OpLog<(Int, Int), OpError>()
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
        let a = Subject<Int, OpError>()
        let b = Subject<Int, OpError>()
        let log = OpLog.of(a.zip(with: b))
        concurrently(2) { index in
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
}

@Suite("Combine: Signal.zip", .checksRelease)
struct CombineZipStaticTests {
    @Test("zips any number of signals of different types")
    func pack() {
        let a = OpProbe<Int, OpError>()
        let b = OpProbe<String, OpError>()
        let c = OpProbe<Bool, OpError>()
        let log = OpLog.of(Signal.zip(a.signal, b.signal, c.signal))
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
        let one: Signal<Int, OpError> = Signal.zip(IntSignal(values: [1, 2]))
        #expect(OpLog.of(one).events == [.next(1), .next(2), .completed])
        let two = Signal.zip(IntSignal(values: [1, 2]), Signal<String, OpError>(values: ["a"]))
        #expect(OpLog.of(two).descriptions == ["(1, \"a\")", "|"])
        let four = Signal.zip(
            IntSignal(value: 1), IntSignal(value: 2), IntSignal(value: 3), IntSignal(value: 4))
        #expect(OpLog.of(four).descriptions == ["(1, 2, 3, 4)", "|"])
        let six = Signal.zip(
            IntSignal(value: 1), Signal<String, OpError>(value: "b"), IntSignal(value: 3),
            Signal<Double, OpError>(value: 4.5), IntSignal(value: 5), Signal<Bool, OpError>(value: true))
        #expect(OpLog.of(six).descriptions == ["(1, \"b\", 3, 4.5, 5, true)", "|"])
    }

    @Test("an error from any input is forwarded and every input disposed")
    func error() {
        let a = OpProbe<Int, OpError>()
        let b = OpProbe<Int, OpError>()
        let c = OpProbe<Int, OpError>()
        let log = OpLog.of(Signal.zip(a.signal, b.signal, c.signal))
        c.sendError(OpError(9))
        #expect(log.descriptions == ["error(OpError(9))"])
        #expect(![a, b, c].contains { $0.isSubscribed })
    }

    @Test("disposal disposes every input")
    func disposal() {
        let probes = (0..<3).map { _ in OpProbe<Int, OpError>() }
        let zipped = Signal.zip(probes[0].signal, probes[1].signal, probes[2].signal)
        OpLog<(Int, Int, Int), OpError>().record(zipped).dispose()
        #expect(probes.allSatisfy { $0.disposals == 1 && !$0.isSubscribed })
    }

    @Test("arrays of one type zip into arrays; an empty array completes at once (R50)")
    func array() {
        let probes = (0..<3).map { _ in OpProbe<Int, OpError>() }
        let log = OpLog.of(Signal.zip(probes.map(\.signal)))
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

        #expect(OpLog.of(Signal.zip([IntSignal]())).events == [.completed])
        #expect(
            OpLog.of(Signal.zip([IntSignal(values: [1, 2])])).events == [.next([1]), .next([2]), .completed])
    }

    @Test("array zip: errors and disposal")
    func arrayErrorAndDisposal() {
        let probes = (0..<2).map { _ in OpProbe<Int, OpError>() }
        let log = OpLog.of(Signal.zip(probes.map(\.signal)))
        probes[1].sendError(OpError(1))
        #expect(log.events == [.error(OpError(1))])
        #expect(probes.allSatisfy { !$0.isSubscribed })

        let others = (0..<2).map { _ in OpProbe<Int, OpError>() }
        OpLog<[Int], OpError>().record(Signal.zip(others.map(\.signal))).dispose()
        #expect(others.allSatisfy { $0.disposals == 1 })
    }
}

@Suite("Combine: combineLatest", .checksRelease)
struct CombineLatestTests {
    @Test("first emission once both have sent; then on every value (X32)")
    func ordinary() {
        weak var weakLog: OpLog<(Int, String), OpError>?
        do {
            let a = OpProbe<Int, OpError>()
            let b = OpProbe<String, OpError>()
            let log = OpLog.of(a.signal.combineLatest(with: b.signal))
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
        let a = OpProbe<Int, OpError>()
        let b = OpProbe<Int, OpError>()
        let log = OpLog.of(a.signal.combineLatest(with: b.signal))
        a.sendNext(1)
        a.sendCompleted()
        b.sendNext(2)
        b.sendNext(3)
        #expect(log.descriptions == ["(1, 2)", "(1, 3)"])
        b.sendCompleted()
        #expect(log.descriptions == ["(1, 2)", "(1, 3)", "|"])

        let c = OpProbe<Int, OpError>()
        let d = OpProbe<Int, OpError>()
        let log2 = OpLog.of(c.signal.combineLatest(with: d.signal))
        d.sendCompleted()
        #expect(log2.descriptions == [])
        c.sendCompleted()
        #expect(log2.descriptions == ["|"])
    }

    @Test("empty inputs")
    func empty() {
        #expect(OpLog.of(IntSignal.empty.combineLatest(with: IntSignal.empty)).descriptions == ["|"])
        #expect(OpLog.of(IntSignal.empty.combineLatest(with: IntSignal(value: 1))).descriptions == ["|"])
    }

    @Test("an error from either side is forwarded and both disposed")
    func errors() {
        for failing in 0..<2 {
            let probes = [OpProbe<Int, OpError>(), OpProbe<Int, OpError>()]
            let log = OpLog.of(probes[0].signal.combineLatest(with: probes[1].signal))
            probes[0].sendNext(1)
            probes[1].sendNext(2)
            probes[failing].sendError(OpError(failing))
            #expect(log.descriptions == ["(1, 2)", "error(OpError(\(failing)))"])
            #expect(probes.allSatisfy { !$0.isSubscribed })
        }
    }

    @Test("disposal disposes both")
    func disposal() {
        let a = OpProbe<Int, OpError>()
        let b = OpProbe<Int, OpError>()
        OpLog<(Int, Int), OpError>().record(a.signal.combineLatest(with: b.signal)).dispose()
        #expect(a.disposals == 1 && b.disposals == 1)
    }

    @Test("a value sent into an input from the subscriber is combined, nested")
    func reentrant() {
        weak var weakA: Subject<Int, OpError>?
        do {
            let a = Subject<Int, OpError>()
            let b = Subject<Int, OpError>()
            weakA = a
            let log = OpLog<(Int, Int), OpError>()
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
        let a = OpProbe<Int, OpError>()
        let b = OpProbe<String, OpError>()
        let c = OpProbe<Bool, OpError>()
        let log = OpLog.of(Signal.combineLatest(a.signal, b.signal, c.signal))
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
        let single: Signal<Int, OpError> = Signal.combineLatest(IntSignal(values: [1, 2]))
        #expect(OpLog.of(single).events == [.next(1), .next(2), .completed])
        let optional = Signal.combineLatest(Signal<Int?, OpError>(value: nil), IntSignal(value: 1))
        #expect(OpLog.of(optional).descriptions == ["(nil, 1)", "|"])
    }

    @Test("Signal.combineLatest pack: error and disposal")
    func packErrorAndDisposal() {
        let a = OpProbe<Int, OpError>()
        let b = OpProbe<Int, OpError>()
        let log = OpLog.of(Signal.combineLatest(a.signal, b.signal))
        a.sendError(OpError(7))
        #expect(log.descriptions == ["error(OpError(7))"])
        #expect(!b.isSubscribed)
        let c = OpProbe<Int, OpError>()
        let d = OpProbe<Int, OpError>()
        OpLog<(Int, Int), OpError>().record(Signal.combineLatest(c.signal, d.signal)).dispose()
        #expect(c.disposals == 1 && d.disposals == 1)
    }

    @Test("arrays of one type combine into arrays; an empty array completes at once")
    func array() {
        let probes = (0..<3).map { _ in OpProbe<Int, OpError>() }
        let log = OpLog.of(Signal.combineLatest(probes.map(\.signal)))
        probes[0].sendNext(1)
        probes[1].sendNext(2)
        probes[2].sendNext(3)
        probes[1].sendNext(20)
        for probe in probes { probe.sendCompleted() }
        #expect(log.events == [.next([1, 2, 3]), .next([1, 20, 3]), .completed])
        #expect(OpLog.of(Signal.combineLatest([IntSignal]())).events == [.completed])

        let failing = (0..<2).map { _ in OpProbe<Int, OpError>() }
        let log2 = OpLog.of(Signal.combineLatest(failing.map(\.signal)))
        failing[1].sendError(OpError(1))
        #expect(log2.events == [.error(OpError(1))])
        #expect(!failing[0].isSubscribed)
    }

    @Test("values keep their order when inputs send on different threads")
    func threads() {
        let a = Subject<Int, OpError>()
        let b = Subject<Int, OpError>()
        let log = OpLog.of(a.combineLatest(with: b))
        a.sendNext(-1)
        b.sendNext(-1)
        concurrently(2) { index in
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
}

@Suite("Combine: zip/combineLatest deallocation", .checksRelease)
struct CombineZipDeallocationTests {
    @Test("a finished or disposed chain is released")
    func released() {
        weak var weakChain: Signal<[Int], OpError>?
        weak var weakSubject: Subject<Int, OpError>?
        do {
            let subject = Subject<Int, OpError>()
            weakSubject = subject
            let chain = Signal.zip([subject, IntSignal(values: [1, 2])])
                .zip(with: Signal.combineLatest(subject, IntSignal(value: 5)))
                .map { pair in pair.0 + [pair.1.0, pair.1.1] }
            weakChain = chain
            let log = OpLog.of(chain)
            subject.sendNext(7)
            subject.sendCompleted()
            #expect(log.events == [.next([7, 1, 7, 5]), .completed])
            OpLog<[Int], OpError>().record(chain).dispose()
        }
        #expect(weakChain == nil)
        #expect(weakSubject == nil)
    }
}
