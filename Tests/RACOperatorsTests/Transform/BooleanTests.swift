import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Transform: not, and, or", .checksRelease)
struct BooleanTests {
    @Test("not negates each boolean")
    func not() {
        let signal = Signal<Bool, TestError>(values: [true, false])
        #expect(eventsOf(signal.not()) == [.next(false), .next(true), .completed])
        #expect(eventsOf(Signal<Bool, TestError>.empty.not()) == [.completed])
        #expect(eventsOf(Signal<Bool, TestError>(error: TestError(1)).not()) == [.error(TestError(1))])
        #expect(disposalReachesSource { (source: Signal<Bool, TestError>) in source.not() })
    }

    @Test("and/or on tuples of 2 to 6 booleans")
    func tuples() {
        let two = Signal<(Bool, Bool), Never>(values: [(true, true), (true, false), (false, false)])
        #expect(eventsOf(two.and()) == [.next(true), .next(false), .next(false), .completed])
        #expect(eventsOf(two.or()) == [.next(true), .next(true), .next(false), .completed])
        let three = Signal<(Bool, Bool, Bool), Never>(values: [(true, true, true), (false, false, true)])
        #expect(eventsOf(three.and()) == [.next(true), .next(false), .completed])
        #expect(eventsOf(three.or()) == [.next(true), .next(true), .completed])
        let four = Signal<(Bool, Bool, Bool, Bool), Never>(values: [(true, true, true, false)])
        #expect(eventsOf(four.and()) == [.next(false), .completed])
        #expect(eventsOf(four.or()) == [.next(true), .completed])
        let five = Signal<(Bool, Bool, Bool, Bool, Bool), Never>(values: [(false, false, false, false, false)]
        )
        #expect(eventsOf(five.and()) == [.next(false), .completed])
        #expect(eventsOf(five.or()) == [.next(false), .completed])
        let six = Signal<(Bool, Bool, Bool, Bool, Bool, Bool), Never>(values: [
            (true, true, true, true, true, true)
        ])
        #expect(eventsOf(six.and()) == [.next(true), .completed])
        #expect(eventsOf(six.or()) == [.next(true), .completed])
    }

    @Test("and/or on arrays of booleans; errors, completion and disposal pass through")
    func arrays() {
        let arrays = Signal<[Bool], TestError>(values: [[true], [true, false], [false, false, true]])
        #expect(eventsOf(arrays.and()) == [.next(true), .next(false), .next(false), .completed])
        #expect(eventsOf(arrays.or()) == [.next(true), .next(true), .next(true), .completed])
        #expect(eventsOf(Signal<[Bool], TestError>(error: TestError(2)).and()) == [.error(TestError(2))])
        #expect(
            eventsOf(Signal<(Bool, Bool), TestError>(error: TestError(2)).or()) == [.error(TestError(2))])
        #expect(disposalReachesSource { (source: Signal<[Bool], TestError>) in source.and() })
        #expect(disposalReachesSource { (source: Signal<(Bool, Bool), TestError>) in source.or() })
    }

    @Test("and/or on an empty array stop with a message naming the call")
    func emptyArrayIsAProgrammerError() async {
        let and = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<[Bool], Never>(value: []).and().subscribe(next: { _ in })
        }
        let andMessage = String(decoding: and?.standardErrorContent ?? [], as: UTF8.self)
        #expect(andMessage.contains("and()"))
        #expect(andMessage.contains("[]"))
        let or = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<[Bool], Never>(value: []).or().subscribe(next: { _ in })
        }
        let orMessage = String(decoding: or?.standardErrorContent ?? [], as: UTF8.self)
        #expect(orMessage.contains("or()"))
        #expect(orMessage.contains("[]"))
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("not, and, or on booleans, arrays and tuples of every arity")
    func booleans() throws {
        try expectMarbles(
            { $0.not() }, input: bools, output: bools, error: TestError(1),
            [
                MarbleCase("-t-f-t-|", "-f-t-f-|", ["^------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-t-#", "-f-#", ["^--!"]),
                MarbleCase("-t-f-t-|", "-f-t", ["^---!"], disposeAt: 4),
            ])
        let arrays: [String: [Bool]] = ["T": [true, true], "M": [true, false], "F": [false, false]]
        let arrayCases = [
            MarbleCase("-T-M-F-|", "-x-y-z-|", ["^------!"]),
            MarbleCase("-T-#", "-x-#", ["^--!"]),
        ]
        try expectMarbles(
            { $0.and() }, input: arrays, output: ["x": true, "y": false, "z": false], error: TestError(1),
            arrayCases)
        try expectMarbles(
            { $0.or() }, input: arrays, output: ["x": true, "y": true, "z": false], error: TestError(1),
            arrayCases)

        // Tuples of 2 to 6: `t` makes every element true, `f` makes the last one false.
        let andOut: [String: Bool] = ["t": true, "f": false]
        let cases = [MarbleCase("-t-f-|", "-t-f-|", ["^----!"]), MarbleCase("-t-#", "-t-#", ["^--!"])]
        try expectMarbles(
            { $0.map { (true, $0) }.and() }, input: bools, output: andOut, error: TestError(1), cases)
        try expectMarbles(
            { $0.map { (true, true, $0) }.and() }, input: bools, output: andOut, error: TestError(1), cases)
        try expectMarbles(
            { $0.map { (true, true, true, $0) }.and() }, input: bools, output: andOut, error: TestError(1),
            cases)
        try expectMarbles(
            { $0.map { (true, true, true, true, $0) }.and() }, input: bools, output: andOut,
            error: TestError(1),
            cases)
        try expectMarbles(
            { $0.map { (true, true, true, true, true, $0) }.and() }, input: bools, output: andOut,
            error: TestError(1),
            cases)
        try expectMarbles(
            { $0.map { (false, $0) }.or() }, input: bools, output: andOut, error: TestError(1), cases)
        try expectMarbles(
            { $0.map { (false, false, $0) }.or() }, input: bools, output: andOut, error: TestError(1), cases)
        try expectMarbles(
            { $0.map { (false, false, false, $0) }.or() }, input: bools, output: andOut, error: TestError(1),
            cases)
        try expectMarbles(
            { $0.map { (false, false, false, false, $0) }.or() }, input: bools, output: andOut,
            error: TestError(1),
            cases)
        try expectMarbles(
            { $0.map { (false, false, false, false, false, $0) }.or() }, input: bools, output: andOut,
            error: TestError(1), cases)
    }

    @Test("boolean and reduceApply chains are released after completion")
    func booleanChainsReleased() throws {
        let scheduler = TestScheduler(checksRelease: true)
        try expectScopeReleased { scope in
            let token = scope.watch(Token(), "the token the closures capture")
            let source = try scope.watch(scheduler.createColdSignal("-t-f-|", values: bools), "the source")
            let chain =
                source
                .map { value in withExtendedLifetime(token) { (value, true) } }
                .and()
                .not()
                .map { value in ({ (flag: Bool) in withExtendedLifetime(token) { !flag } }, value) }
                .reduceApply()
                .map { [$0, true] }
                .or()
            try scheduler.expect(chain, toEmit: "-t-t-|", values: bools)
        }
    }
}
