import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Transform: scan, aggregate, collect, combinePrevious", .checksRelease)
struct ScanTests {
    @Test("scan sends each running accumulation, not the start; restarts per subscription")
    func scan() {
        let scanned = numbers([1, 2, 3]).scan(0, +)
        #expect(eventsOf(scanned) == [.next(1), .next(3), .next(6), .completed])
        #expect(eventsOf(scanned) == [.next(1), .next(3), .next(6), .completed])
        #expect(eventsOf(numbers([]).scan(0, +)) == [.completed])
    }

    @Test("scan(withIndex:) passes indices from 0 for each subscription")
    func scanWithIndex() {
        let scanned = Signal<String, TestError>(values: ["a", "b", "c"]).scan("") { $0 + $1 + "\($2)" }
        let expected: [Event<String, TestError>] = [.next("a0"), .next("a0b1"), .next("a0b1c2"), .completed]
        #expect(eventsOf(scanned) == expected)
        #expect(eventsOf(scanned) == expected)
        #expect(
            disposalReachesSource { (source: Signal<Int, TestError>) in
                source.scan(0, withIndex: { $0 + $2 })
            })
    }

    @Test("scan forwards an error mid-stream and disposal")
    func scanErrorAndDisposal() {
        let probe = ProbeSource<Int, TestError>()
        let log = EventLog.of(probe.signal.scan(10, +))
        probe.sendNext(1)
        probe.sendError(TestError(1))
        #expect(log.events == [.next(11), .error(TestError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.scan(0, +) })
    }

    @Test("scan updates its state before forwarding, so reentrant values accumulate in order")
    func scanReentrancy() {
        weak var weakSubject: Subject<Int, TestError>?
        do {
            let subject = Subject<Int, TestError>()
            weakSubject = subject
            let log = EventLog<Int, TestError>()
            let subscription = log.record(subject.scan(0, +)) { event in
                if event == .next(1) { subject.sendNext(10) }
            }
            subject.sendNext(1)
            subject.sendNext(100)
            #expect(log.events == [.next(1), .next(11), .next(111)])
            // The subscriber captures the subject: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakSubject == nil)
    }

    @Test("aggregate sends only the final accumulation on completion; the start if empty")
    func aggregate() {
        #expect(eventsOf(numbers([1, 2, 3]).aggregate(0, +)) == [.next(6), .completed])
        #expect(eventsOf(numbers([]).aggregate(42, +)) == [.next(42), .completed])
        #expect(eventsOf(numbers([5, 6]).aggregate(0, withIndex: { $0 + $2 })) == [.next(1), .completed])

        let probe = ProbeSource<Int, TestError>()
        let log = EventLog.of(probe.signal.aggregate(0, +))
        probe.sendNext(1)
        probe.sendNext(2)
        #expect(log.events.isEmpty)
        probe.sendError(TestError(3))
        #expect(log.events == [.error(TestError(3))])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.aggregate(0, +) })
    }

    @Test("aggregate(startFactory:) calls the factory once per subscription, at subscription")
    func aggregateStartFactory() {
        final class Bag {
            var items: [Int] = []
        }
        let calls = Log<String>()
        let probe = ProbeSource<Int, TestError>()
        let aggregated = probe.signal.aggregate(startFactory: { () -> Bag in
            calls.append("factory")
            return Bag()
        }) { bag, value in
            bag.items.append(value)
            return bag
        }
        .map(\.items)
        #expect(calls.all.isEmpty)
        let first = EventLog.of(aggregated)
        #expect(calls.all == ["factory"])
        probe.sendNext(1)
        let second = EventLog.of(aggregated)
        probe.sendNext(2)
        probe.sendCompleted()
        #expect(calls.all == ["factory", "factory"])
        #expect(first.events == [.next([1, 2]), .completed])
        #expect(second.events == [.next([2]), .completed])
        #expect(eventsOf(numbers([]).aggregate(startFactory: { 7 }, +)) == [.next(7), .completed])
        #expect(
            eventsOf(Signal<Int, TestError>(error: TestError(1)).aggregate(startFactory: { 0 }, +)) == [
                .error(TestError(1))
            ])
        #expect(
            disposalReachesSource { (source: Signal<Int, TestError>) in
                source.aggregate(startFactory: { 0 }, +)
            })
    }

    @Test("collect sends one array on completion, [] when empty; an error sends nothing else")
    func collect() {
        #expect(eventsOf(numbers([1, 2, 3]).collect()) == [.next([1, 2, 3]), .completed])
        #expect(eventsOf(numbers([]).collect()) == [.next([]), .completed])
        let probe = ProbeSource<Int, TestError>()
        let log = EventLog.of(probe.signal.collect())
        probe.sendNext(1)
        #expect(log.events.isEmpty)
        probe.sendError(TestError(1))
        #expect(log.events == [.error(TestError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.collect() })
        let collected = numbers([4, 5]).collect()
        #expect(eventsOf(collected) == eventsOf(collected))
    }

    @Test("combinePrevious combines each value with the previous source value, starting from start")
    func combinePrevious() {
        #expect(
            eventsOf(numbers([1, 2, 3]).combinePrevious(0, +)) == [.next(1), .next(3), .next(5), .completed])
        let pairs = numbers([1, 2]).combinePrevious(0) { "\($0)->\($1)" }
        #expect(eventsOf(pairs) == [.next("0->1"), .next("1->2"), .completed])
        #expect(eventsOf(pairs) == [.next("0->1"), .next("1->2"), .completed])
        #expect(eventsOf(numbers([]).combinePrevious(0, +)) == [.completed])
        let probe = ProbeSource<Int, TestError>()
        let log = EventLog.of(probe.signal.combinePrevious(0, +))
        probe.sendNext(4)
        probe.sendError(TestError(2))
        #expect(log.events == [.next(4), .error(TestError(2))])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.combinePrevious(0, +) })
    }

    @Test("combinePrevious records the previous value before forwarding (reentrancy)")
    func combinePreviousReentrancy() {
        weak var weakSubject: Subject<Int, TestError>?
        do {
            let subject = Subject<Int, TestError>()
            weakSubject = subject
            let log = EventLog<String, TestError>()
            let subscription = log.record(subject.combinePrevious(0) { "\($0)-\($1)" }) { event in
                if event == .next("0-1") { subject.sendNext(2) }
            }
            subject.sendNext(1)
            subject.sendNext(3)
            #expect(log.values == ["0-1", "1-2", "2-3"])
            // The subscriber captures the subject: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakSubject == nil)
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("scan sends every running accumulation, restarting for each subscription")
    func scans() throws {
        try expectMarbles(
            { $0.scan(0, +) }, input: ints, output: ints, error: TestError(1),
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
    func scanWithIndexs() throws {
        try expectMarbles(
            { $0.scan("", withIndex: { running, _, index in running + "\(index)" }) },
            input: letters, output: ["x": "0", "y": "01", "z": "012"], error: TestError(1),
            passThroughCases("-x-y-z-|", "-x-#", "-x-y"))
    }

    @Test("aggregate sends only the final accumulation, at completion; initial for an empty source")
    func aggregates() throws {
        try expectMarbles(
            { $0.aggregate(0, +) }, input: ints, output: ["z": 0, "f": 6], error: TestError(1),
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
            input: letters, output: ["z": 0, "x": 3], error: TestError(1),
            [
                MarbleCase("-a-b-c-|", "-------(x|)", ["^------!"]),
                MarbleCase("--|", "--(z|)", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
            ])
    }

    @Test("aggregate(startFactory:) makes a fresh start value for each subscription")
    func aggregateStartFactorys() throws {
        let made = OpCounter()
        try expectMarbles(
            {
                $0.aggregate(
                    startFactory: {
                        made.increment()
                        return [String]()
                    }, { $0 + [$1] })
            },
            input: letters, output: ["X": ["a", "b", "c"], "E": []], error: TestError(1),
            [
                MarbleCase("-a-b-c-|", "-------(X|)", ["^------!"]),
                MarbleCase("--|", "--(E|)", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
            ])
        #expect(made.value == 3)
    }

    @Test("collect sends every value as one array at completion")
    func collects() throws {
        try expectMarbles(
            { $0.collect() }, input: letters, output: ["X": ["a", "b", "c"], "E": []], error: TestError(1),
            [
                MarbleCase("-a-b-c-|", "-------(X|)", ["^------!"]),
                MarbleCase("--|", "--(E|)", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("-a-b-c-|", "----", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("combinePrevious pairs each value with the previous source value")
    func combinePreviouss() throws {
        try expectMarbles(
            { $0.combinePrevious(0, +) }, input: ints, output: ints, error: TestError(1),
            [
                MarbleCase("-a-b-c-|", "-a-c-e-|", ["^------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "-a-#", ["^--!"]),
                MarbleCase("-a-b-c-|", "-a-c", ["^---!"], disposeAt: 4),
            ])
    }

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
}
