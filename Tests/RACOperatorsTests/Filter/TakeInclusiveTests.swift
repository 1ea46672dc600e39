import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Filter: take(while:inclusive:), take(until:inclusive:)", .checksRelease)
struct TakeInclusiveTests {
    @Test("take(while:inclusive: true) also sends the first value that fails, then completes")
    func whileInclusive() throws {
        try expectMarbles(
            { $0.take(while: { $0 < "c" }, inclusive: true) },
            [
                MarbleCase("-a-b-c-a-|", "-a-b-(c|)", ["^----!"]),
                MarbleCase("-a-b-|", "-a-b-|", ["^----!"]),
                MarbleCase("-a-#", "-a-#", ["^--!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-d-a-|", "-(d|)", ["^!"]),
                MarbleCase("-a-b-c-|", "-a-", ["^--!"], disposeAt: 3),
            ])
    }

    @Test("take(until:inclusive: true) also sends the value that passes, then completes")
    func untilInclusive() throws {
        try expectMarbles(
            { $0.take(until: { $0 == "c" }, inclusive: true) },
            [
                MarbleCase("-a-b-c-d-|", "-a-b-(c|)", ["^----!"]),
                MarbleCase("-a-b-|", "-a-b-|", ["^----!"]),
                MarbleCase("-a-#", "-a-#", ["^--!"]),
                MarbleCase("|", "|", ["(^!)"]),
                MarbleCase("-a-b-c-|", "-a-", ["^--!"], disposeAt: 3),
            ])
    }

    @Test("inclusive: false is the plain take(while:) and take(until:)")
    func exclusive() {
        #expect(
            eventsOf(numbers([1, 2, 3, 1]).take(while: { $0 < 3 }, inclusive: false))
                == [.next(1), .next(2), .completed])
        #expect(
            eventsOf(numbers([1, 2, 3, 4]).take(until: { $0 == 3 }, inclusive: false))
                == [.next(1), .next(2), .completed])
    }

    @Test("the source is disposed before the completion; a value sent back into it is dropped")
    func disposalAndReentrancy() {
        let probe = ProbeSource<Int, TestError>()
        let log = EventLog<Int, TestError>()
        var subscribedAtCompletion: Bool?
        log.record(probe.signal.take(while: { $0 < 3 }, inclusive: true)) { event in
            if event == .next(3) { probe.sendNext(0) }
            if event == .completed { subscribedAtCompletion = probe.isSubscribed }
        }
        for value in [1, 3, 4] { probe.sendNext(value) }
        #expect(log.events == [.next(1), .next(3), .completed])
        #expect(subscribedAtCompletion == false)
        #expect(
            disposalReachesSource { (source: Signal<Int, TestError>) in
                source.take(until: { _ in false }, inclusive: true)
            })
    }
}
