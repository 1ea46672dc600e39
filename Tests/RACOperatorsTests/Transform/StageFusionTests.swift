import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Synchronization
import Testing

@Suite(
    "Stage fusion of map, filter, scan, distinctUntilChanged and take: events, calls, errors, threads",
    .checksRelease)
struct StageFusionTests {
    @Test("marbles: values, completion, the empty signal, an error and disposal", arguments: chains)
    func marbles(_ chain: FusedChain) throws {
        let calls = Log<String>()
        try expectMarbles(
            { chain.build($0, calls) }, input: ints, output: chain.marbleValues, error: TestError(1),
            chain.marbles)
        // The four cases: all of the input, none, the first three, the first three.
        let expected = chain.calls(first: input.count) + chain.calls(first: 3) + chain.calls(first: 3)
        #expect(calls.all == expected)
    }

    @Test("a cold source: the exact events and calls, again for a second subscription", arguments: chains)
    func coldSource(_ chain: FusedChain) {
        let calls = Log<String>()
        let signal = chain.build(Signal(values: input), calls)
        #expect(eventsOf(signal) == chain.completeEvents)
        #expect(calls.all == chain.calls(first: input.count))
        // The state of scan, distinctUntilChanged and take starts again.
        #expect(eventsOf(signal) == chain.completeEvents)
        #expect(calls.all == chain.calls(first: input.count) + chain.calls(first: input.count))
    }

    @Test("a subject source: the exact events and calls after each value", arguments: chains)
    func subjectSource(_ chain: FusedChain) {
        let subject = Subject<Int, TestError>()
        let calls = Log<String>()
        let log = EventLog.of(chain.build(subject, calls))
        #expect(subject.subscriberCount == 1)
        for (index, value) in input.enumerated() {
            subject.sendNext(value)
            #expect(log.events == chain.events(first: index + 1), "after \(value)")
            #expect(calls.all == chain.calls(first: index + 1), "after \(value)")
            let live = chain.completesAfter.map { index + 1 < $0 } ?? true
            #expect(subject.subscriberCount == (live ? 1 : 0), "after \(value)")
        }
        subject.sendCompleted()
        #expect(log.events == chain.completeEvents)
        #expect(calls.all == chain.calls(first: input.count))
        #expect(subject.subscriberCount == 0)
    }

    @Test("a cold source over a subject (ProbeSource): subscribed once, disposed once", arguments: chains)
    func probeSource(_ chain: FusedChain) {
        let probe = ProbeSource<Int, TestError>()
        let calls = Log<String>()
        let log = EventLog.of(chain.build(probe.signal, calls))
        for value in input { probe.sendNext(value) }
        probe.sendCompleted()
        #expect(log.events == chain.completeEvents)
        #expect(calls.all == chain.calls(first: input.count))
        #expect(probe.subscriptions == 1)
        #expect(probe.disposals == 1)
        #expect(!probe.isSubscribed)
    }

    @Test("the empty signal: completion only, and no closure called", arguments: chains)
    func empty(_ chain: FusedChain) {
        let calls = Log<String>()
        #expect(eventsOf(chain.build(Signal.empty, calls)) == [.completed])
        #expect(eventsOf(chain.build(Signal(values: []), calls)) == [.completed])
        let subject = Subject<Int, TestError>()
        let log = EventLog.of(chain.build(subject, calls))
        subject.sendCompleted()
        #expect(log.events == [.completed])
        // Subscribing after the subject has completed: the completion at once.
        #expect(eventsOf(chain.build(subject, calls)) == [.completed])
        #expect(calls.all.isEmpty)
    }

    @Test("an error after some values is forwarded unchanged; the source is disposed", arguments: chains)
    func error(_ chain: FusedChain) {
        let probe = ProbeSource<Int, TestError>()
        let calls = Log<String>()
        let log = EventLog.of(chain.build(probe.signal, calls))
        for value in input.prefix(3) { probe.sendNext(value) }
        probe.sendError(TestError(7))
        #expect(log.events == chain.events(first: 3) + [.error(TestError(7))])
        #expect(calls.all == chain.calls(first: 3))
        #expect(probe.disposals == 1 && !probe.isSubscribed)
        let immediate = Log<String>()
        #expect(eventsOf(chain.build(Signal(error: TestError(8)), immediate)) == [.error(TestError(8))])
        #expect(immediate.all.isEmpty)
    }

    @Test("disposed mid-stream: no closure is called again and nothing more is sent", arguments: chains)
    func disposedMidStream(_ chain: FusedChain) {
        let subject = Subject<Int, TestError>()
        let calls = Log<String>()
        let log = EventLog<Int, TestError>()
        let subscription = log.record(chain.build(subject, calls))
        for value in input.prefix(3) { subject.sendNext(value) }
        subscription.dispose()
        #expect(subscription.isDisposed)
        #expect(subject.subscriberCount == 0)
        for value in input.dropFirst(3) { subject.sendNext(value) }
        subject.sendCompleted()
        #expect(log.events == chain.events(first: 3))
        #expect(calls.all == chain.calls(first: 3))
    }

