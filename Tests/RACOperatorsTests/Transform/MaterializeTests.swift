import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntEvent = Event<Int, TestError>

@Suite("Transform: materialize, dematerialize", .checksRelease)
struct MaterializeTests {
    @Test("materialize sends each event as a value, then completes")
    func materialize() {
        #expect(
            eventsOf(numbers([1, 2]).materialize()) == [
                .next(.next(1)), .next(.next(2)), .next(.completed), .completed,
            ])
        #expect(eventsOf(numbers([]).materialize()) == [.next(.completed), .completed])
        let probe = ProbeSource<Int, TestError>()
        let log = EventLog.of(probe.signal.materialize())
        probe.sendNext(1)
        probe.sendError(TestError(8))
        #expect(log.events == [.next(.next(1)), .next(.error(TestError(8))), .completed])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.materialize() })
    }

    @Test("dematerialize turns event values back into events; round trip is the identity")
    func dematerialize() {
        let events: [IntEvent] = [.next(1), .next(2), .error(TestError(1)), .next(3)]
        let signal = Signal<IntEvent, Never>(values: events)
        #expect(eventsOf(signal.dematerialize()) == [.next(1), .next(2), .error(TestError(1))])
        let completing = Signal<IntEvent, Never>(values: [.next(1), .completed, .next(2)])
        #expect(eventsOf(completing.dematerialize()) == [.next(1), .completed])
        #expect(
            eventsOf(Signal<IntEvent, Never>(values: [.next(5)]).dematerialize()) == [.next(5), .completed])
        #expect(eventsOf(Signal<IntEvent, Never>.empty.dematerialize()) == [.completed])
        #expect(eventsOf(numbers([1, 2]).materialize().dematerialize()) == [.next(1), .next(2), .completed])
        let failing = Signal<Int, TestError>(error: TestError(3))
        #expect(eventsOf(failing.materialize().dematerialize()) == [.error(TestError(3))])
    }

    @Test("dematerialize disposes the source at an inner terminal event, and on disposal")
    func dematerializeDisposal() {
        let probe = ProbeSource<IntEvent, Never>()
        let log = EventLog<Int, TestError>()
        var subscribedAtCompletion: Bool?
        log.record(probe.signal.dematerialize()) { event in
            if event == .completed { subscribedAtCompletion = probe.isSubscribed }
        }
        probe.sendNext(.next(1))
        probe.sendNext(.completed)
        #expect(log.events == [.next(1), .completed])
        #expect(subscribedAtCompletion == false)
        #expect(probe.disposals == 1)
        #expect(
            disposalReachesSource { (source: Signal<IntEvent, Never>) -> Signal<Int, TestError> in
                source.dematerialize()
            })
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("materialize sends every event as a value and never fails")
    func materializes() throws {
        let events: [String: Event<String, TestError>] = [
            "A": .next("a"), "B": .next("b"), "C": .next("c"), "K": .completed, "E": .error(TestError(1)),
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
    func dematerializes() throws {
        try expectMarbles(
            { $0.materialize().dematerialize() }, passThroughCases("-a-b-c-|", "-a-#", "-a-b"))
        let events: [String: Event<String, TestError>] = [
            "a": .next("a"), "E": .error(TestError(1)), "K": .completed,
        ]
        let source = try scheduler.createColdSignal("-a-E-a-K-|", values: events)
        let result: Signal<String, TestError> = source.dematerialize()
        try scheduler.expect(result, toEmit: "-a-#", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
    }
}
