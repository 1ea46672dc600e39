import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Synchronization
import Testing

@Suite("Filter: filter, ignore, distinctUntilChanged, alternating map and filter chains", .checksRelease)
struct FilterTests {
    @Test("filter sends only the values that pass")
    func filter() {
        #expect(eventsOf(numbers([1, 2, 3, 4]).filter { $0 % 2 == 0 }) == [.next(2), .next(4), .completed])
        #expect(eventsOf(numbers([]).filter { _ in true }) == [.completed])
        #expect(eventsOf(failing(after: [1, 2]).filter { $0 > 1 }) == [.next(2), .error(TestError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.filter { _ in true } })
    }

    @Test("filter: a value sent into the source from the subscriber is filtered and delivered nested")
    func filterReentrancy() {
        weak var weakSubject: Subject<Int, TestError>?
        do {
            let subject = Subject<Int, TestError>()
            weakSubject = subject
            let log = EventLog<Int, TestError>()
            let subscription = log.record(subject.filter { $0 > 0 }) { event in
                if event == .next(1) {
                    subject.sendNext(-1)
                    subject.sendNext(2)
                }
            }
            subject.sendNext(1)
            subject.sendNext(3)
            #expect(log.values == [1, 2, 3])
            // The subscriber captures the subject: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakSubject == nil)
    }

    @Test("ignore drops values equal to the given one")
    func ignore() {
        #expect(eventsOf(numbers([1, 2, 1, 3]).ignore(1)) == [.next(2), .next(3), .completed])
        #expect(eventsOf(numbers([]).ignore(1)) == [.completed])
        #expect(eventsOf(failing(after: [1, 2]).ignore(2)) == [.next(1), .error(TestError(1))])
        let optionals = Signal<Int?, TestError>(values: [nil, 1, nil])
        #expect(eventsOf(optionals.ignore(nil)) == [.next(1), .completed])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.ignore(0) })
    }

    @Test("ignoreValues passes only the terminal event")
    func ignoreValues() {
        #expect(eventsOf(numbers([1, 2, 3]).ignoreValues()) == [.completed])
        #expect(eventsOf(failing(after: [1]).ignoreValues()) == [.error(TestError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.ignoreValues() })
    }

    @Test("distinctUntilChanged drops values equal to the previous one; nil after nil too")
    func distinctUntilChanged() {
        #expect(
            eventsOf(numbers([1, 1, 2, 2, 1]).distinctUntilChanged()) == [
                .next(1), .next(2), .next(1), .completed,
            ])
        let optionals = Signal<Int?, TestError>(values: [1, 1, 2, 2, 1, nil, nil, 1])
        #expect(eventsOf(optionals.distinctUntilChanged()).compactMap(\.value) == [1, 2, 1, nil, 1])
        #expect(eventsOf(Signal<Int?, TestError>(values: [nil, nil]).distinctUntilChanged()).count == 2)
        #expect(eventsOf(numbers([]).distinctUntilChanged()) == [.completed])
        #expect(eventsOf(failing(after: [3, 3])).count == 3)
        #expect(
            eventsOf(failing(after: [3, 3]).distinctUntilChanged()) == [.next(3), .error(TestError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.distinctUntilChanged() })
    }

    @Test("distinctUntilChanged keeps its last value per subscription")
    func distinctUntilChangedPerSubscription() {
        weak var weakFirst: EventLog<Int, TestError>?
        weak var weakSecond: EventLog<Int, TestError>?
        do {
            let probe = ProbeSource<Int, TestError>()
            let distinct = probe.signal.distinctUntilChanged()
            let first = EventLog.of(distinct)
            probe.sendNext(1)
            let second = EventLog.of(distinct)
            probe.sendNext(1)
            probe.sendNext(2)
            #expect(first.values == [1, 2])
            #expect(second.values == [1, 2])
            probe.sendCompleted()
            (weakFirst, weakSecond) = (first, second)
        }
        #expect(weakFirst == nil)
        #expect(weakSecond == nil)
    }

