import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Synchronization
import Testing

// Black-box guards for the single-source operators whose stages may be fused (`filter` on the
// result of `map`, `map` on `map` …) or made into per-subscription objects (`map`, `filter`,
// `scan`, `distinctUntilChanged`, `take`, and the subscriber of `subscribe(next:error:completed:)`).
// Every expectation below is what the operators did stage by stage before those changes, and still
// do, except where a test says otherwise (a fused predicate runs for the value whose transform
// disposed the subscription).

private typealias IntEvent = Event<Int, Boom>

/// `transform`, recording each call in `calls` as "label value" before it runs.
private func traced<Input, Output>(
    _ calls: Lines, _ label: String, _ transform: @escaping (Input) -> Output
) -> (Input) -> Output {
    { value in
        calls.append("\(label) \(value)")
        return transform(value)
    }
}

/// The values every chain is fed, in order.
private let input = [1, 2, 3, 4, 5, 6]

/// One combination of single-source operators over `Int`s failing with `Boom`, its closures
/// recording their calls, with what it must do for each value of `input`.
struct FusedChain: Sendable, CustomTestStringConvertible {
    /// Which combination (see `combination(_:over:calls:)`).
    let index: Int
    /// For each value of `input`, the calls of the chain's closures, in order.
    let calls: [[String]]
    /// For each value of `input`, the values the chain sends.
    let outputs: [[Int]]
    /// After how many values of `input` the chain completes by itself (`take`), if it does.
    let completesAfter: Int?
    /// Marble cases over the sources "-a-b-c-d-e-f-|" (`a` is 1 …), "--|" and "-a-b-c-#".
    let marbles: [MarbleCase]
    /// The names of the values in `marbles`' expected marbles.
    let marbleValues: [String: Int]

    var name: String { combinationNames[index] }
    var testDescription: String { name }

    /// The chain over `source`; each of its closures records its calls in `calls`.
    func build(_ source: Signal<Int, Boom>, _ calls: Lines) -> Signal<Int, Boom> {
        combination(index, over: source, calls: calls)
    }

    /// The calls for the first `count` values of `input`.
    func calls(first count: Int) -> [String] {
        Array(calls.prefix(count).joined())
    }

    /// The events sent for the first `count` values of `input` (the chain's own completion
    /// included, no other terminal event).
    func events(first count: Int) -> [Event<Int, Boom>] {
        var events: [Event<Int, Boom>] = outputs.prefix(count).joined().map { .next($0) }
        if let end = completesAfter, end <= count {
            events.append(.completed)
        }
        return events
    }

    /// The events sent for all of `input` followed by the source's completion.
    var completeEvents: [Event<Int, Boom>] {
        let events = events(first: input.count)
        return completesAfter == nil ? events + [.completed] : events
    }

    /// How many values of `input` go in up to the one that makes the chain send its first value.
    var firstOutputIndex: Int {
        outputs.firstIndex { !$0.isEmpty }! + 1
    }
}

/// The names of the combinations `combination(_:over:calls:)` builds.
private let combinationNames = [
    "map → filter", "filter → map", "map → map", "filter → filter", "map → filter → map → filter",
    "map → filter → scan → distinctUntilChanged → take",
]

/// Combination `index` over `source`, for any failure type; each closure records its calls in
/// `calls`. What each one sends is in `chains`.
private func combination<Failure: Error>(
    _ index: Int, over source: Signal<Int, Failure>, calls: Lines
) -> Signal<Int, Failure> {
    switch index {
    case 0:
        return source.map(traced(calls, "map") { $0 * 10 }).filter(traced(calls, "filter") { $0 % 20 == 0 })
    case 1:
        return source.filter(traced(calls, "filter") { $0 % 2 == 1 }).map(traced(calls, "map") { $0 * 10 })
    case 2:
        return source.map(traced(calls, "map1") { $0 + 1 }).map(traced(calls, "map2") { $0 * 10 })
    case 3:
        return source.filter(traced(calls, "filter1") { $0 % 2 == 0 })
            .filter(traced(calls, "filter2") { $0 > 2 })
    case 4:
        return source.map(traced(calls, "map1") { $0 * 3 }).filter(traced(calls, "filter1") { $0 % 2 == 0 })
            .map(traced(calls, "map2") { $0 + 1 }).filter(traced(calls, "filter2") { $0 != 13 })
    default:
        return source.map(traced(calls, "map") { $0 / 2 }).filter(traced(calls, "filter") { $0 > 0 })
            .scan(0) { running, value in
                calls.append("scan \(running) \(value)")
                return max(running, value)
            }
            .distinctUntilChanged { previous, value in
                calls.append("distinct \(previous) \(value)")
                return previous == value
            }
            .take(2)
    }
}

