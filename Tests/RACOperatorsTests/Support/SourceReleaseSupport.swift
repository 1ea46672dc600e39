import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Synchronization
import Testing

// A chain whose sources are released without ever ending is released with them (defect 4 in
// Docs/Reliability.md): a stage links its upstream subscription instead of holding it, so nothing
// holds a chain but its sources. Disposal still reaches the sources, synchronously.

/// A weak reference to a subject, to tell whether it was released.
struct WeakSubject {
    weak var subject: Subject<Int, TestError>?
}

/// One operator (or chain) over `sources` subjects, for the release and disposal tests.
struct ReleaseCase: Sendable, CustomTestStringConvertible {
    let name: String
    /// How many subjects `build` takes.
    let sources: Int
    /// Builds the chain; every closure it gives an operator captures the probe.
    fileprivate let build: @Sendable ([Subject<Int, TestError>], Token) -> Signal<Int, TestError>
    /// Sends into the subjects, once subscribed.
    let feed: @Sendable ([Subject<Int, TestError>]) -> Void
    /// The values the subscription receives from `feed`.
    let expected: [Int]
    /// How many subscribers each subject has after `feed`.
    let live: [Int]

    var testDescription: String { name }

    fileprivate init(
        _ name: String, sources: Int = 1, expected: [Int], live: [Int],
        build: @escaping @Sendable ([Subject<Int, TestError>], Token) -> Signal<Int, TestError>,
        feed: @escaping @Sendable ([Subject<Int, TestError>]) -> Void
    ) {
        self.name = name
        self.sources = sources
        self.build = build
        self.feed = feed
        self.expected = expected
        self.live = live
    }

    /// Fresh subjects, the chain over them subscribed (values appended to `values`; the `next`
    /// closure captures `sink`), and `feed` run. Returns the subjects and the subscription.
    func start(sink: Token, captured: Token, values: Locked<[Int]>)
        -> ([Subject<Int, TestError>], any Disposable)
    {
        let subjects = (0..<sources).map { _ in Subject<Int, TestError>() }
        let subscription = build(subjects, captured).subscribe(next: { value in
            withExtendedLifetime(sink) { values.withValue { $0.append(value) } }
        })
        feed(subjects)
        return (subjects, subscription)
    }
}

/// `map` with a transform that captures `probe`.
func keep(_ probe: Token) -> (Int) -> Int {
    { value in withExtendedLifetime(probe) { value } }
}

