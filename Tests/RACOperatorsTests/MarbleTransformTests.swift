import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// The four cases every value-by-value operator meets: an ordinary source, an empty one, an error
/// in mid-stream, and a subscriber that disposes in mid-stream (the source sees the disposal).
private func passThroughCases(_ ordinary: String, _ error: String, _ disposed: String) -> [MarbleCase] {
    [
        MarbleCase("-a-b-c-|", ordinary, ["^------!"]),
        MarbleCase("--|", "--|", ["^-!"]),
        MarbleCase("-a-#", error, ["^--!"]),
        MarbleCase("-a-b-c-|", disposed, ["^---!"], disposeAt: 4),
    ]
}

@Suite("Transform operators, marble-tested", .checksRelease)
struct MarbleTransformTests {
    let scheduler = TestScheduler(checksRelease: true)

    @Test("map sends transform(value) for each value")
    func map() throws {
        try expectMarbles({ $0.map { $0.uppercased() } }, passThroughCases("-A-B-C-|", "-A-#", "-A-B"))
    }

    @Test("mapReplace sends the same value for every value")
    func mapReplace() throws {
        try expectMarbles({ $0.mapReplace("x") }, passThroughCases("-x-x-x-|", "-x-#", "-x-x"))
    }

    @Test("reduceEach spreads each tuple over the closure's arguments, for any arity")
    func reduceEach() throws {
        try expectMarbles(
            { $0.map { ($0, $0.uppercased()) }.reduceEach { $0 + $1 } }, input: letters,
            output: ["x": "aA", "y": "bB", "z": "cC"], error: Boom(),
            passThroughCases("-x-y-z-|", "-x-#", "-x-y"))
        try expectMarbles(
            { $0.map { ($0, 1, true) }.reduceEach { "\($0)\($1)\($2 ? "!" : "?")" } },
            input: letters, output: ["x": "a1!", "y": "b1!", "z": "c1!"], error: Boom(),
            passThroughCases("-x-y-z-|", "-x-#", "-x-y"))
    }