/// What each combination does with `input`, and its marbles.
private let chains: [FusedChain] = [
    FusedChain(
        index: 0,
        calls: input.map { ["map \($0)", "filter \($0 * 10)"] },
        outputs: input.map { $0 % 2 == 0 ? [$0 * 10] : [] },
        completesAfter: nil,
        marbles: [
            MarbleCase("-a-b-c-d-e-f-|", "---x---y---z-|", ["^------------!"]),
            MarbleCase("--|", "--|", ["^-!"]),
            MarbleCase("-a-b-c-#", "---x---#", ["^------!"]),
            MarbleCase("-a-b-c-d-e-f-|", "---x", ["^-----!"], disposeAt: 6),
        ],
        marbleValues: ["x": 20, "y": 40, "z": 60]),
    FusedChain(
        index: 1,
        calls: input.map { $0 % 2 == 1 ? ["filter \($0)", "map \($0)"] : ["filter \($0)"] },
        outputs: input.map { $0 % 2 == 1 ? [$0 * 10] : [] },
        completesAfter: nil,
        marbles: [
            MarbleCase("-a-b-c-d-e-f-|", "-x---y---z---|", ["^------------!"]),
            MarbleCase("--|", "--|", ["^-!"]),
            MarbleCase("-a-b-c-#", "-x---y-#", ["^------!"]),
            MarbleCase("-a-b-c-d-e-f-|", "-x---y", ["^-----!"], disposeAt: 6),
        ],
        marbleValues: ["x": 10, "y": 30, "z": 50]),
    FusedChain(
        index: 2,
        calls: input.map { ["map1 \($0)", "map2 \($0 + 1)"] },
        outputs: input.map { [($0 + 1) * 10] },
        completesAfter: nil,
        marbles: [
            MarbleCase("-a-b-c-d-e-f-|", "-t-u-v-w-x-y-|", ["^------------!"]),
            MarbleCase("--|", "--|", ["^-!"]),
            MarbleCase("-a-b-c-#", "-t-u-v-#", ["^------!"]),
            MarbleCase("-a-b-c-d-e-f-|", "-t-u-v", ["^-----!"], disposeAt: 6),
        ],
        marbleValues: ["t": 20, "u": 30, "v": 40, "w": 50, "x": 60, "y": 70]),
    FusedChain(
        index: 3,
        calls: input.map { $0 % 2 == 0 ? ["filter1 \($0)", "filter2 \($0)"] : ["filter1 \($0)"] },
        outputs: input.map { $0 % 2 == 0 && $0 > 2 ? [$0] : [] },
        completesAfter: nil,
        marbles: [
            MarbleCase("-a-b-c-d-e-f-|", "-------d---f-|", ["^------------!"]),
            MarbleCase("--|", "--|", ["^-!"]),
            MarbleCase("-a-b-c-#", "-------#", ["^------!"]),
            MarbleCase("-a-b-c-d-e-f-|", "------", ["^-----!"], disposeAt: 6),
        ],
        marbleValues: ints),
    FusedChain(
        index: 4,
        calls: [
            ["map1 1", "filter1 3"],
            ["map1 2", "filter1 6", "map2 6", "filter2 7"],
            ["map1 3", "filter1 9"],
            ["map1 4", "filter1 12", "map2 12", "filter2 13"],
            ["map1 5", "filter1 15"],
            ["map1 6", "filter1 18", "map2 18", "filter2 19"],
        ],
        outputs: [[], [7], [], [], [], [19]],
        completesAfter: nil,
        marbles: [
            MarbleCase("-a-b-c-d-e-f-|", "---x-------y-|", ["^------------!"]),
            MarbleCase("--|", "--|", ["^-!"]),
            MarbleCase("-a-b-c-#", "---x---#", ["^------!"]),
            MarbleCase("-a-b-c-d-e-f-|", "---x", ["^-----!"], disposeAt: 6),
        ],
        marbleValues: ["x": 7, "y": 19]),
    FusedChain(
        index: 5,
        calls: [
            ["map 1", "filter 0"],
            ["map 2", "filter 1", "scan 0 1"],
            ["map 3", "filter 1", "scan 1 1", "distinct 1 1"],
            ["map 4", "filter 2", "scan 1 2", "distinct 1 2"],
            [],
            [],
        ],
        outputs: [[], [1], [], [2], [], []],
        completesAfter: 4,
        marbles: [
            MarbleCase("-a-b-c-d-e-f-|", "---x---(y|)", ["^------!"]),
            MarbleCase("--|", "--|", ["^-!"]),
            MarbleCase("-a-b-c-#", "---x---#", ["^------!"]),
            MarbleCase("-a-b-c-d-e-f-|", "---x", ["^-----!"], disposeAt: 6),
        ],
        marbleValues: ["x": 1, "y": 2]),
]

/// A cold source that sends every value of `values`, then completes, whether or not its
/// subscriber has been disposed meanwhile (it never looks).
private func heedless(_ values: [Int]) -> Signal<Int, Boom> {
    Signal { subscriber in
        for value in values { subscriber.sendNext(value) }
        subscriber.sendCompleted()
        return nil
    }
}

/// A weak reference to a subscriber, for a callback that disposes its own subscription.
private final class WeakSubscriber<Value, Failure: Error>: @unchecked Sendable {
    weak var subscriber: Subscriber<Value, Failure>?
    init() {}
}

@Suite("Stage fusion: each combination sends exactly what its stages send", .checksRelease)
struct StageFusionEventTests {
    @Test("marbles: values, completion, the empty signal, an error and disposal", arguments: chains)
    func marbles(_ chain: FusedChain) throws {
        let calls = Lines()
        try expectMarbles(
            { chain.build($0, calls) }, input: ints, output: chain.marbleValues, error: Boom(), chain.marbles)
        // The four cases: all of the input, none, the first three, the first three.
        let expected = chain.calls(first: input.count) + chain.calls(first: 3) + chain.calls(first: 3)
        #expect(calls.all == expected)
    }

    @Test("a cold source: the exact events and calls, again for a second subscription", arguments: chains)
    func coldSource(_ chain: FusedChain) {
        let calls = Lines()
        let signal = chain.build(Signal(values: input), calls)
        #expect(eventsOf(signal) == chain.completeEvents)
        #expect(calls.all == chain.calls(first: input.count))
        // The state of scan, distinctUntilChanged and take starts again.
        #expect(eventsOf(signal) == chain.completeEvents)
        #expect(calls.all == chain.calls(first: input.count) + chain.calls(first: input.count))
    }

    @Test("a subject source: the exact events and calls after each value", arguments: chains)
    func subjectSource(_ chain: FusedChain) {
        let subject = Subject<Int, Boom>()
        let calls = Lines()
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
        let probe = ProbeSource<Int, Boom>()
        let calls = Lines()
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
        let calls = Lines()
        #expect(eventsOf(chain.build(Signal.empty, calls)) == [.completed])
        #expect(eventsOf(chain.build(Signal(values: []), calls)) == [.completed])
        let subject = Subject<Int, Boom>()
        let log = EventLog.of(chain.build(subject, calls))
        subject.sendCompleted()
        #expect(log.events == [.completed])
        // Subscribing after the subject has completed: the completion at once.
        #expect(eventsOf(chain.build(subject, calls)) == [.completed])
        #expect(calls.all.isEmpty)
    }

