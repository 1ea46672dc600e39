import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Filter: any, all", .checksRelease)
struct AnyAllTests {
    @Test("any() sends true at the first value and completes, false if the source ends empty")
    func any() {
        #expect(eventsOf(numbers([1, 2]).any()) == [.next(true), .completed])
        #expect(eventsOf(numbers([]).any()) == [.next(false), .completed])
        #expect(eventsOf(Signal<Int, TestError>(error: TestError(1)).any()) == [.next(false), .completed])
        #expect(eventsOf(endlessCounter().any()) == [.next(true), .completed])
    }

    @Test("any(_:) looks for a passing value; an error counts as the end (false), as in RAC")
    func anyPredicate() {
        let probe = ProbeSource<Int, TestError>()
        let log = EventLog<Bool, Never>()
        var subscribedAtCompletion: Bool?
        log.record(probe.signal.any { $0 > 1 }) { event in
            if event == .completed { subscribedAtCompletion = probe.isSubscribed }
            if event == .next(true) { probe.sendNext(5) }
        }
        probe.sendNext(1)
        #expect(log.events.isEmpty)
        probe.sendNext(2)
        #expect(log.events == [.next(true), .completed])
        #expect(subscribedAtCompletion == false)
        #expect(eventsOf(numbers([1, 1]).any { $0 > 1 }) == [.next(false), .completed])
        #expect(eventsOf(failing(after: [1]).any { $0 > 1 }) == [.next(false), .completed])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.any { _ in false } })
    }

    @Test("all(_:) sends false at the first failing value or an error; true on completion")
    func all() {
        #expect(eventsOf(numbers([1, 2, 3]).all { $0 < 4 }) == [.next(true), .completed])
        #expect(eventsOf(numbers([]).all { _ in false }) == [.next(true), .completed])
        #expect(eventsOf(failing(after: [1]).all { $0 < 4 }) == [.next(false), .completed])
        let probe = ProbeSource<Int, TestError>()
        let log = EventLog.of(probe.signal.all { $0 < 4 })
        probe.sendNext(1)
        probe.sendNext(5)
        #expect(log.events == [.next(false), .completed])
        #expect(!probe.isSubscribed && probe.disposals == 1)
        #expect(eventsOf(endlessCounter().all { $0 < 3 }) == [.next(false), .completed])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.all { _ in true } })
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("any(_:) answers true at the first passing value, false when the source ends first")
    func anyPredicates() throws {
        try expectMarbles(
            { $0.any { $0 == "b" } }, input: letters, output: bools, error: Never?.none,
            [
                MarbleCase("-a-b-c-|", "---(t|)", ["^--!"]),
                MarbleCase("-a-c-|", "-----(f|)", ["^----!"]),
                MarbleCase("--|", "--(f|)", ["^-!"]),
                MarbleCase("-a-#", "---(f|)", ["^--!"]),
                MarbleCase("-a-b-|", "-", ["^!"], disposeAt: 1),
            ])
        try expectMarbles(
            { $0.any() }, input: letters, output: bools, error: Never?.none,
            [
                MarbleCase("-a-b-|", "-(t|)", ["^!"]),
                MarbleCase("--|", "--(f|)", ["^-!"]),
                MarbleCase("-#", "-(f|)", ["^!"]),
            ])
    }

    @Test("all(_:) answers false at the first failing value or an error, true at completion")
    func alls() throws {
        try expectMarbles(
            { $0.all { $0 != "c" } }, input: letters, output: bools, error: Never?.none,
            [
                MarbleCase("-a-b-|", "-----(t|)", ["^----!"]),
                MarbleCase("-a-c-b-|", "---(f|)", ["^--!"]),
                MarbleCase("--|", "--(t|)", ["^-!"]),
                MarbleCase("-a-#", "---(f|)", ["^--!"]),
                MarbleCase("-a-b-|", "--", ["^-!"], disposeAt: 2),
            ])
    }
}
