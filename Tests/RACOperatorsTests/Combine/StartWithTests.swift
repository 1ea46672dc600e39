import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntSignal = Signal<Int, TestError>

@Suite("Combine: startWith", .checksRelease)
struct StartWithTests {
    @Test("sends the value first, then the source")
    func ordinary() {
        #expect(
            EventLog.of(IntSignal(values: [1, 2]).startWith(0)).events == [
                .next(0), .next(1), .next(2), .completed,
            ])
        #expect(EventLog.of(IntSignal.empty.startWith(0)).events == [.next(0), .completed])
    }

    @Test("an error from the source is forwarded after the start value")
    func error() {
        let source = ProbeSource<Int, TestError>()
        let log = EventLog.of(source.signal.startWith(0))
        source.sendNext(1)
        source.sendError(TestError(1))
        #expect(log.events == [.next(0), .next(1), .error(TestError(1))])
        #expect(source.disposals == 1)
    }

    @Test("disposal disposes the source; a downstream that stops on the start value never subscribes")
    func disposal() {
        let source = ProbeSource<Int, TestError>()
        let subscription = EventLog<Int, TestError>().record(source.signal.startWith(0))
        #expect(source.subscriptions == 1)
        subscription.dispose()
        #expect(source.disposals == 1)

        let other = ProbeSource<Int, TestError>()
        let log = EventLog.of(other.signal.startWith(0).take(1))
        #expect(log.events == [.next(0), .completed])
        #expect(other.subscriptions == 0)
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("startWith sends its value at subscription, then the source")
    func startWith() throws {
        try expectMarbles(
            { $0.startWith("z") },
            [
                MarbleCase("-a-b-|", "za-b-|", ["^----!"]),
                MarbleCase("--|", "z-|", ["^-!"]),
                MarbleCase("-#", "z#", ["^!"]),
                MarbleCase("-a-b-|", "za", ["^-!"], disposeAt: 2),
            ])
    }
}