    @Test("an error after some values is forwarded unchanged; the source is disposed", arguments: chains)
    func error(_ chain: FusedChain) {
        let probe = ProbeSource<Int, Boom>()
        let calls = Lines()
        let log = EventLog.of(chain.build(probe.signal, calls))
        for value in input.prefix(3) { probe.sendNext(value) }
        probe.sendError(Boom(7))
        #expect(log.events == chain.events(first: 3) + [.error(Boom(7))])
        #expect(calls.all == chain.calls(first: 3))
        #expect(probe.disposals == 1 && !probe.isSubscribed)
        let immediate = Lines()
        #expect(eventsOf(chain.build(Signal(error: Boom(8)), immediate)) == [.error(Boom(8))])
        #expect(immediate.all.isEmpty)
    }

    @Test("disposed mid-stream: no closure is called again and nothing more is sent", arguments: chains)
    func disposedMidStream(_ chain: FusedChain) {
        let subject = Subject<Int, Boom>()
        let calls = Lines()
        let log = EventLog<Int, Boom>()
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
        let calls = Lines()
        let log = EventLog<Int, Boom>()
        let reference = WeakSubscriber<Int, Boom>()
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
}

@Suite("Stage fusion: closures are called once per value, in order, on the right values", .checksRelease)
struct StageFusionCallTests {
    @Test("the predicate after a map sees the mapped value (of another type), once per value")
    func predicateSeesTheMappedValue() {
        let subject = Subject<Int, Boom>()
        let calls = Lines()
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
        let calls = Lines()
        let signal = Signal<Int, Boom>(values: [3, 4, 5]).filter(traced(calls, "filter") { $0 != 4 })
            .map(traced(calls, "map") { String(repeating: "*", count: $0) })
        #expect(eventsOf(signal) == [.next("***"), .next("*****"), .completed])
        #expect(calls.all == ["filter 3", "map 3", "filter 4", "filter 5", "map 5"])
    }

    @Test("two subscriptions to one subject: each calls every closure once per value, in turn")
    func twoSubscriptions() {
        let subject = Subject<Int, Boom>()
        let calls = Lines()
        let received = Lines()
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
        let signal = Signal<Int, Boom>(values: 1...100)
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
}

@Suite("Stage fusion: the intermediate map signal stays a signal of its own", .checksRelease)
struct StageFusionIntermediateTests {
    @Test("the map signal alone, while a filter of it exists unsubscribed")
    func intermediateAlone() {
        let subject = Subject<Int, Boom>()
        let calls = Lines()
        let mapped = subject.map(traced(calls, "map") { $0 * 10 })
        let filtered = mapped.filter(traced(calls, "filter") { $0 > 10 })
        let log = EventLog.of(mapped)
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        #expect(log.events == [.next(10), .next(20), .completed])
        #expect(calls.all == ["map 1", "map 2"])
        withExtendedLifetime(filtered) {}
    }

    @Test("two subscribers to the map signal, while a filter of it exists")
    func twoSubscribersToTheIntermediate() {
        let subject = Subject<Int, Boom>()
        let calls = Lines()
        let mapped = subject.map(traced(calls, "map") { $0 * 10 })
        let filtered = mapped.filter(traced(calls, "filter") { $0 > 10 })
        let first = EventLog.of(mapped)
        let second = EventLog.of(mapped)
        #expect(subject.subscriberCount == 2)
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        #expect(first.events == [.next(10), .next(20), .completed])
        #expect(second.events == first.events)
        #expect(calls.all == ["map 1", "map 1", "map 2", "map 2"])
        withExtendedLifetime(filtered) {}
    }

    @Test("one subscriber to the map signal and one to its filter, at once: each in turn, per value")
    func intermediateAndFilteredAtOnce() {
        let subject = Subject<Int, Boom>()
        let calls = Lines()
        let mapped = subject.map(traced(calls, "map") { $0 * 10 })
        let filtered = mapped.filter(traced(calls, "filter") { $0 != 20 })
        mapped.subscribe(
            next: { calls.append("mapped got \($0)") }, completed: { calls.append("mapped completed") })
        filtered.subscribe(
            next: { calls.append("filtered got \($0)") }, completed: { calls.append("filtered completed") })
        #expect(subject.subscriberCount == 2)
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        #expect(
            calls.all == [
                "map 1", "mapped got 10", "map 1", "filter 10", "filtered got 10",
                "map 2", "mapped got 20", "map 2", "filter 20",
                "mapped completed", "filtered completed",
            ])
        #expect(subject.subscriberCount == 0)
    }

    @Test("the filtered signal subscribed first, then the map signal: each in turn, in that order")
    func filteredThenIntermediate() {
        let subject = Subject<Int, Boom>()
        let received = Lines()
        let mapped = subject.map { $0 * 10 }
        let filtered = mapped.filter { $0 > 10 }
        filtered.subscribe(next: { received.append("filtered \($0)") })
        mapped.subscribe(next: { received.append("mapped \($0)") })
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        #expect(received.all == ["mapped 10", "filtered 20", "mapped 20"])
    }

    @Test("the same map signal filtered twice with different predicates, all three subscribed")
    func filteredTwice() {
        let subject = Subject<Int, Boom>()
        let calls = Lines()
        let mapped = subject.map(traced(calls, "map") { $0 * 10 })
        let small = mapped.filter(traced(calls, "small?") { $0 < 30 })
        let even = mapped.filter(traced(calls, "even?") { $0 % 20 == 0 })
        let all = EventLog.of(mapped)
        let smallLog = EventLog.of(small)
        let evenLog = EventLog.of(even)
        for value in 1...4 { subject.sendNext(value) }
        subject.sendError(Boom(3))
        #expect(all.events == [.next(10), .next(20), .next(30), .next(40), .error(Boom(3))])
        #expect(smallLog.events == [.next(10), .next(20), .error(Boom(3))])
        #expect(evenLog.events == [.next(20), .next(40), .error(Boom(3))])
        #expect(
            calls.all == [
                "map 1", "map 1", "small? 10", "map 1", "even? 10",
                "map 2", "map 2", "small? 20", "map 2", "even? 20",
                "map 3", "map 3", "small? 30", "map 3", "even? 30",
                "map 4", "map 4", "small? 40", "map 4", "even? 40",
            ])
    }

