import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Filter: skip, skip(until:), skip(while:)", .checksRelease)
struct SkipTests {
    @Test("skip drops the first n values of each subscription")
    func skip() {
        #expect(eventsOf(numbers([1, 2, 3, 4]).skip(2)) == [.next(3), .next(4), .completed])
        #expect(eventsOf(numbers([1, 2]).skip(0)) == [.next(1), .next(2), .completed])
        #expect(eventsOf(numbers([1, 2]).skip(5)) == [.completed])
        #expect(eventsOf(failing(after: [1, 2]).skip(1)) == [.next(2), .error(TestError(1))])
        weak var weakFirst: EventLog<Int, TestError>?
        weak var weakSecond: EventLog<Int, TestError>?
        do {
            let probe = ProbeSource<Int, TestError>()
            let skipped = probe.signal.skip(1)
            let first = EventLog.of(skipped)
            probe.sendNext(1)
            let second = EventLog.of(skipped)
            probe.sendNext(2)
            probe.sendNext(3)
            #expect(first.values == [2, 3])
            #expect(second.values == [3])
            probe.sendCompleted()
            (weakFirst, weakSecond) = (first, second)
        }
        #expect(weakFirst == nil)
        #expect(weakSecond == nil)
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.skip(1) })
    }

    @Test("skip(until:) passes the first value that satisfies the predicate and everything after")
    func skipUntil() {
        let calls = Log<String>()
        let skipped = numbers([1, 3, 1, 5]).skip(until: { value in
            calls.append("\(value)")
            return value == 3
        })
        #expect(eventsOf(skipped) == [.next(3), .next(1), .next(5), .completed])
        #expect(calls.all == ["1", "3"])
        #expect(eventsOf(numbers([1, 2]).skip(until: { _ in false })) == [.completed])
        #expect(
            eventsOf(failing(after: [1, 2]).skip(until: { $0 == 2 })) == [.next(2), .error(TestError(1))])
        #expect(
            disposalReachesSource { (source: Signal<Int, TestError>) in source.skip(until: { _ in true }) })
    }

    @Test("skip(while:) passes from the first value that fails the predicate")
    func skipWhile() {
        #expect(eventsOf(numbers([1, 2, 3, 1]).skip(while: { $0 < 3 })) == [.next(3), .next(1), .completed])
        #expect(eventsOf(numbers([]).skip(while: { _ in true })) == [.completed])
        #expect(eventsOf(failing(after: [1]).skip(while: { _ in true })) == [.error(TestError(1))])
        #expect(
            disposalReachesSource { (source: Signal<Int, TestError>) in source.skip(while: { _ in true }) })
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("skip drops the first n values")
    func skips() throws {
        try expectMarbles(
            { $0.skip(2) },
            [
                MarbleCase("-a-b-c-d-|", "-----c-d-|", ["^--------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-b-#", "-----#", ["^----!"]),
                MarbleCase("-a-b-c-d-|", "-----c", ["^-----!"], disposeAt: 6),
            ])
        try expectMarbles({ $0.skip(0) }, [MarbleCase("-a-b-|", "-a-b-|", ["^----!"])])
    }

    @Test("skip(until:) drops values until one passes; that one and the rest are sent")
    func skipUntils() throws {
        try expectMarbles(
            { $0.skip(until: { $0 == "b" }) },
            [
                MarbleCase("-a-b-a-|", "---b-a-|", ["^------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("-a-b-a-|", "---b", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("skip(while:) drops values while they pass; the first that fails and the rest are sent")
    func skipWhiles() throws {
        try expectMarbles(
            { $0.skip(while: { $0 == "a" }) },
            [
                MarbleCase("-a-b-a-|", "---b-a-|", ["^------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("-a-b-a-|", "---b", ["^---!"], disposeAt: 4),
            ])
    }
}