let releaseCases: [ReleaseCase] = [
    ReleaseCase("map", expected: [2, 4], live: [1]) { s, p in
        s[0].map { value in withExtendedLifetime(p) { value * 2 } }
    } feed: { s in
        s[0].sendNext(1)
        s[0].sendNext(2)
    },
    ReleaseCase("filter", expected: [1, 3], live: [1]) { s, p in
        s[0].filter { value in withExtendedLifetime(p) { value % 2 == 1 } }
    } feed: { s in
        for value in 1...3 { s[0].sendNext(value) }
    },
    ReleaseCase("scan", expected: [1, 3, 6], live: [1]) { s, p in
        s[0].scan(0) { total, value in withExtendedLifetime(p) { total + value } }
    } feed: { s in
        for value in 1...3 { s[0].sendNext(value) }
    },
    ReleaseCase("distinctUntilChanged", expected: [1, 2], live: [1]) { s, p in
        s[0].distinctUntilChanged { a, b in withExtendedLifetime(p) { a == b } }
    } feed: { s in
        for value in [1, 1, 2, 2] { s[0].sendNext(value) }
    },
    ReleaseCase("take(n)", expected: [1, 2], live: [1]) { s, p in
        s[0].map(keep(p)).take(3)
    } feed: { s in
        s[0].sendNext(1)
        s[0].sendNext(2)
    },
    ReleaseCase("map → filter → scan → distinctUntilChanged → take", expected: [2, 6], live: [1]) { s, p in
        s[0].map(keep(p)).filter { $0 != 3 }.scan(0) { $0 + $1 }.distinctUntilChanged().take(10)
    } feed: { s in
        for value in [2, 3, 4] { s[0].sendNext(value) }
    },
    ReleaseCase("take(while:)", expected: [1], live: [1]) { s, p in
        s[0].take(while: { value in withExtendedLifetime(p) { value < 5 } })
    } feed: { s in
        s[0].sendNext(1)
    },
    ReleaseCase("flattenMap", sources: 2, expected: [7], live: [1, 1]) { s, p in
        let inner = s[1]
        return s[0].flattenMap { _ in withExtendedLifetime(p) { inner } }
    } feed: { s in
        s[0].sendNext(1)
        s[1].sendNext(7)
    },
    ReleaseCase("merge", sources: 2, expected: [1, 2], live: [1, 1]) { s, p in
        s[0].merge(s[1]).map(keep(p))
    } feed: { s in
        s[0].sendNext(1)
        s[1].sendNext(2)
    },
    ReleaseCase("combineLatest", sources: 2, expected: [12, 13], live: [1, 1]) { s, p in
        s[0].combineLatest(with: s[1]).map { pair in withExtendedLifetime(p) { pair.0 * 10 + pair.1 } }
    } feed: { s in
        s[0].sendNext(1)
        s[1].sendNext(2)
        s[1].sendNext(3)
    },
    ReleaseCase("zip", sources: 2, expected: [12], live: [1, 1]) { s, p in
        s[0].zip(with: s[1]).map { pair in withExtendedLifetime(p) { pair.0 * 10 + pair.1 } }
    } feed: { s in
        s[0].sendNext(1)
        s[0].sendNext(4)
        s[1].sendNext(2)
    },
    ReleaseCase("switchToLatest", sources: 2, expected: [5], live: [1, 1]) { s, p in
        let inner = s[1]
        return s[0].map { _ in withExtendedLifetime(p) { inner } }.switchToLatest()
    } feed: { s in
        s[0].sendNext(1)
        s[1].sendNext(5)
    },
    ReleaseCase("concat, the first signal still running", sources: 2, expected: [1], live: [1, 0]) { s, p in
        s[0].concat(s[1]).map(keep(p))
    } feed: { s in
        s[0].sendNext(1)
    },
    ReleaseCase("concat, the second signal running", sources: 2, expected: [1, 2], live: [0, 1]) { s, p in
        s[0].concat(s[1]).map(keep(p))
    } feed: { s in
        s[0].sendNext(1)
        s[0].sendCompleted()
        s[1].sendNext(2)
    },
    ReleaseCase("catch, no error yet", sources: 2, expected: [1], live: [1, 0]) { s, p in
        let fallback = s[1]
        return s[0].catch { _ in withExtendedLifetime(p) { fallback } }
    } feed: { s in
        s[0].sendNext(1)
    },
    ReleaseCase("catch, the fallback running", sources: 2, expected: [1, 2], live: [0, 1]) { s, p in
        let fallback = s[1]
        return s[0].catch { _ in withExtendedLifetime(p) { fallback } }
    } feed: { s in
        s[0].sendNext(1)
        s[0].sendError(TestError(1))
        s[1].sendNext(2)
    },
    ReleaseCase("take(until:) a trigger", sources: 2, expected: [1], live: [1, 1]) { s, p in
        s[0].take(until: s[1]).map(keep(p))
    } feed: { s in
        s[0].sendNext(1)
    },
    ReleaseCase("take(untilReplacement:)", sources: 2, expected: [1], live: [1, 1]) { s, p in
        s[0].take(untilReplacement: s[1]).map(keep(p))
    } feed: { s in
        s[0].sendNext(1)
    },
    ReleaseCase("then", sources: 2, expected: [3], live: [0, 1]) { s, p in
        let next = s[1]
        return s[0].then { withExtendedLifetime(p) { next } }
    } feed: { s in
        s[0].sendNext(1)
        s[0].sendCompleted()
        s[1].sendNext(3)
    },
    ReleaseCase("sample", sources: 2, expected: [4], live: [1, 1]) { s, p in
        s[0].sample(s[1]).map(keep(p))
    } feed: { s in
        s[0].sendNext(4)
        s[1].sendNext(0)
    },
    ReleaseCase("withLatest(from:)", sources: 2, expected: [12], live: [1, 1]) { s, p in
        s[0].withLatest(from: s[1]) { value, latest in withExtendedLifetime(p) { value * 10 + latest } }
    } feed: { s in
        s[0].sendNext(0)
        s[1].sendNext(2)
        s[0].sendNext(1)
    },
    ReleaseCase("amb, no winner yet", sources: 2, expected: [], live: [1, 1]) { s, p in
        Signal.amb(s[0], s[1]).map(keep(p))
    } feed: { _ in
    },
    ReleaseCase("amb, the second won", sources: 2, expected: [3, 4], live: [0, 1]) { s, p in
        Signal.amb(s[0], s[1]).map(keep(p))
    } feed: { s in
        s[1].sendNext(3)
        s[0].sendNext(9)
        s[1].sendNext(4)
    },
    ReleaseCase("throttle, a value held", expected: [], live: [1]) { s, p in
        s[0].throttle(.seconds(1), on: VirtualTimeScheduler()).map(keep(p))
    } feed: { s in
        s[0].sendNext(1)
    },
    ReleaseCase("deliver(on: .immediate)", expected: [1], live: [1]) { s, p in
        s[0].deliver(on: Scheduler.immediate).map(keep(p))
    } feed: { s in
        s[0].sendNext(1)
    },
]