    @Test("the map signal filtered and mapped again, each used on its own and chained further")
    func branches() {
        let source = Signal<Int, Boom>(values: [1, 2, 3])
        let mapped = source.map { $0 + 1 }
        let filtered = mapped.filter { $0 != 3 }
        let remapped = mapped.map { $0 * 100 }
        #expect(eventsOf(mapped) == [.next(2), .next(3), .next(4), .completed])
        #expect(eventsOf(filtered) == [.next(2), .next(4), .completed])
        #expect(eventsOf(remapped) == [.next(200), .next(300), .next(400), .completed])
        #expect(eventsOf(filtered.map { -$0 }) == [.next(-2), .next(-4), .completed])
        #expect(eventsOf(remapped.filter { $0 > 200 }) == [.next(300), .next(400), .completed])
        #expect(eventsOf(filtered.filter { $0 > 2 }) == [.next(4), .completed])
        #expect(eventsOf(mapped) == [.next(2), .next(3), .next(4), .completed])
    }

    @Test("disposing the filtered subscription leaves the map signal's subscription running")
    func disposingOneBranch() {
        let subject = Subject<Int, Boom>()
        let mapped = subject.map { $0 * 10 }
        let all = EventLog<Int, Boom>()
        let some = EventLog<Int, Boom>()
        let allSubscription = all.record(mapped)
        let someSubscription = some.record(mapped.filter { $0 > 10 })
        subject.sendNext(1)
        subject.sendNext(2)
        someSubscription.dispose()
        #expect(subject.subscriberCount == 1)
        subject.sendNext(3)
        #expect(all.events == [.next(10), .next(20), .next(30)])
        #expect(some.events == [.next(20)])
        allSubscription.dispose()
        #expect(subject.subscriberCount == 0)
    }

    @Test("each intermediate and its combination subscribed at once", arguments: [0, 1, 2, 3])
    func everyPair(_ index: Int) {
        // The first stage of each two-stage chain, and the stage applied to it.
        let first: (Signal<Int, Boom>) -> Signal<Int, Boom> = [
            { $0.map { $0 * 10 } }, { $0.filter { $0 % 2 == 1 } }, { $0.map { $0 + 1 } },
            { $0.filter { $0 % 2 == 0 } },
        ][index]
        let second: (Signal<Int, Boom>) -> Signal<Int, Boom> = [
            { $0.filter { $0 % 20 == 0 } }, { $0.map { $0 * 10 } }, { $0.map { $0 * 10 } },
            { $0.filter { $0 > 2 } },
        ][index]
        let expectedFirst: [[Int]] = [[10, 20, 30, 40], [1, 3], [2, 3, 4, 5], [2, 4]]
        let expectedSecond: [[Int]] = [[20, 40], [10, 30], [20, 30, 40, 50], [4]]
        let subject = Subject<Int, Boom>()
        let intermediate = first(subject)
        let combined = second(intermediate)
        let intermediateLog = EventLog.of(intermediate)
        let combinedLog = EventLog.of(combined)
        let secondIntermediateLog = EventLog.of(intermediate)
        for value in 1...4 { subject.sendNext(value) }
        subject.sendCompleted()
        #expect(intermediateLog.events == expectedFirst[index].map { .next($0) } + [.completed])
        #expect(secondIntermediateLog.events == intermediateLog.events)
        #expect(combinedLog.events == expectedSecond[index].map { .next($0) } + [.completed])
    }
}

@Suite("Stage fusion: disposal", .checksRelease)
struct StageFusionDisposalTests {
    @Test("take(1) after map → filter disposes the subject subscription before it completes")
    func takeOneDisposesTheSubject() {
        let subject = Subject<Int, Boom>()
        let calls = Lines()
        subject.map(traced(calls, "map") { $0 * 10 }).filter(traced(calls, "filter") { $0 > 10 }).take(1)
            .subscribe(
                next: { calls.append("next \($0)") },
                completed: { calls.append("completed, \(subject.subscriberCount) left") })
        #expect(subject.subscriberCount == 1)
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendNext(3)
        #expect(calls.all == ["map 1", "filter 10", "map 2", "filter 20", "next 20", "completed, 0 left"])
        #expect(subject.subscriberCount == 0)
    }

    @Test("take(1) after map → filter disposes a cold source's subscription before it completes")
    func takeOneDisposesTheColdSource() {
        let probe = ProbeSource<Int, Boom>()
        let events = Lines()
        probe.signal.map { $0 * 10 }.filter { $0 > 10 }.take(1).subscribe(
            next: { events.append("next \($0)") },
            completed: { events.append("completed, disposals \(probe.disposals)") })
        probe.sendNext(1)
        #expect(probe.disposals == 0)
        probe.sendNext(2)
        #expect(events.all == ["next 20", "completed, disposals 1"])
        #expect(!probe.isSubscribed)
        #expect(probe.subscriptions == 1)
    }

    @Test("take(1) after map → filter over an endless synchronous source stops it")
    func takeOneStopsAnEndlessSource() {
        let calls = Lines()
        let endless = Signal<Int, Boom> { subscriber in
            var next = 0
            while !subscriber.isDisposed {
                subscriber.sendNext(next)
                next += 1
            }
            return nil
        }
        let mapped = endless.map(traced(calls, "map") { $0 * 10 })
        let signal = mapped.filter(traced(calls, "filter") { $0 >= 20 }).take(1)
        #expect(eventsOf(signal) == [.next(20), .completed])
        #expect(calls.all == ["map 0", "filter 0", "map 1", "filter 10", "map 2", "filter 20"])
    }

    /// `map` followed directly by `filter` is one stage (`Signal.fusingFilter`): the predicate
    /// still runs for the value whose transform disposed the subscription (as in Combine's fused
    /// map and filter), but the value goes no further, and the stages after it do not see it.
    @Test("disposing from inside the transform: only the fused predicate still sees that value")
    func disposedInsideTheTransform() {
        let subject = Subject<Int, Boom>()
        let calls = Lines()
        let reference = WeakSubscriber<Int, Boom>()
        let log = EventLog<Int, Boom>()
        let subscriber = log.subscriber()
        reference.subscriber = subscriber
        let chain = subject.map { value in
            calls.append("map \(value)")
            if value == 2 { reference.subscriber?.dispose() }
            return value * 10
        }
        .filter(traced(calls, "filter") { _ in true })
        .map(traced(calls, "map2") { $0 + 1 })
        chain.subscribe(subscriber)
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendNext(3)
        #expect(log.events == [.next(11)])
        #expect(calls.all == ["map 1", "filter 10", "map2 10", "map 2", "filter 20"])
        #expect(subject.subscriberCount == 0)
    }