    @Test(
        "disposed from the subscriber's first value, over a source that goes on sending: nothing more",
        arguments: chains)
    func disposedFromTheCallback(_ chain: FusedChain) {
        let calls = Log<String>()
        let log = EventLog<Int, TestError>()
        let reference = WeakSubscriber<Int, TestError>()
        let subscriber = log.subscriber { event in
            if case .next = event { reference.subscriber?.dispose() }
        }
        reference.subscriber = subscriber
        chain.build(heedless(input), calls).subscribe(subscriber)
        let count = chain.firstOutputIndex
        #expect(log.events == [chain.events(first: count)[0]])
        #expect(calls.all == chain.calls(first: count))
        #expect(subscriber.isDisposed)
    }

    @Test("the predicate after a map sees the mapped value (of another type), once per value")
    func predicateSeesTheMappedValue() {
        let subject = Subject<Int, TestError>()
        let calls = Log<String>()
        let mapped = subject.map(traced(calls, "map") { "v\($0)" })
        let log = EventLog.of(mapped.filter(traced(calls, "filter") { $0.hasSuffix("2") }))
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendNext(12)
        subject.sendCompleted()
        #expect(log.events == [.next("v2"), .next("v12"), .completed])
        #expect(calls.all == ["map 1", "filter v1", "map 2", "filter v2", "map 12", "filter v12"])
    }

    @Test("a map after a filter sees only the values that pass, and its result type")
    func mapAfterFilter() {
        let calls = Log<String>()
        let signal = Signal<Int, TestError>(values: [3, 4, 5]).filter(traced(calls, "filter") { $0 != 4 })
            .map(traced(calls, "map") { String(repeating: "*", count: $0) })
        #expect(eventsOf(signal) == [.next("***"), .next("*****"), .completed])
        #expect(calls.all == ["filter 3", "map 3", "filter 4", "filter 5", "map 5"])
    }