/// Operators that keep the signals they are to subscribe to (again): `retry()` its source,
/// `Signal.concat` its list. A subject among them is held by its own subscription, as in RAC, so
/// these are only checked for disposal.
let retainingCases: [ReleaseCase] = [
    ReleaseCase("Signal.concat", sources: 2, expected: [1, 2], live: [0, 1]) { s, p in
        Signal.concat([s[0], s[1]]).map(keep(p))
    } feed: { s in
        s[0].sendNext(1)
        s[0].sendCompleted()
        s[1].sendNext(2)
    },
    ReleaseCase("retry()", expected: [1, 2], live: [1]) { s, p in
        s[0].retry().map(keep(p))
    } feed: { s in
        s[0].sendNext(1)
        s[0].sendNext(2)
    },
]

/// A cold signal that sends 1 and never ends, and does not keep its subscriber: nothing can send
/// to that subscriber again, but its disposable is due when the subscription ends.
func neverRetaining(disposals: Locked<Int>) -> Signal<Int, TestError> {
    Signal { subscriber in
        subscriber.sendNext(1)
        return ActionDisposable { disposals.withValue { $0 += 1 } }
    }
}

/// Subscribes to the chain `chain(subject, token)` builds over a fresh subject, whose closures
/// capture `token`; sends `values`, checks that the live chain keeps the token, ends the
/// subscription as `end` says (a disposal, or the subject's completion or error), then expects the
/// token released and the subject left without subscribers. Returns the events received.
///
/// ```
/// expectCapturesReleased(ending: .disposal) { subject, token in
///     subject.map { value in withExtendedLifetime(token) { value } }
/// }
/// ```
@discardableResult
func expectCapturesReleased<Output, Failure: Error>(
    ending end: SubscriptionEnd, sending values: [Int] = [],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ chain: (Subject<Int, TestError>, Token) -> Signal<Output, Failure>
) -> [Event<Output, Failure>] {
    let subject = Subject<Int, TestError>()
    let log = EventLog<Output, Failure>()
    weak var weakCaptured: Token?
    var subscription: (any Disposable)?
    do {
        let captured = Token()
        weakCaptured = captured
        subscription = log.record(chain(subject, captured), sourceLocation: sourceLocation)
    }
    for value in values { subject.sendNext(value) }
    #expect(weakCaptured != nil, "the live chain let go of its captures", sourceLocation: sourceLocation)
    switch end {
    case .disposal: subscription?.dispose()
    case .completion: subject.sendCompleted()
    case .error: subject.sendError(TestError(1))
    }
    #expect(weakCaptured == nil, "the ended chain still holds its captures", sourceLocation: sourceLocation)
    #expect(subject.subscriberCount == 0, sourceLocation: sourceLocation)
    return log.events
}

/// Runs `body(source, token)` over a cold source made from `marble` on `scheduler`, with a
/// `Token` for the chain's closures to capture, and expects both released once it has returned:
/// the chain, ended, let go of its source and its closures.
///
/// ```
/// try expectChainReleased(on: scheduler, source: "-a-|") { source, token in
///     try scheduler.expect(source.doNext { _ in withExtendedLifetime(token) {} }, toEmit: "-a-|")
/// }
/// ```
func expectChainReleased(
    on scheduler: TestScheduler, source marble: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (TestSignal<String, Never>, Token) throws -> Void
) throws {
    weak var weakToken: Token?
    weak var weakSource: TestSignal<String, Never>?
    do {
        let token = Token()
        weakToken = token
        let source = try scheduler.createColdSignal(marble)
        weakSource = source
        try body(source, token)
    }
    #expect(weakToken == nil, "the chain's closures were not released", sourceLocation: sourceLocation)
    #expect(weakSource == nil, "the source was not released", sourceLocation: sourceLocation)
}