    @Test("disposing from inside the predicate: the rest of the chain does not see that value")
    func disposedInsideThePredicate() {
        let subject = Subject<Int, Boom>()
        let calls = Lines()
        let reference = WeakSubscriber<Int, Boom>()
        let log = EventLog<Int, Boom>()
        let subscriber = log.subscriber()
        reference.subscriber = subscriber
        let chain = subject.map(traced(calls, "map") { $0 * 10 })
            .filter { value in
                calls.append("filter \(value)")
                if value == 20 { reference.subscriber?.dispose() }
                return true
            }
            .map(traced(calls, "map2") { $0 + 1 })
        chain.subscribe(subscriber)
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendNext(3)
        #expect(log.events == [.next(11)])
        #expect(calls.all == ["map 1", "filter 10", "map2 10", "map 2", "filter 20"])
        #expect(subject.subscriberCount == 0)
    }
}

@Suite("Stage fusion: reentrancy", .checksRelease)
struct StageFusionReentrancyTests {
    @Test("map → filter: values sent into the subject from the subscriber are delivered nested, in order")
    func mapFilter() {
        weak var weakSubject: Subject<Int, Boom>?
        do {
            let subject = Subject<Int, Boom>()
            weakSubject = subject
            let trace = Lines()
            let subscription = subject.map(traced(trace, "map") { $0 * 10 })
                .filter(traced(trace, "filter") { $0 != 20 })
                .subscribe(
                    next: { value in
                        trace.append("begin \(value)")
                        if value == 10 {
                            subject.sendNext(2)
                            subject.sendNext(3)
                        }
                        trace.append("end \(value)")
                    }, completed: { trace.append("completed") })
            subject.sendNext(1)
            subject.sendNext(4)
            #expect(
                trace.all == [
                    "map 1", "filter 10", "begin 10",
                    "map 2", "filter 20",
                    "map 3", "filter 30", "begin 30", "end 30",
                    "end 10",
                    "map 4", "filter 40", "begin 40", "end 40",
                ])
            // The subscriber captures the subject: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakSubject == nil)
    }

    @Test("filter → map, map → map, filter → filter: a value sent from the subscriber is delivered nested")
    func otherPairs() {
        for (name, build) in [
            (
                "filter → map",
                { (s: Signal<Int, Boom>, t: Lines) in
                    s.filter(traced(t, "a") { $0 > 0 }).map(traced(t, "b") { $0 })
                }
            ),
            (
                "map → map",
                { (s: Signal<Int, Boom>, t: Lines) in
                    s.map(traced(t, "a") { $0 }).map(traced(t, "b") { $0 })
                }
            ),
            (
                "filter → filter",
                { (s: Signal<Int, Boom>, t: Lines) in
                    s.filter(traced(t, "a") { $0 > 0 }).filter(traced(t, "b") { _ in true })
                }
            ),
        ] {
            let subject = Subject<Int, Boom>()
            let trace = Lines()
            let subscription = build(subject, trace).subscribe(next: { value in
                trace.append("begin \(value)")
                if value == 1 { subject.sendNext(2) }
                trace.append("end \(value)")
            })
            subject.sendNext(1)
            #expect(
                trace.all == ["a 1", "b 1", "begin 1", "a 2", "b 2", "begin 2", "end 2", "end 1"], "\(name)")
            subscription.dispose()
        }
    }

    @Test("map → filter → scan → distinctUntilChanged → take: a nested value completes the take inside")
    func fullChain() {
        let subject = Subject<Int, Boom>()
        let trace = Lines()
        let chain = chains[5].build(subject, trace)
        chain.subscribe(
            next: { value in
                trace.append("begin \(value)")
                if value == 1 { subject.sendNext(4) }
                trace.append("end \(value)")
            }, completed: { trace.append("completed, \(subject.subscriberCount) left") })
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendNext(3)
        #expect(
            trace.all == [
                "map 1", "filter 0",
                "map 2", "filter 1", "scan 0 1", "begin 1",
                "map 4", "filter 2", "scan 1 2", "distinct 1 2", "begin 2", "end 2", "completed, 0 left",
                "end 1",
            ])
        #expect(subject.subscriberCount == 0)
    }
}

/// An error whose identity the tests check: the very instance sent must arrive.
private final class IdentifiedError: Error, @unchecked Sendable {
    init() {}
}

@Suite("Stage fusion: errors pass through unchanged", .checksRelease)
struct StageFusionErrorTests {
    @Test(
        "the very error instance sent arrives, after values or none, and no closure is called for it",
        arguments: chains)
    func identity(_ chain: FusedChain) {
        for sentBefore in [0, 3] {
            let sent = IdentifiedError()
            let subject = Subject<Int, IdentifiedError>()
            let calls = Lines()
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
        let failing = Signal<Int, Boom> { subscriber in
            for value in input.prefix(2) { subscriber.sendNext(value) }
            subscriber.sendError(Boom(42))
            return nil
        }
        #expect(eventsOf(chain.build(failing, Lines())) == chain.events(first: 2) + [.error(Boom(42))])
    }

    @Test("a signal that cannot fail: every combination delivers and completes", arguments: chains)
    func neverFails(_ chain: FusedChain) {
        let calls = Lines()
        var values: [Int] = []
        var completions = 0
        combination(chain.index, over: Signal<Int, Never>(values: input), calls: calls).subscribe(
            next: { values.append($0) }, completed: { completions += 1 })
        #expect(values == chain.events(first: input.count).compactMap(\.value))
        #expect(completions == 1)
        #expect(calls.all == chain.calls(first: input.count))
    }
}

/// An object whose release the tests observe through a weak reference.
private final class Token: @unchecked Sendable {
    init() {}
}

/// How a subscription ends in the release tests.
enum SubscriptionEnd: String, CaseIterable, Sendable {
    case completion, error, disposal
}

@Suite("Stage fusion: release", .checksRelease)
struct StageFusionReleaseTests {
    /// A source that keeps every subscriber it is given (as a badly behaved signal might) and
    /// sends it one `Token`: only the operators' own release on stop can let the values go.
    private func hoarding(_ kept: Locked<[Subscriber<Token, Never>]>) -> Signal<Token, Never> {
        Signal { subscriber in
            kept.withValue { $0.append(subscriber) }
            subscriber.sendNext(Token())
            return nil
        }
    }