    @Test("scan sends every running accumulation, restarting for each subscription")
    func scan() throws {
        try expectMarbles(
            { $0.scan(0, +) }, input: ints, output: ints, error: Boom(),
            [
                MarbleCase("-a-b-c-|", "-a-c-f-|", ["^------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-b-#", "-a-c-#", ["^----!"]),
                MarbleCase("-a-b-c-|", "-a-c", ["^---!"], disposeAt: 4),
            ])
        let source = try scheduler.createColdSignal("-a-b-|", values: ints)
        let scanned = source.scan(10, +)
        let first = scheduler.record(scanned)
        let second = scheduler.record(scanned)
        expectReleased(first, "the first scan subscription")
        expectReleased(second, "the second scan subscription")
        scheduler.run()
        let expected = try recordedEvents("-k-m-|", values: ["k": 11, "m": 13], error: Never?.none)
        #expect(first.events == expected)
        #expect(second.events == expected)
        try scheduler.expect(source, toHaveSubscriptions: ["^----!", "^----!"])
    }

    @Test("scan(_:withIndex:) passes each value's index, from 0")
    func scanWithIndex() throws {
        try expectMarbles(
            { $0.scan("", withIndex: { running, _, index in running + "\(index)" }) },
            input: letters, output: ["x": "0", "y": "01", "z": "012"], error: Boom(),
            passThroughCases("-x-y-z-|", "-x-#", "-x-y"))
    }

    @Test("aggregate sends only the final accumulation, at completion; initial for an empty source")
    func aggregate() throws {
        try expectMarbles(
            { $0.aggregate(0, +) }, input: ints, output: ["z": 0, "f": 6], error: Boom(),
            [
                MarbleCase("-a-b-c-|", "-------(f|)", ["^------!"]),
                MarbleCase("--|", "--(z|)", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("-a-b-c-|", "----", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("aggregate(_:withIndex:) passes each value's index")
    func aggregateWithIndex() throws {
        try expectMarbles(
            { $0.aggregate(0, withIndex: { running, _, index in running + index }) },
            input: letters, output: ["z": 0, "x": 3], error: Boom(),
            [
                MarbleCase("-a-b-c-|", "-------(x|)", ["^------!"]),
                MarbleCase("--|", "--(z|)", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
            ])
    }

    @Test("aggregate(startFactory:) makes a fresh start value for each subscription")
    func aggregateStartFactory() throws {
        let made = OpCounter()
        try expectMarbles(
            {
                $0.aggregate(
                    startFactory: {
                        made.increment()
                        return [String]()
                    }, { $0 + [$1] })
            },
            input: letters, output: ["X": ["a", "b", "c"], "E": []], error: Boom(),
            [
                MarbleCase("-a-b-c-|", "-------(X|)", ["^------!"]),
                MarbleCase("--|", "--(E|)", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
            ])
        #expect(made.value == 3)
    }

    @Test("collect sends every value as one array at completion")
    func collect() throws {
        try expectMarbles(
            { $0.collect() }, input: letters, output: ["X": ["a", "b", "c"], "E": []], error: Boom(),
            [
                MarbleCase("-a-b-c-|", "-------(X|)", ["^------!"]),
                MarbleCase("--|", "--(E|)", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("-a-b-c-|", "----", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("materialize sends every event as a value and never fails")
    func materialize() throws {
        let events: [String: Event<String, Boom>] = [
            "A": .next("a"), "B": .next("b"), "C": .next("c"), "K": .completed, "E": .error(Boom()),
        ]
        try expectMarbles(
            { $0.materialize() }, input: letters, output: events, error: Never?.none,
            [
                MarbleCase("-a-b-c-|", "-A-B-C-(K|)", ["^------!"]),
                MarbleCase("--|", "--(K|)", ["^-!"]),
                MarbleCase("-a-#", "-A-(E|)", ["^--!"]),
                MarbleCase("-a-b-c-|", "-A-B", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("dematerialize undoes materialize, and an error value disposes the source at once")
    func dematerialize() throws {
        try expectMarbles(
            { $0.materialize().dematerialize() }, passThroughCases("-a-b-c-|", "-a-#", "-a-b"))
        let events: [String: Event<String, Boom>] = ["a": .next("a"), "E": .error(Boom()), "K": .completed]
        let source = try scheduler.createColdSignal("-a-E-a-K-|", values: events)
        let result: Signal<String, Boom> = source.dematerialize()
        try scheduler.expect(result, toEmit: "-a-#", error: Boom())
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
    }

    @Test("combinePrevious pairs each value with the previous source value")
    func combinePrevious() throws {
        try expectMarbles(
            { $0.combinePrevious(0, +) }, input: ints, output: ints, error: Boom(),
            [
                MarbleCase("-a-b-c-|", "-a-c-e-|", ["^------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "-a-#", ["^--!"]),
                MarbleCase("-a-b-c-|", "-a-c", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("tryMap sends the thrown error and disposes the source at once")
    func tryMap() throws {
        try expectMarbles({ $0.tryMap { $0.uppercased() } }, passThroughCases("-A-B-C-|", "-A-#", "-A-B"))
        let source = try scheduler.createColdSignal("-a-b-c-|", error: Boom())
        let mapped = source.tryMap { (value: String) throws(Boom) -> String in
            if value == "b" { throw Boom(2) }
            return value.uppercased()
        }
        try scheduler.expect(mapped, toEmit: "-A-#", error: Boom(2))
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
    }

    @Test("attempt passes the values that pass the check and fails with the first thrown error")
    func attempt() throws {
        try expectMarbles({ $0.attempt { _ in } }, passThroughCases("-a-b-c-|", "-a-#", "-a-b"))
        let source = try scheduler.createColdSignal("-a-b-c-|", error: Boom())
        let checked = source.attempt { (value: String) throws(Boom) in
            if value == "b" { throw Boom(2) }
        }
        try scheduler.expect(checked, toEmit: "-a-#", error: Boom(2))
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
    }

    @Test("mapError replaces the error and nothing else")
    func mapError() throws {
        try expectMarbles(
            { $0.mapError { Boom($0.code + 10) } }, input: letters, output: letters, error: Boom(11),
            passThroughCases("-a-b-c-|", "-a-#", "-a-b"))
    }

    @Test("promoteError only changes the failure type")
    func promoteError() throws {
        let source = try scheduler.createColdSignal("-a-b-|")
        let promoted: Signal<String, Boom> = source.promoteError()
        try scheduler.expect(promoted, toEmit: "-a-b-|", error: Boom())
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
        let disposed = try scheduler.createColdSignal("-a-b-|")
        try scheduler.expect(disposed.promoteError(Boom.self), toEmit: "------a", disposeAt: 7)
        try scheduler.expect(disposed, toHaveSubscriptions: ["-----^-!"])
    }

    @Test("not, and, or on booleans, arrays and tuples of every arity")
    func booleans() throws {
        try expectMarbles(
            { $0.not() }, input: bools, output: bools, error: Boom(),
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
            { $0.and() }, input: arrays, output: ["x": true, "y": false, "z": false], error: Boom(),
            arrayCases)
        try expectMarbles(
            { $0.or() }, input: arrays, output: ["x": true, "y": true, "z": false], error: Boom(), arrayCases)

        // Tuples of 2 to 6: `t` makes every element true, `f` makes the last one false.
        let andOut: [String: Bool] = ["t": true, "f": false]
        let cases = [MarbleCase("-t-f-|", "-t-f-|", ["^----!"]), MarbleCase("-t-#", "-t-#", ["^--!"])]
        try expectMarbles({ $0.map { (true, $0) }.and() }, input: bools, output: andOut, error: Boom(), cases)
        try expectMarbles(
            { $0.map { (true, true, $0) }.and() }, input: bools, output: andOut, error: Boom(), cases)
        try expectMarbles(
            { $0.map { (true, true, true, $0) }.and() }, input: bools, output: andOut, error: Boom(), cases)
        try expectMarbles(
            { $0.map { (true, true, true, true, $0) }.and() }, input: bools, output: andOut, error: Boom(),
            cases)
        try expectMarbles(
            { $0.map { (true, true, true, true, true, $0) }.and() }, input: bools, output: andOut,
            error: Boom(),
            cases)
        try expectMarbles({ $0.map { (false, $0) }.or() }, input: bools, output: andOut, error: Boom(), cases)
        try expectMarbles(
            { $0.map { (false, false, $0) }.or() }, input: bools, output: andOut, error: Boom(), cases)
        try expectMarbles(
            { $0.map { (false, false, false, $0) }.or() }, input: bools, output: andOut, error: Boom(), cases)
        try expectMarbles(
            { $0.map { (false, false, false, false, $0) }.or() }, input: bools, output: andOut, error: Boom(),
            cases)
        try expectMarbles(
            { $0.map { (false, false, false, false, false, $0) }.or() }, input: bools, output: andOut,
            error: Boom(), cases)
    }

    @Test("reduceApply calls the tuple's function with the tuple's arguments, 1 to 5 of them")
    func reduceApply() throws {
        let output = ["x": "a!", "y": "b!", "z": "c!"]
        let cases = passThroughCases("-x-y-z-|", "-x-#", "-x-y")
        try expectMarbles(
            { $0.map { ({ (a: String) in a + "!" }, $0) }.reduceApply() }, input: letters, output: output,
            error: Boom(), cases)
        try expectMarbles(
            { $0.map { ({ (a: String, b: String) in a + b }, $0, "!") }.reduceApply() }, input: letters,
            output: output, error: Boom(), cases)
        try expectMarbles(
            { $0.map { ({ (a: String, b: String, c: String) in a + b + c }, $0, "!", "") }.reduceApply() },
            input: letters, output: output, error: Boom(), cases)
        try expectMarbles(
            {
                $0.map {
                    ({ (a: String, b: String, c: String, d: String) in a + b + c + d }, $0, "!", "", "")
                }
                .reduceApply()
            }, input: letters, output: output, error: Boom(), cases)
        try expectMarbles(
            {
                $0.map {
                    (
                        { (a: String, b: String, c: String, d: String, e: String) in a + b + c + d + e }, $0,
                        "", "!", "", ""
                    )
                }
                .reduceApply()
            }, input: letters, output: output, error: Boom(), cases)
    }
}

@Suite("Transform operators: reentrancy and release", .checksRelease)
struct MarbleTransformReentrancyTests {
    @Test("scan: a value sent into the source from the callback is accumulated nested, in order")
    func scanReentrant() {
        weak var weakSubject: Subject<Int, Never>?
        do {
            let subject = Subject<Int, Never>()
            weakSubject = subject
            let log = EventLog<Int, Never>()
            let subscription = log.record(subject.scan(0, +)) { event in
                if case .next(1) = event { subject.sendNext(2) }
            }
            subject.sendNext(1)
            subject.sendNext(10)
            #expect(log.values == [1, 3, 13])
            // The subscriber captures the subject: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakSubject == nil)
    }

    @Test("tryMap: once it has failed, a value sent into the source from the error callback reaches nothing")
    func tryMapReentrant() {
        let subject = Subject<Int, Boom>()
        let log = EventLog<Int, Boom>()
        let mapped = subject.tryMap { (value: Int) throws(Boom) -> Int in
            if value == 2 { throw Boom(2) }
            return value
        }
        log.record(mapped) { event in
            if case .error = event { subject.sendNext(3) }
        }
        subject.sendNext(1)
        subject.sendNext(2)
        #expect(log.events == [.next(1), .error(Boom(2))])
        #expect(subject.subscriberCount == 0)
    }

    @Test("boolean and reduceApply chains are released after completion")
    func booleanChainsReleased() throws {
        let scheduler = TestScheduler(checksRelease: true)
        weak var weakToken: OpToken?
        weak var weakSource: TestSignal<Bool, Never>?
        do {
            let token = OpToken()
            weakToken = token
            let source = try scheduler.createColdSignal("-t-f-|", values: bools)
            weakSource = source
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
        #expect(weakToken == nil)
        #expect(weakSource == nil)
    }
}