    @Test("distinctUntilChanged(by:) compares with the last value sent, not the last dropped")
    func distinctUntilChangedBy() {
        let words = Signal<String, TestError>(values: ["a", "A", "b", "B", "a"])
        let distinct = words.distinctUntilChanged { $0.lowercased() == $1.lowercased() }
        #expect(eventsOf(distinct) == [.next("a"), .next("b"), .next("a"), .completed])
        let compared = Log<String>()
        let tracking = numbers([1, 2, 3]).distinctUntilChanged { previous, next in
            compared.append("\(previous)-\(next)")
            return next - previous == 1
        }
        #expect(eventsOf(tracking) == [.next(1), .next(3), .completed])
        #expect(compared.all == ["1-2", "1-3"])
        #expect(
            disposalReachesSource { (source: Signal<Int, TestError>) in source.distinctUntilChanged(by: ==) }
        )
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("filter sends only the values that pass")
    func filters() throws {
        try expectMarbles(
            { $0.filter { $0 != "b" } },
            [
                MarbleCase("-a-b-c-|", "-a---c-|", ["^------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-b-#", "-a---#", ["^----!"]),
                MarbleCase("-a-b-c-|", "-a--", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("ignoreValues lets only the terminal event through")
    func ignoreValuess() throws {
        try expectMarbles(
            { $0.ignoreValues() },
            [
                MarbleCase("-a-b-c-|", "-------|", ["^------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("-a-b-c-|", "----", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("ignore drops the values equal to the given one")
    func ignores() throws {
        try expectMarbles(
            { $0.ignore("b") },
            [
                MarbleCase("-a-b-c-b-|", "-a---c---|", ["^--------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-b-#", "---#", ["^--!"]),
                MarbleCase("-a-b-c-|", "-a--", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("distinctUntilChanged drops a value equal to the last one sent")
    func distinctUntilChangeds() throws {
        try expectMarbles(
            { $0.distinctUntilChanged() },
            [
                MarbleCase("-a-a-b-b-a-|", "-a---b---a-|", ["^----------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-a-#", "-a---#", ["^----!"]),
                MarbleCase("-a-a-b-|", "-a--", ["^---!"], disposeAt: 4),
            ])
        try expectMarbles(
            { $0.distinctUntilChanged(by: { $0.lowercased() == $1.lowercased() }) },
            [
                MarbleCase("-a-A-b-B-a-|", "-a---b---a-|", ["^----------!"]),
                MarbleCase("-a-A-#", "-a---#", ["^----!"]),
            ])
    }

    @Test("after completion, a filter chain releases its closures, captured objects and trigger")
    func releasedAfterCompletion() {
        let subject = Subject<Int, TestError>()
        let trigger = Subject<Void, Never>()
        weak var weakCaptured: Token?
        let log = EventLog<Int, TestError>()
        do {
            let captured = Token()
            weakCaptured = captured
            let chain =
                subject
                .filter { [captured] value in withExtendedLifetime(captured) { value > 0 } }
                .skip(while: { [captured] value in withExtendedLifetime(captured) { value < 2 } })
                .distinctUntilChanged { [captured] previous, next in
                    withExtendedLifetime(captured) { previous == next }
                }
                .take(until: trigger)
                .take(until: { [captured] value in withExtendedLifetime(captured) { value > 100 } })
                .take(2)
            log.record(chain)
        }
        subject.sendNext(1)
        subject.sendNext(2)
        #expect(weakCaptured != nil)
        #expect(trigger.subscriberCount == 1)
        subject.sendNext(3)
        #expect(log.events == [.next(2), .next(3), .completed])
        #expect(weakCaptured == nil)
        #expect(subject.subscriberCount == 0)
        #expect(trigger.subscriberCount == 0)
    }

    @Test("after disposal, a filter chain releases its closures and captured objects")
    func releasedAfterDisposal() {
        let replacement = Subject<Int, TestError>()
        expectCapturesReleased(ending: .disposal) { subject, captured in
            subject
                .take(untilReplacement: replacement)
                .takeLast(3)
                .any { [captured] value in withExtendedLifetime(captured) { value > 0 } }
        }
        #expect(replacement.subscriberCount == 0)
    }

    /// Longer than the 64 stages between two delivery checkpoints, many times over.
    private let length = 1_000

    @Test("1 000 alternating stages over a subject: exact values and calls, disposal reaches the subject")
    func subjectSource() {
        let subject = Subject<Int, TestError>()
        let calls = OpCounter()
        let input = Array(0..<60)
        let built = alternatingChain(length, over: subject, counting: calls, for: input)
        #expect(built.values.count < input.count)
        #expect(!built.values.isEmpty)
        let log = EventLog<Int, TestError>()
        let subscription = log.record(built.chain)
        for value in input { subject.sendNext(value) }
        #expect(log.values == built.values)
        #expect(calls.value == built.calls)
        subscription.dispose()
        #expect(subject.subscriberCount == 0)
        subject.sendNext(0)
        #expect(log.values == built.values)
        #expect(calls.value == built.calls)
        #expect(!log.isTerminated)
    }

    @Test("1 000 alternating stages over a cold source: exact values, calls and completion, twice")
    func coldSource() {
        let calls = OpCounter()
        let input = Array(0..<60)
        let built = alternatingChain(
            length, over: Signal<Int, TestError>(values: input), counting: calls, for: input)
        let expected: [FusedEvent] = built.values.map { .next($0) } + [.completed]
        #expect(eventsOf(built.chain) == expected)
        #expect(calls.value == built.calls)
        #expect(eventsOf(built.chain) == expected)
        #expect(calls.value == 2 * built.calls)
    }

    @Test("1 000 alternating stages: an error passes through unchanged")
    func error() {
        let probe = ProbeSource<Int, TestError>()
        let built = alternatingChain(length, over: probe.signal, counting: OpCounter(), for: [0, 1])
        let log = EventLog.of(built.chain)
        probe.sendNext(0)
        probe.sendNext(1)
        probe.sendError(TestError(9))
        #expect(log.events == built.values.map { .next($0) } + [.error(TestError(9))])
        #expect(probe.disposals == 1)
    }
}