    @Test(
        "a stopped scan or distinctUntilChanged lets go of the values it kept, though its source keeps it",
        arguments: [SubscriptionEnd.disposal, .completion])
    func keptValuesReleasedOnStop(_ end: SubscriptionEnd) {
        let kept = Locked<[Subscriber<Token, Never>]>([])
        weak var accumulated: Token?
        weak var lastSent: Token?
        let scanned = hoarding(kept).scan([Token]()) { $0 + [$1] }.subscribe(next: { accumulated = $0.first })
        let distinct = hoarding(kept).distinctUntilChanged(by: ===).subscribe(next: { lastSent = $0 })
        #expect(accumulated != nil)
        #expect(lastSent != nil)
        switch end {
        case .disposal:
            scanned.dispose()
            distinct.dispose()
        case .completion, .error:
            for subscriber in kept.withValue({ $0 }) { subscriber.sendCompleted() }
        }
        #expect(kept.withValue { $0.count } == 2)
        #expect(accumulated == nil)
        #expect(lastSent == nil)
    }

    @Test(
        "when the subscription ends, the chain lets go of the subscriber and the closures at once",
        arguments: chains, SubscriptionEnd.allCases)
    func releasedWhenTheSubscriptionEnds(_ chain: FusedChain, _ end: SubscriptionEnd) {
        let subject = Subject<Int, Boom>()
        weak var weakSink: Token?
        weak var weakCalls: Lines?
        let received = Locked<[String]>([])
        var subscription: (any Disposable)?
        do {
            let sink = Token()
            let calls = Lines()
            weakSink = sink
            weakCalls = calls
            let record = { (line: String) in
                withExtendedLifetime(sink) { received.withValue { $0.append(line) } }
            }
            subscription = chain.build(subject, calls).subscribe(
                next: { record("\($0)") }, error: { record("\($0)") }, completed: { record("|") })
            for value in input.prefix(2) { subject.sendNext(value) }
        }
        #expect(weakSink != nil)
        #expect(weakCalls != nil)
        switch end {
        case .completion: subject.sendCompleted()
        case .error: subject.sendError(Boom(5))
        case .disposal: subscription?.dispose()
        }
        // The subject and the subscription are still held here.
        #expect(subject.subscriberCount == 0)
        #expect(subscription?.isDisposed == true)
        #expect(weakSink == nil)
        #expect(weakCalls == nil)
        let terminal = ["completion": ["|"], "error": ["Boom(5)"], "disposal": []][end.rawValue]!
        let values = chain.events(first: 2).compactMap(\.value).map { "\($0)" }
        #expect(received.current == values + terminal)
        subscription = nil
    }

    @Test("take after the chain ends it: the chain lets go of the subscriber and the closures at once")
    func releasedWhenTakeEnds() {
        let subject = Subject<Int, Boom>()
        weak var weakSink: Token?
        weak var weakCalls: Lines?
        do {
            let sink = Token()
            let calls = Lines()
            weakSink = sink
            weakCalls = calls
            chains[5].build(subject, calls).subscribe(next: { _ in withExtendedLifetime(sink) {} })
        }
        for value in input.prefix(3) { subject.sendNext(value) }
        #expect(weakSink != nil)
        #expect(weakCalls != nil)
        subject.sendNext(input[3])
        #expect(subject.subscriberCount == 0)
        #expect(weakSink == nil)
        #expect(weakCalls == nil)
    }

    @Test(
        "a subject released without ending releases the chain, its closures and (unless kept) the subscriber",
        arguments: chains, [false, true])
    func releasedWithTheSubject(_ chain: FusedChain, keepsSubscription: Bool) {
        weak var weakSubject: Subject<Int, Boom>?
        weak var weakSink: Token?
        weak var weakCalls: Lines?
        let received = Locked<[Int]>([])
        var subscription: (any Disposable)?
        do {
            let subject = Subject<Int, Boom>()
            let sink = Token()
            let calls = Lines()
            weakSubject = subject
            weakSink = sink
            weakCalls = calls
            expectReleased(subject, "the source subject")
            expectReleased(calls, "the Lines the chain's closures capture")
            expectReleased(sink, "the object the subscriber's closure captures")
            let kept = chain.build(subject, calls).subscribe(next: { value in
                withExtendedLifetime(sink) { received.withValue { $0.append(value) } }
            })
            if keepsSubscription { subscription = kept }
            for value in input.prefix(3) { subject.sendNext(value) }
        }
        #expect(weakSubject == nil)
        #expect(weakCalls == nil)
        #expect(received.current == chain.events(first: 3).compactMap(\.value))
        guard keepsSubscription else {
            #expect(weakSink == nil)
            return
        }
        // Not ended: the kept subscription (the subscriber, which holds its closures) is not
        // disposed, and can still be disposed, which lets go of the closures.
        #expect(weakSink != nil)
        #expect(subscription?.isDisposed == false)
        subscription?.dispose()
        #expect(subscription?.isDisposed == true)
        #expect(weakSink == nil)
        subscription = nil
    }

    @Test("the chain's signal is released once its subscription has ended", arguments: chains)
    func signalsReleased(_ chain: FusedChain) {
        let subject = Subject<Int, Boom>()
        weak var weakChain: Signal<Int, Boom>?
        let log = EventLog<Int, Boom>()
        do {
            let signal = chain.build(subject, Lines())
            weakChain = signal
            expectReleased(signal, "the chain's signal")
            log.record(signal)
        }
        subject.sendNext(2)
        #expect(log.values == chain.outputs[1])
        subject.sendCompleted()
        #expect(weakChain == nil)
    }
}

/// Counts of the calls made from several threads at once.
private final class CallCounts: @unchecked Sendable {
    let transforms = Atomic<Int>(0)
    let predicates = Atomic<Int>(0)
    /// How many deliveries are running now, and whether two ever overlapped.
    let inside = Atomic<Int>(0)
    let overlapped = Atomic<Bool>(false)

