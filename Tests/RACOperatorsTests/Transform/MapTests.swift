import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Transform: map, mapReplace, reduceEach, reduceApply, mapError, promoteError", .checksRelease)
struct MapTests {
    @Test("map sends transform(value) and forwards completion")
    func map() {
        #expect(eventsOf(numbers([1, 2, 3]).map { $0 * 2 }) == [.next(2), .next(4), .next(6), .completed])
        #expect(eventsOf(numbers([]).map { $0 * 2 }) == [.completed])
    }

    @Test("map forwards an error mid-stream and calls the transform no more")
    func mapError() {
        let probe = ProbeSource<Int, TestError>()
        let calls = Log<String>()
        let log = EventLog.of(
            probe.signal.map { value -> Int in
                calls.append("\(value)")
                return value + 1
            })
        probe.sendNext(1)
        probe.sendError(TestError(7))
        probe.sendNext(2)
        #expect(log.events == [.next(2), .error(TestError(7))])
        #expect(calls.all == ["1"])
        #expect(probe.disposals == 1)
    }

    @Test("map: disposing the result disposes the source; the result is cold per subscription")
    func mapDisposal() {
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.map { $0 } })
        let probe = ProbeSource<Int, TestError>()
        let mapped = probe.signal.map { $0 * 10 }
        let first = EventLog.of(mapped)
        let second = EventLog.of(mapped)
        #expect(probe.subscriptions == 2)
        probe.sendNext(1)
        probe.sendCompleted()
        #expect(first.events == [.next(10), .completed])
        #expect(second.events == first.events)
    }

    @Test("map: a value sent into the source from the subscriber is delivered nested")
    func mapReentrancy() {
        let subject = Subject<Int, TestError>()
        let log = EventLog<Int, TestError>()
        log.record(subject.map { $0 * 2 }) { event in
            if event == .next(2) { subject.sendNext(5) }
        }
        subject.sendNext(1)
        subject.sendCompleted()
        #expect(log.events == [.next(2), .next(10), .completed])
    }

    @Test("mapReplace sends the same value for every value")
    func mapReplace() {
        #expect(eventsOf(numbers([1, 2]).mapReplace("x")) == [.next("x"), .next("x"), .completed])
        #expect(eventsOf(numbers([]).mapReplace("x")) == [.completed])
        #expect(
            eventsOf(Signal<Int, TestError>(error: TestError(1)).mapReplace("x")) == [.error(TestError(1))]
        )
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.mapReplace(0) })
    }

    @Test("reduceEach spreads tuples of any arity into the closure")
    func reduceEach() {
        let pairs = Signal<(Int, Int), TestError>(values: [(1, 2), (3, 4)])
        #expect(eventsOf(pairs.reduceEach { $0 + $1 }) == [.next(3), .next(7), .completed])
        let mixed = Signal<(Int, String, Bool), TestError>(values: [(1, "a", true)])
        #expect(eventsOf(mixed.reduceEach { n, s, b in "\(n)\(s)\(b)" }) == [.next("1atrue"), .completed])
        let six = Signal<(Int, Int, Int, Int, Int, Int), TestError>(value: (1, 2, 3, 4, 5, 6))
        let sixSum: Signal<Int, TestError> = six.reduceEach { [$0, $1, $2, $3, $4, $5].reduce(0, +) }
        #expect(eventsOf(sixSum) == [.next(21), .completed])
        let seven = Signal<(Int, Int, Int, Int, Int, Int, Int), Never>(value: (1, 1, 1, 1, 1, 1, 1))
        let sevenSum: Signal<Int, Never> = seven.reduceEach { [$0, $1, $2, $3, $4, $5, $6].reduce(0, +) }
        #expect(eventsOf(sevenSum) == [.next(7), .completed])
        #expect(eventsOf(Signal<(Int, Int), TestError>.empty.reduceEach(+)) == [.completed])
    }

    @Test("reduceEach forwards errors and disposal")
    func reduceEachErrorAndDisposal() {
        let probe = ProbeSource<(Int, Int), TestError>()
        let log = EventLog.of(probe.signal.reduceEach(*))
        probe.sendNext((2, 3))
        probe.sendError(TestError(2))
        #expect(log.events == [.next(6), .error(TestError(2))])
        #expect(disposalReachesSource { (source: Signal<(Int, Int), TestError>) in source.reduceEach(+) })
    }

    @Test("reduceApply calls the function in each tuple with the rest of the tuple")
    func reduceApply() {
        let one = Signal<((Int) -> Int, Int), TestError>(values: [({ $0 * 10 }, 9), ({ $0 + 1 }, 1)])
        #expect(eventsOf(one.reduceApply()) == [.next(90), .next(2), .completed])
        let two = Signal<((Int, Int) -> Int, Int, Int), TestError>(value: ({ $0 * $1 }, 3, 4))
        #expect(eventsOf(two.reduceApply()) == [.next(12), .completed])
        let three = Signal<((Int, Int, Int) -> Int, Int, Int, Int), TestError>(
            value: ({ $0 + $1 * $2 }, 2, 3, 8))
        #expect(eventsOf(three.reduceApply()) == [.next(26), .completed])
        let four = Signal<((Int, Int, Int, Int) -> Int, Int, Int, Int, Int), Never>(
            value: ({ $0 + $1 + $2 + $3 }, 1, 2, 3, 4))
        #expect(eventsOf(four.reduceApply()) == [.next(10), .completed])
        let five = Signal<((Int, Int, Int, Int, String) -> String, Int, Int, Int, Int, String), Never>(
            value: ({ "\($4)\($0 + $1 + $2 + $3)" }, 1, 2, 3, 4, "s"))
        #expect(eventsOf(five.reduceApply()) == [.next("s10"), .completed])
    }

    @Test("reduceApply forwards empty, errors and disposal")
    func reduceApplyTerminals() {
        typealias Apply = ((Int) -> Int, Int)
        #expect(eventsOf(Signal<Apply, TestError>.empty.reduceApply()) == [.completed])
        #expect(
            eventsOf(Signal<Apply, TestError>(error: TestError(3)).reduceApply()) == [.error(TestError(3))]
        )
        #expect(disposalReachesSource { (source: Signal<Apply, TestError>) in source.reduceApply() })
    }

    @Test("mapError transforms the error; values and completion pass")
    func mapErrorOperator() {
        // Its own error type: mapError must change the failure's type, and keep the original error.
        struct Wrapped: Error, Equatable { let inner: TestError }
        let probe = ProbeSource<Int, TestError>()
        let log = EventLog.of(probe.signal.mapError { Wrapped(inner: $0) })
        probe.sendNext(1)
        probe.sendError(TestError(4))
        #expect(log.events == [.next(1), .error(Wrapped(inner: TestError(4)))])
        #expect(eventsOf(numbers([1]).mapError { Wrapped(inner: $0) }) == [.next(1), .completed])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.mapError { $0 } })
    }

    @Test("promoteError retypes a signal that cannot fail")
    func promoteError() {
        let promoted: Signal<Int, TestError> = Signal<Int, Never>(values: [1, 2]).promoteError()
        #expect(eventsOf(promoted) == [.next(1), .next(2), .completed])
        let explicit = Signal<Int, Never>.empty.promoteError(TestError.self)
        #expect(eventsOf(explicit) == [.completed])
        #expect(
            disposalReachesSource { (source: Signal<Int, Never>) in source.promoteError(TestError.self) })
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("map sends transform(value) for each value")
    func maps() throws {
        try expectMarbles({ $0.map { $0.uppercased() } }, passThroughCases("-A-B-C-|", "-A-#", "-A-B"))
    }

    @Test("mapReplace sends the same value for every value")
    func mapReplaces() throws {
        try expectMarbles({ $0.mapReplace("x") }, passThroughCases("-x-x-x-|", "-x-#", "-x-x"))
    }

    @Test("reduceEach spreads each tuple over the closure's arguments, for any arity")
    func reduceEachs() throws {
        try expectMarbles(
            { $0.map { ($0, $0.uppercased()) }.reduceEach { $0 + $1 } }, input: letters,
            output: ["x": "aA", "y": "bB", "z": "cC"], error: TestError(1),
            passThroughCases("-x-y-z-|", "-x-#", "-x-y"))
        try expectMarbles(
            { $0.map { ($0, 1, true) }.reduceEach { "\($0)\($1)\($2 ? "!" : "?")" } },
            input: letters, output: ["x": "a1!", "y": "b1!", "z": "c1!"], error: TestError(1),
            passThroughCases("-x-y-z-|", "-x-#", "-x-y"))
    }

    @Test("mapError replaces the error and nothing else")
    func mapErrors() throws {
        try expectMarbles(
            { $0.mapError { TestError($0.code + 10) } }, input: letters, output: letters,
            error: TestError(11),
            passThroughCases("-a-b-c-|", "-a-#", "-a-b"))
    }

    @Test("promoteError only changes the failure type")
    func promoteErrors() throws {
        let source = try scheduler.createColdSignal("-a-b-|")
        let promoted: Signal<String, TestError> = source.promoteError()
        try scheduler.expect(promoted, toEmit: "-a-b-|", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
        let disposed = try scheduler.createColdSignal("-a-b-|")
        try scheduler.expect(disposed.promoteError(TestError.self), toEmit: "------a", disposeAt: 7)
        try scheduler.expect(disposed, toHaveSubscriptions: ["-----^-!"])
    }

    @Test("reduceApply calls the tuple's function with the tuple's arguments, 1 to 5 of them")
    func reduceApplys() throws {
        let output = ["x": "a!", "y": "b!", "z": "c!"]
        let cases = passThroughCases("-x-y-z-|", "-x-#", "-x-y")
        try expectMarbles(
            { $0.map { ({ (a: String) in a + "!" }, $0) }.reduceApply() }, input: letters, output: output,
            error: TestError(1), cases)
        try expectMarbles(
            { $0.map { ({ (a: String, b: String) in a + b }, $0, "!") }.reduceApply() }, input: letters,
            output: output, error: TestError(1), cases)
        try expectMarbles(
            { $0.map { ({ (a: String, b: String, c: String) in a + b + c }, $0, "!", "") }.reduceApply() },
            input: letters, output: output, error: TestError(1), cases)
        try expectMarbles(
            {
                $0.map {
                    ({ (a: String, b: String, c: String, d: String) in a + b + c + d }, $0, "!", "", "")
                }
                .reduceApply()
            }, input: letters, output: output, error: TestError(1), cases)
        try expectMarbles(
            {
                $0.map {
                    (
                        { (a: String, b: String, c: String, d: String, e: String) in a + b + c + d + e }, $0,
                        "", "!", "", ""
                    )
                }
                .reduceApply()
            }, input: letters, output: output, error: TestError(1), cases)
    }
}
