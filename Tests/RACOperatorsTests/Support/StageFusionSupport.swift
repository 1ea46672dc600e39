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

typealias FusedEvent = Event<Int, TestError>

/// `transform`, recording each call in `calls` as "label value" before it runs.
func traced<Input, Output>(
    _ calls: Log<String>, _ label: String, _ transform: @escaping (Input) -> Output
) -> (Input) -> Output {
    { value in
        calls.append("\(label) \(value)")
        return transform(value)
    }
}

/// The values every chain is fed, in order.
let input = [1, 2, 3, 4, 5, 6]

/// One combination of single-source operators over `Int`s failing with `TestError`, its closures
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
    func build(_ source: Signal<Int, TestError>, _ calls: Log<String>) -> Signal<Int, TestError> {
        combination(index, over: source, calls: calls)
    }

    /// The calls for the first `count` values of `input`.
    func calls(first count: Int) -> [String] {
        Array(calls.prefix(count).joined())
    }

    /// The events sent for the first `count` values of `input` (the chain's own completion
    /// included, no other terminal event).
    func events(first count: Int) -> [Event<Int, TestError>] {
        var events: [Event<Int, TestError>] = outputs.prefix(count).joined().map { .next($0) }
        if let end = completesAfter, end <= count {
            events.append(.completed)
        }
        return events
    }

    /// The events sent for all of `input` followed by the source's completion.
    var completeEvents: [Event<Int, TestError>] {
        let events = events(first: input.count)
        return completesAfter == nil ? events + [.completed] : events
    }

    /// How many values of `input` go in up to the one that makes the chain send its first value.
    var firstOutputIndex: Int {
        outputs.firstIndex { !$0.isEmpty }! + 1
    }
}

/// The names of the combinations `combination(_:over:calls:)` builds.
let combinationNames = [
    "map → filter", "filter → map", "map → map", "filter → filter", "map → filter → map → filter",
    "map → filter → scan → distinctUntilChanged → take",
]

/// Combination `index` over `source`, for any failure type; each closure records its calls in
/// `calls`. What each one sends is in `chains`.
func combination<Failure: Error>(
    _ index: Int, over source: Signal<Int, Failure>, calls: Log<String>
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
let chains: [FusedChain] = [
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
func heedless(_ values: [Int]) -> Signal<Int, TestError> {
    Signal { subscriber in
        for value in values { subscriber.sendNext(value) }
        subscriber.sendCompleted()
        return nil
    }
}

/// A weak reference to a subscriber, for a callback that disposes its own subscription.
final class WeakSubscriber<Value, Failure: Error>: @unchecked Sendable {
    weak var subscriber: Subscriber<Value, Failure>?
    init() {}
}

// Its own error type, a class: `TestError` is a value, whose identity no test can check.
/// An error whose identity the tests check: the very instance sent must arrive.
final class IdentifiedError: Error, @unchecked Sendable {
    init() {}
}

/// How a subscription ends in the release tests.
enum SubscriptionEnd: String, CaseIterable, Sendable {
    case completion, error, disposal
}

/// Counts of the calls made from several threads at once.
final class CallCounts: @unchecked Sendable {
    let transforms = Atomic<Int>(0)
    let predicates = Atomic<Int>(0)
    /// The deliveries running at once (never more than one).
    let deliveries = OverlapProbe()

    init() {}
}

/// Stage `index` of an alternating chain: a `map` at even indices, a `filter` at odd ones (which
/// drops something only every 250th stage). Its closure is also applied to an array, to compute
/// what the chain must deliver.
enum AlternatingStage {
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
func alternatingChain<Failure>(
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