    init() {}

    func enter() {
        if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
            overlapped.store(true, ordering: .relaxed)
        }
    }

    func leave() {
        inside.subtract(1, ordering: .acquiringAndReleasing)
    }
}

@Suite("Stage fusion: concurrent senders", .checksRelease)
struct StageFusionConcurrencyTests {
    private let threads = 4
    private let perThread = 2_000

    /// The value thread `thread` sends `index`-th.
    private func value(_ thread: Int, _ index: Int) -> Int {
        thread * perThread + index + 1
    }

    @Test("several threads send into a subject under map → filter: each value once, one at a time")
    func mapFilter() {
        let subject = Subject<Int, Boom>()
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
            counts.enter()
            received.withValue { $0.append(value) }
            counts.leave()
        })
        concurrently(threads) { thread in
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
        let overlapped = counts.overlapped.load(ordering: .relaxed)
        #expect(!overlapped)
        // Each thread's values arrive in the order it sent them.
        for thread in 0..<threads {
            let own = values.filter { ($0 / 2 - 1) / perThread == thread }
            #expect(own == own.sorted(), "thread \(thread)")
        }
    }

    @Test("several threads send while the map signal and two filters of it are subscribed")
    func intermediateAndFilters() {
        let subject = Subject<Int, Boom>()
        let mapped = subject.map { $0 * 10 }
        let all = EventLog.of(mapped)
        let odd = EventLog.of(mapped.filter { ($0 / 10) % 2 == 1 })
        let small = EventLog.of(mapped.filter { $0 <= 10 * perThread })
        concurrently(threads) { thread in
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
        let subject = Subject<Int, Boom>()
        let log = EventLog.of(
            subject.map { $0 * 2 }.filter { $0 % 3 == 0 }.scan(0, +).distinctUntilChanged().take(500))
        concurrently(threads) { thread in
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

/// Stage `index` of an alternating chain: a `map` at even indices, a `filter` at odd ones (which
/// drops something only every 250th stage). Its closure is also applied to an array, to compute
/// what the chain must deliver.
private enum AlternatingStage {
    case map((Int) -> Int)
    case filter((Int) -> Bool)

    init(_ index: Int) {
        if index % 2 == 0 {
            self = .map { $0 &+ index % 7 }
        } else {
            self = .filter { index % 250 != 1 || $0 % 5 != 0 }
        }
    }

    /// The stage applied to `signal`, counting its calls in `calls`.
    func apply<Failure>(to signal: Signal<Int, Failure>, counting calls: OpCounter) -> Signal<Int, Failure> {
        switch self {
        case .map(let transform):
            signal.map { value in
                calls.increment()
                return transform(value)
            }
        case .filter(let isIncluded):
            signal.filter { value in
                calls.increment()
                return isIncluded(value)
            }
        }
    }

    /// The stage applied to `values`, and how many calls that takes.
    func apply(to values: [Int]) -> (values: [Int], calls: Int) {
        switch self {
        case .map(let transform): (values.map(transform), values.count)
        case .filter(let isIncluded): (values.filter(isIncluded), values.count)
        }
    }
}

/// A chain of `count` alternating stages over `source`, and what it must do with `values`.
private func alternatingChain<Failure>(
    _ count: Int, over source: Signal<Int, Failure>, counting calls: OpCounter, for values: [Int]
) -> (chain: Signal<Int, Failure>, values: [Int], calls: Int) {
    var chain = source
    var expected = values
    var expectedCalls = 0
    for index in 0..<count {
        let stage = AlternatingStage(index)
        chain = stage.apply(to: chain, counting: calls)
        let applied = stage.apply(to: expected)
        expected = applied.values
        expectedCalls += applied.calls
    }
    return (chain, expected, expectedCalls)
}

@Suite("Stage fusion: long chains of alternating map and filter", .checksRelease)
struct StageFusionLongChainTests {
    /// Longer than the 64 stages between two delivery checkpoints, many times over.
    private let length = 1_000

    @Test("1 000 alternating stages over a subject: exact values and calls, disposal reaches the subject")
    func subjectSource() {
        let subject = Subject<Int, Boom>()
        let calls = OpCounter()
        let input = Array(0..<60)
        let built = alternatingChain(length, over: subject, counting: calls, for: input)
        #expect(built.values.count < input.count)
        #expect(!built.values.isEmpty)
        let log = EventLog<Int, Boom>()
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
            length, over: Signal<Int, Boom>(values: input), counting: calls, for: input)
        let expected: [IntEvent] = built.values.map { .next($0) } + [.completed]
        #expect(eventsOf(built.chain) == expected)
        #expect(calls.value == built.calls)
        #expect(eventsOf(built.chain) == expected)
        #expect(calls.value == 2 * built.calls)
    }

    @Test("1 000 alternating stages: an error passes through unchanged")
    func error() {
        let probe = ProbeSource<Int, Boom>()
        let built = alternatingChain(length, over: probe.signal, counting: OpCounter(), for: [0, 1])
        let log = EventLog.of(built.chain)
        probe.sendNext(0)
        probe.sendNext(1)
        probe.sendError(Boom(9))
        #expect(log.events == built.values.map { .next($0) } + [.error(Boom(9))])
        #expect(probe.disposals == 1)
    }
}

/// Chains 100 000 stages deep (the other deep chains, of map alone or of map, filter and scan, are
/// in RACReliabilityTests/ChainDepthTests.swift).
@Suite("Stage fusion: a chain of 100 000 alternating map and filter stages")
struct StageFusionDeepChainTests {
    private let depth = 100_000

    /// `depth` alternating maps (adding 1) and filters (passing all), the first map capturing
    /// `token`.
    private func chain(over source: Signal<Int, Never>, capturing token: Token) -> Signal<Int, Never> {
        var chain = source.map { value in withExtendedLifetime(token) { value &+ 1 } }
        for index in 1..<depth {
            chain = index % 2 == 0 ? chain.map { $0 &+ 1 } : chain.filter { $0 > 0 }
        }
        return chain
    }

    @Test("delivers one value and completion, then is released")
    func deliversAndReleases() {
        weak var weakToken: Token?
        var values: [Int] = []
        var completions = 0
        do {
            let token = Token()
            weakToken = token
            chain(over: Signal(value: 0), capturing: token).subscribe(
                next: { values.append($0) }, completed: { completions += 1 })
        }
        #expect(values == [depth / 2])
        #expect(completions == 1)
        #expect(weakToken == nil)
    }

    @Test("over a subject released without ending: delivers, then is released with the subject")
    func releasedWithTheSubject() {
        weak var weakToken: Token?
        weak var weakSubject: Subject<Int, Never>?
        var values: [Int] = []
        do {
            let token = Token()
            let subject = Subject<Int, Never>()
            weakToken = token
            weakSubject = subject
            chain(over: subject, capturing: token).subscribe(next: { values.append($0) })
            subject.sendNext(0)
        }
        #expect(values == [depth / 2])
        #expect(weakSubject == nil)
        #expect(weakToken == nil)
    }
}

@Suite("Stage fusion: debug names")
struct StageFusionDebugNameTests {
    @Test("with RAC_DEBUG_SIGNAL_NAMES set, each combination is named stage by stage, as today")
    func debugNames() async {
        await #expect(processExitsWith: .success) {
            setenv("RAC_DEBUG_SIGNAL_NAMES", "1", 1)
            let source = Signal<Int, Never>(values: [1]).named("src")
            let mapped = source.map { $0 }
            let names = [
                mapped.filter { _ in true }.name,
                mapped.name,
                source.filter { _ in true }.map { $0 }.name,
                mapped.map { $0 }.name,
                source.filter { _ in true }.filter { _ in true }.name,
                mapped.filter { _ in true }.map { $0 }.filter { _ in true }.name,
                mapped.filter { _ in true }.scan(0, +).distinctUntilChanged().take(2).name,
            ]
            let expected = [
                "[[src] -map:] -filter:",
                "[src] -map:",
                "[[src] -filter:] -map:",
                "[[src] -map:] -map:",
                "[[src] -filter:] -filter:",
                "[[[[src] -map:] -filter:] -map:] -filter:",
                "[[[[[src] -map:] -filter:] -scanWithStart: 0 reduce:] -distinctUntilChanged] -take: 2",
            ]
            // An operator's signal prints as a `Signal`, whatever class implements it.
            let description = "\(mapped.filter { _ in true })"
            exit(names == expected && description == "<Signal<Int, Never>: [[src] -map:] -filter:>" ? 0 : 1)
        }
    }

    @Test("without RAC_DEBUG_SIGNAL_NAMES, a combination is anonymous")
    func anonymous() async {
        await #expect(processExitsWith: .success) {
            unsetenv("RAC_DEBUG_SIGNAL_NAMES")
            let source = Signal<Int, Never>(values: [1]).named("src")
            let names = [
                source.map { $0 }.filter { _ in true }.name, source.filter { _ in true }.map { $0 }.name,
                source.map { $0 }.map { $0 }.name, source.filter { _ in true }.filter { _ in true }.name,
            ]
            exit(names == Array(repeating: "anonymous", count: 4) ? 0 : 1)
        }
    }

    @Test("descriptions: an operator's signal prints as a Signal, a subject as its own class")
    func descriptions() {
        let subject = Subject<Int, Boom>()
        #expect(subject.map { $0 + 1 }.filter { $0 > 0 }.description == "<Signal<Int, Boom>: anonymous>")
        #expect(subject.scan("", { $0 + "\($1)" }).description == "<Signal<String, Boom>: anonymous>")
        #expect(subject.description.hasPrefix("<Subject<Int, Boom>: "))
    }
}