    @Test("two subscriptions to one subject: each calls every closure once per value, in turn")
    func twoSubscriptions() {
        let subject = Subject<Int, TestError>()
        let calls = Log<String>()
        let received = Log<String>()
        let chain = subject.map(traced(calls, "map") { $0 * 10 }).filter(traced(calls, "filter") { $0 > 10 })
        chain.subscribe(next: { received.append("first \($0)") })
        chain.subscribe(next: { received.append("second \($0)") })
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        #expect(
            calls.all == [
                "map 1", "filter 10", "map 1", "filter 10", "map 2", "filter 20", "map 2", "filter 20",
            ])
        #expect(received.all == ["first 20", "second 20"])
    }

    @Test("map → filter → map → filter over 100 values: exactly one call per stage per value reaching it")
    func callCounts() {
        let counts = Locked([0, 0, 0, 0])
        func count(_ stage: Int) { counts.withValue { $0[stage] += 1 } }
        let signal = Signal<Int, TestError>(values: 1...100)
            .map { value in
                count(0)
                return value * 2
            }
            .filter { value in
                count(1)
                return value % 3 == 0
            }
            .map { value in
                count(2)
                return value + 1
            }
            .filter { value in
                count(3)
                return value % 5 == 0
            }
        let values = eventsOf(signal).compactMap(\.value)
        let expected = (1...100).map { $0 * 2 }.filter { $0 % 3 == 0 }.map { $0 + 1 }.filter { $0 % 5 == 0 }
        #expect(values == expected)
        #expect(counts.current == [100, 100, 33, 33])
    }

    @Test(
        "the very error instance sent arrives, after values or none, and no closure is called for it",
        arguments: chains)
    func identity(_ chain: FusedChain) {
        for sentBefore in [0, 3] {
            let sent = IdentifiedError()
            let subject = Subject<Int, IdentifiedError>()
            let calls = Log<String>()
            let log = EventLog.of(combination(chain.index, over: subject, calls: calls))
            for value in input.prefix(sentBefore) { subject.sendNext(value) }
            subject.sendError(sent)
            #expect(log.values == chain.events(first: sentBefore).compactMap(\.value), "\(sentBefore)")
            #expect(log.events.count == log.values.count + 1, "\(sentBefore)")
            if case .error(let received) = log.events.last {
                #expect(received === sent, "\(sentBefore)")
            } else {
                Issue.record("no error after \(sentBefore) values: \(log.events)")
            }
            #expect(calls.all == chain.calls(first: sentBefore), "\(sentBefore)")
        }
    }

    @Test("an error's payload is unchanged through every combination, from a cold source", arguments: chains)
    func payload(_ chain: FusedChain) {
        let failing = Signal<Int, TestError> { subscriber in
            for value in input.prefix(2) { subscriber.sendNext(value) }
            subscriber.sendError(TestError(42))
            return nil
        }
        #expect(
            eventsOf(chain.build(failing, Log<String>())) == chain.events(first: 2) + [.error(TestError(42))])
    }

    @Test("a signal that cannot fail: every combination delivers and completes", arguments: chains)
    func neverFails(_ chain: FusedChain) {
        let calls = Log<String>()
        var values: [Int] = []
        var completions = 0
        combination(chain.index, over: Signal<Int, Never>(values: input), calls: calls).subscribe(
            next: { values.append($0) }, completed: { completions += 1 })
        #expect(values == chain.events(first: input.count).compactMap(\.value))
        #expect(completions == 1)
        #expect(calls.all == chain.calls(first: input.count))
    }

    private let threads = 4

    private let perThread = 2_000

    /// The value thread `thread` sends `index`-th.
    private func value(_ thread: Int, _ index: Int) -> Int {
        thread * perThread + index + 1
    }

    @Test("several threads send into a subject under map → filter: each value once, one at a time")
    func mapFilter() {
        let subject = Subject<Int, TestError>()
        let counts = CallCounts()
        let received = Locked<[Int]>([])
        subject.map { value in
            counts.transforms.add(1, ordering: .relaxed)
            return value * 2
        }
        .filter { value in
            counts.predicates.add(1, ordering: .relaxed)
            return value % 3 == 0
        }
        .subscribe(next: { value in
            counts.deliveries.enter()
            received.withValue { $0.append(value) }
            counts.deliveries.leave()
        })
        onThreads(threads) { thread in
            for index in 0..<perThread { subject.sendNext(value(thread, index)) }
        }
        subject.sendCompleted()
        let sent = (0..<threads).flatMap { thread in (0..<perThread).map { value(thread, $0) } }
        let expected = sent.map { $0 * 2 }.filter { $0 % 3 == 0 }
        let values = received.current
        #expect(values.count == expected.count)
        #expect(values.reduce(0, +) == expected.reduce(0, +))
        #expect(values.sorted() == expected.sorted())
        #expect(counts.transforms.load(ordering: .relaxed) == threads * perThread)
        #expect(counts.predicates.load(ordering: .relaxed) == threads * perThread)
        #expect(counts.deliveries.mostAtOnce <= 1)
        // Each thread's values arrive in the order it sent them.
        for thread in 0..<threads {
            let own = values.filter { ($0 / 2 - 1) / perThread == thread }
            #expect(own == own.sorted(), "thread \(thread)")
        }
    }

    @Test("several threads send while the map signal and two filters of it are subscribed")
    func intermediateAndFilters() {
        let subject = Subject<Int, TestError>()
        let mapped = subject.map { $0 * 10 }
        let all = EventLog.of(mapped)
        let odd = EventLog.of(mapped.filter { ($0 / 10) % 2 == 1 })
        let small = EventLog.of(mapped.filter { $0 <= 10 * perThread })
        onThreads(threads) { thread in
            for index in 0..<perThread { subject.sendNext(value(thread, index)) }
        }
        subject.sendCompleted()
        let sent = (0..<threads).flatMap { thread in (0..<perThread).map { value(thread, $0) } }
        #expect(all.values.sorted() == sent.map { $0 * 10 }.sorted())
        #expect(odd.values.sorted() == sent.filter { $0 % 2 == 1 }.map { $0 * 10 }.sorted())
        #expect(small.values.sorted() == sent.filter { $0 <= perThread }.map { $0 * 10 }.sorted())
        #expect([all, odd, small].allSatisfy { $0.events.last == .completed })
    }

    @Test("several threads send under map → filter → scan → distinctUntilChanged → take(500)")
    func fullChain() {
        let subject = Subject<Int, TestError>()
        let log = EventLog.of(
            subject.map { $0 * 2 }.filter { $0 % 3 == 0 }.scan(0, +).distinctUntilChanged().take(500))
        onThreads(threads) { thread in
            for index in 0..<perThread { subject.sendNext(value(thread, index)) }
        }
        #expect(log.values.count == 500)
        #expect(log.events.last == .completed)
        #expect(log.events.filter { $0 == .completed }.count == 1)
        // A running total of positive multiples of 6: each step is one such value.
        let steps = zip(log.values.dropFirst(), log.values).map { $0 - $1 }
        #expect(log.values.first.map { $0 > 0 && $0 % 6 == 0 } == true)
        #expect(steps.allSatisfy { $0 > 0 && $0 % 6 == 0 })
        #expect(subject.subscriberCount == 0)
    }
}
