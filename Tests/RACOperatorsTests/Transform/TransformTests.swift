import Foundation
import RACOperators
import RACTestSupport
import Testing

@Suite("Transform operators: release, concurrent senders, debug names", .checksRelease)
struct TransformTests {
    @Test("after completion, a transform chain releases its closures and captured objects")
    func releasedAfterCompletion() {
        let events = expectCapturesReleased(ending: .completion, sending: [1]) { subject, captured in
            subject
                .map { [captured] value in withExtendedLifetime(captured) { value * 2 } }
                .scan(0) { [captured] running, value in withExtendedLifetime(captured) { running + value } }
                .tryMap { [captured] value in withExtendedLifetime(captured) { value } }
                .combinePrevious(0) { [captured] _, value in withExtendedLifetime(captured) { value } }
                .collect()
        }
        #expect(events == [.next([2]), .completed])
    }

    @Test("after disposal, a transform chain releases its closures and captured objects")
    func releasedAfterDisposal() {
        expectCapturesReleased(ending: .disposal) { subject, captured in
            subject
                .map { [captured] value in withExtendedLifetime(captured) { value } }
                .aggregate(startFactory: { [captured] in withExtendedLifetime(captured) { 0 } }, +)
                .materialize()
        }
    }

    @Test("per-subscription state stays consistent when values arrive from several threads")
    func concurrentSenders() {
        let subject = Subject<Int, TestError>()
        let sums = EventLog<Int, TestError>()
        let counted = EventLog<[Int], TestError>()
        let firstHundred = EventLog<Int, TestError>()
        sums.record(subject.map { $0 * 2 }.filter { $0 > 0 }.scan(0, +).takeLast(1))
        counted.record(subject.combinePrevious(0) { _, value in value }.collect())
        firstHundred.record(subject.skip(10).take(100))
        onThreads(4) { _ in
            for value in 1...500 { subject.sendNext(value) }
        }
        subject.sendCompleted()
        #expect(sums.events == [.next(4 * 2 * (500 * 501 / 2)), .completed])
        #expect(counted.values.first?.count == 2000)
        #expect(firstHundred.values.count == 100)
        #expect(firstHundred.events.last == .completed)
    }

    @Test("with RAC_DEBUG_SIGNAL_NAMES set, operators name their results as RAC does")
    func debugNames() async {
        await #expect(processExitsWith: .success) {
            setenv("RAC_DEBUG_SIGNAL_NAMES", "1", 1)
            let source = Signal<Int, Never>(values: [1]).named("src")
            let names = [
                source.map { $0 }.name,
                source.filter { _ in true }.name,
                source.take(2).name,
                source.scan(0, +).name,
                source.aggregate(0, +).name,
                source.aggregate(0, withIndex: { running, _, _ in running }).name,
                source.takeLast(2).name,
                source.doNext { _ in }.name,
                source.logAll(to: { _ in }).name,
            ]
            let expected = [
                "[src] -map:", "[src] -filter:", "[src] -take: 2", "[src] -scanWithStart: 0 reduce:",
                "[src] -aggregateWithStart: 0 reduce:", "[src] -aggregateWithStart: 0 reduceWithIndex:",
                "[src] -takeLast: 2", "[src] -doNext:", "src",
            ]
            exit(names == expected ? 0 : 1)
        }
    }
}