@Suite("Stage fusion: the subscriber of subscribe(next:error:completed:)", .checksRelease)
struct StageFusionFinalSubscriberTests {
    /// A source that goes on sending after its first terminal event (`.completed` or `.error`).
    private func unruly(_ terminal: IntEvent) -> Signal<Int, Boom> {
        Signal { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.send(terminal)
            subscriber.sendNext(3)
            subscriber.sendError(Boom(8))
            subscriber.sendCompleted()
            return nil
        }
    }

    @Test("each closure given gets its events, up to the first terminal event; missing ones are skipped")
    func closures() {
        for terminal: IntEvent in [.completed, .error(Boom(2))] {
            let calls = Lines()
            let signal = unruly(terminal).map(traced(calls, "map") { $0 * 10 })
                .filter(traced(calls, "filter") { $0 > 5 })
            let recorded = Lines()
            var subscriptions: [any Disposable] = []
            subscriptions.append(
                signal.subscribe(
                    next: { recorded.append("all: \($0)") }, error: { recorded.append("all: \($0)") },
                    completed: { recorded.append("all: |") }))
            subscriptions.append(signal.subscribe(next: { recorded.append("next: \($0)") }))
            subscriptions.append(signal.subscribe(error: { recorded.append("error: \($0)") }))
            subscriptions.append(signal.subscribe(completed: { recorded.append("completed: |") }))
            subscriptions.append(signal.subscribe())
            let end = terminal == .completed ? "|" : "Boom(2)"
            var expected = ["all: 10", "all: 20", "all: \(end)", "next: 10", "next: 20"]
            expected.append(terminal == .completed ? "completed: |" : "error: Boom(2)")
            #expect(recorded.all == expected, "\(terminal)")
            let callsPerSubscription = ["map 1", "filter 10", "map 2", "filter 20"]
            #expect(calls.all == Array(repeating: callsPerSubscription, count: 5).flatMap { $0 })
            #expect(subscriptions.allSatisfy { $0.isDisposed }, "\(terminal)")
        }
    }

    @Test("a subscriber disposed before the source sends gets nothing, and no closure is called")
    func disposedBeforeValues() {
        let subject = Subject<Int, Boom>()
        let calls = Lines()
        let chain = subject.map(traced(calls, "map") { $0 }).filter(traced(calls, "filter") { _ in true })
        let subscription = chain.subscribe(
            next: { calls.append("next \($0)") }, completed: { calls.append("completed") })
        subscription.dispose()
        subject.sendNext(1)
        subject.sendCompleted()
        #expect(calls.all.isEmpty)
        #expect(subject.subscriberCount == 0)
    }
}
