import Foundation
import RACOperators
import Synchronization
import Testing

// A chain whose sources are released without ever ending is released with them (defect 4 in
// Docs/Reliability.md): a stage links its upstream subscription instead of holding it, so nothing
// holds a chain but its sources. Disposal still reaches the sources, synchronously.

/// An object whose release the tests observe through a weak reference.
private final class Probe: @unchecked Sendable {
    init() {}
}

/// A weak reference to a subject, to tell whether it was released.
private struct WeakSubject {
    weak var subject: Subject<Int, ProbeError>?
}

/// One operator (or chain) over `sources` subjects, for the release and disposal tests.
struct ReleaseCase: Sendable, CustomTestStringConvertible {
    let name: String
    /// How many subjects `build` takes.
    let sources: Int
    /// Builds the chain; every closure it gives an operator captures the probe.
    fileprivate let build: @Sendable ([Subject<Int, ProbeError>], Probe) -> Signal<Int, ProbeError>
    /// Sends into the subjects, once subscribed.
    let feed: @Sendable ([Subject<Int, ProbeError>]) -> Void
    /// The values the subscription receives from `feed`.
    let expected: [Int]
    /// How many subscribers each subject has after `feed`.
    let live: [Int]

    var testDescription: String { name }

    fileprivate init(
        _ name: String, sources: Int = 1, expected: [Int], live: [Int],
        build: @escaping @Sendable ([Subject<Int, ProbeError>], Probe) -> Signal<Int, ProbeError>,
        feed: @escaping @Sendable ([Subject<Int, ProbeError>]) -> Void
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
    fileprivate func start(sink: Probe, captured: Probe, values: Locked<[Int]>)
        -> ([Subject<Int, ProbeError>], any Disposable)
    {
        let subjects = (0..<sources).map { _ in Subject<Int, ProbeError>() }
        let subscription = build(subjects, captured).subscribe(next: { value in
            withExtendedLifetime(sink) { values.withValue { $0.append(value) } }
        })
        feed(subjects)
        return (subjects, subscription)
    }
}

/// `map` with a transform that captures `probe`.
private func keep(_ probe: Probe) -> (Int) -> Int {
    { value in withExtendedLifetime(probe) { value } }
}

private let releaseCases: [ReleaseCase] = [
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
        s[0].sendError(ProbeError(1))
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
    ReleaseCase("deliver(on: .immediate)", expected: [1], live: [1]) { s, p in
        s[0].deliver(on: Scheduler.immediate).map(keep(p))
    } feed: { s in
        s[0].sendNext(1)
    },
]

/// Operators that keep the signals they are to subscribe to (again): `retry()` its source,
/// `Signal.concat` its list. A subject among them is held by its own subscription, as in RAC, so
/// these are only checked for disposal.
private let retainingCases: [ReleaseCase] = [
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
private func neverRetaining(disposals: Locked<Int>) -> Signal<Int, ProbeError> {
    Signal { subscriber in
        subscriber.sendNext(1)
        return ActionDisposable { disposals.withValue { $0 += 1 } }
    }
}

@Suite("Source release: a chain whose sources are released without ending is released")
struct SourceReleaseTests {
    @Test(
        "the subjects, the subscriber's captures and the operator's captures are released",
        arguments: releaseCases)
    func releasedWithTheSource(_ chain: ReleaseCase) {
        let values = Locked<[Int]>([])
        weak var sink: Probe?
        weak var captured: Probe?
        var subjects: [WeakSubject] = []
        do {
            let sinkProbe = Probe()
            let capturedProbe = Probe()
            sink = sinkProbe
            captured = capturedProbe
            let (sources, _) = chain.start(sink: sinkProbe, captured: capturedProbe, values: values)
            subjects = sources.map { WeakSubject(subject: $0) }
            #expect(sources.map(\.subscriberCount) == chain.live)
        }
        #expect(values.current == chain.expected)
        #expect(subjects.count == chain.sources)
        #expect(subjects.allSatisfy { $0.subject == nil })
        #expect(sink == nil)
        #expect(captured == nil)
    }

    @Test(
        "disposing the result disposes every source subscription before dispose() returns",
        arguments: releaseCases + retainingCases)
    func disposalReachesTheSources(_ chain: ReleaseCase) {
        let values = Locked<[Int]>([])
        let (sources, subscription) = chain.start(sink: Probe(), captured: Probe(), values: values)
        #expect(sources.map(\.subscriberCount) == chain.live)
        subscription.dispose()
        #expect(sources.map(\.subscriberCount) == Array(repeating: 0, count: chain.sources))
        #expect(subscription.isDisposed)
        for source in sources { source.sendNext(100) }
        #expect(values.current == chain.expected)
    }

    @Test("a kept subscription outlives its released chain: not stopped, and disposable later")
    func keptSubscription() {
        weak var sink: Probe?
        weak var captured: Probe?
        var subscription: (any Disposable)?
        do {
            let subject = Subject<Int, ProbeError>()
            let sinkProbe = Probe()
            let capturedProbe = Probe()
            sink = sinkProbe
            captured = capturedProbe
            subscription = subject.map(keep(capturedProbe)).filter { _ in true }.subscribe(next: { _ in
                withExtendedLifetime(sinkProbe) {}
            })
        }
        #expect(captured == nil)
        #expect(sink != nil)
        #expect(subscription?.isDisposed == false)
        subscription?.dispose()
        #expect(subscription?.isDisposed == true)
        #expect(sink == nil)
        subscription = nil
    }

    @Test("a chain of 200 maps (with delivery checkpoints) is released with its source")
    func longChainReleased() {
        weak var sink: Probe?
        weak var captured: Probe?
        weak var weakSubject: Subject<Int, ProbeError>?
        let values = Locked<[Int]>([])
        do {
            let subject = Subject<Int, ProbeError>()
            weakSubject = subject
            let sinkProbe = Probe()
            let capturedProbe = Probe()
            sink = sinkProbe
            captured = capturedProbe
            var chain = subject.map(keep(capturedProbe))
            for _ in 0..<199 {
                chain = chain.map { $0 + 1 }
            }
            chain.subscribe(next: { value in
                withExtendedLifetime(sinkProbe) {}
                values.withValue { $0.append(value) }
            })
            subject.sendNext(1)
            subject.sendNext(2)
        }
        #expect(values.current == [200, 201])
        #expect(weakSubject == nil)
        #expect(captured == nil)
        #expect(sink == nil)
    }

    @Test("disposing a chain of 200 maps (with delivery checkpoints) reaches the source at once")
    func longChainDisposed() {
        let subject = Subject<Int, ProbeError>()
        var chain = subject.map { $0 }
        for _ in 0..<199 {
            chain = chain.map { $0 + 1 }
        }
        let subscription = chain.subscribe(next: { _ in })
        #expect(subject.subscriberCount == 1)
        subscription.dispose()
        #expect(subject.subscriberCount == 0)
        #expect(subscription.isDisposed)
    }

    @Test("disposing the result runs a cold source's disposal action before dispose() returns")
    func coldSourceDisposal() {
        let probe = ProbeSource<Int, ProbeError>()
        let values = Locked<[Int]>([])
        let subscription = probe.signal.map { $0 * 2 }.filter { _ in true }.scan(0, +).distinctUntilChanged()
            .take(10).subscribe(next: { value in values.withValue { $0.append(value) } })
        probe.sendNext(1)
        #expect(probe.subscriptions == 1 && probe.isSubscribed && probe.disposals == 0)
        subscription.dispose()
        #expect(!probe.isSubscribed)
        #expect(probe.disposals == 1)
        #expect(values.current == [2])
    }

    @Test("take(1) disposes its source before it completes")
    func takeDisposesFirst() {
        let subject = Subject<Int, ProbeError>()
        let probe = ProbeSource<Int, ProbeError>()
        let states = Locked<[String]>([])
        subject.map { $0 }.take(1).subscribe(
            next: { value in states.withValue { $0.append("next \(value)") } },
            completed: { states.withValue { $0.append("completed, \(subject.subscriberCount) left") } })
        probe.signal.take(1).subscribe(completed: {
            states.withValue { $0.append("completed, disposals \(probe.disposals)") }
        })
        subject.sendNext(7)
        probe.sendNext(8)
        #expect(states.current == ["next 7", "completed, 0 left", "completed, disposals 1"])
    }

    @Test("a source that keeps no subscriber: its disposable is disposed when the result is, not before")
    func neverRetainingSource() {
        for (name, step) in [
            (
                "map → filter",
                { (signal: Signal<Int, ProbeError>) in signal.map { $0 + 1 }.filter { _ in true } }
            ),
            (
                "flattenMap",
                { (signal: Signal<Int, ProbeError>) in signal.flattenMap { Signal(value: $0 + 1) } }
            ),
            (
                "switchToLatest",
                { (signal: Signal<Int, ProbeError>) in
                    signal.map { Signal(value: $0 + 1) }.switchToLatest()
                }
            ),
            (
                "take(until:)",
                { (signal: Signal<Int, ProbeError>) in
                    signal.take(until: Signal<Int, ProbeError>.never).map { $0 + 1 }
                }
            ),
        ] {
            let disposals = Locked(0)
            let values = Locked<[Int]>([])
            let subscription = step(neverRetaining(disposals: disposals)).subscribe(next: { value in
                values.withValue { $0.append(value) }
            })
            #expect(values.current == [2], "\(name)")
            #expect(disposals.current == 0, "\(name)")
            subscription.dispose()
            #expect(disposals.current == 1, "\(name)")
        }
    }

}

/// Deep chains, on a small stack: skipped with the other stack-depth suites under AddressSanitizer
/// (whose frames are several times larger; see .ci/run).
@Suite("Source release: a deep chain released with its source")
struct SourceReleaseStackDepthTests {
    @Test("releasing the subject under 2 000 flattenMaps on a 256 KiB stack releases the chain")
    func deepChainReleased() {
        let released = onSmallStack { () -> (Bool, Bool, [Int]) in
            let values = Locked<[Int]>([])
            weak var weakSubject: Subject<Int, ProbeError>?
            weak var weakSink: Probe?
            do {
                let subject = Subject<Int, ProbeError>()
                let sink = Probe()
                weakSubject = subject
                weakSink = sink
                var chain: Signal<Int, ProbeError> = subject
                for _ in 0..<2_000 { chain = chain.flattenMap { Signal(value: $0 + 1) } }
                chain.subscribe(next: { value in
                    withExtendedLifetime(sink) { values.withValue { $0.append(value) } }
                })
                subject.sendNext(0)
            }
            return (weakSubject == nil, weakSink == nil, values.current)
        }
        #expect(released.0)
        #expect(released.1)
        #expect(released.2 == [2_000])
    }
}

@Suite("Source release racing disposal")
struct SourceReleaseRaceTests {
    /// Holds a reference for the threads of a race, so that it can be dropped after the race: a
    /// thread may keep its closure (and what that captures) a little after it has signalled.
    private final class Holder<Object>: @unchecked Sendable {
        var object: Object?
        init(_ object: Object) { self.object = object }
    }

    /// Counts the threads of a race that have arrived.
    private final class StartLine: Sendable {
        let arrived = Atomic<Int>(0)
    }

    /// Runs `first` and `second` on two new threads, released together once both have started,
    /// and waits for both.
    private func race(_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) {
        let line = StartLine()
        let done = DispatchSemaphore(value: 0)
        for body in [first, second] {
            Thread {
                line.arrived.add(1, ordering: .acquiringAndReleasing)
                while line.arrived.load(ordering: .acquiring) < 2 { sched_yield() }
                body()
                done.signal()
            }.start()
        }
        done.wait()
        done.wait()
    }

    private static let chains:
        [(String, @Sendable (Subject<Int, ProbeError>, Probe) -> Signal<Int, ProbeError>)] = [
            (
                "map → filter → scan → distinctUntilChanged → take",
                { subject, probe in
                    subject.map(keep(probe)).filter { _ in true }.scan(0, +).distinctUntilChanged().take(100)
                }
            ),
            (
                "flattenMap, merge, switchToLatest",
                { subject, probe in
                    subject.flattenMap { Signal(value: $0) }.merge(Signal.never).map { value in
                        Signal(value: value)
                    }
                    .switchToLatest().map(keep(probe))
                }
            ),
            (
                "combineLatest, take(until:)",
                { subject, probe in
                    subject.combineLatest(with: Signal(value: 1)).map { $0.0 }.take(
                        until: Signal<Int, ProbeError>.never
                    )
                    .map(keep(probe))
                }
            ),
        ]

    @Test("one thread releases the source while another disposes the result")
    func releaseWhileDisposing() {
        for (name, build) in Self.chains {
            for _ in 0..<500 {
                let values = Locked<[Int]>([])
                weak var weakSubject: Subject<Int, ProbeError>?
                weak var weakSink: Probe?
                weak var weakCaptured: Probe?
                do {
                    // The holder has the only reference to the subject.
                    let source = Holder(Subject<Int, ProbeError>())
                    let sink = Probe()
                    let captured = Probe()
                    weakSubject = source.object
                    weakSink = sink
                    weakCaptured = captured
                    let subscription = Holder(
                        build(source.object!, captured).subscribe(next: { value in
                            withExtendedLifetime(sink) { values.withValue { $0.append(value) } }
                        }))
                    source.object?.sendNext(1)
                    race({ source.object = nil }, { subscription.object?.dispose() })
                    #expect(subscription.object?.isDisposed == true, "\(name)")
                    subscription.object = nil
                }
                #expect(values.current == [1], "\(name)")
                #expect(weakSubject == nil, "\(name)")
                #expect(weakSink == nil, "\(name)")
                #expect(weakCaptured == nil, "\(name)")
            }
        }
    }

    @Test("one thread completes the source while another disposes the result")
    func completeWhileDisposing() {
        for (name, build) in Self.chains {
            for _ in 0..<500 {
                let events = Locked<[String]>([])
                weak var weakSink: Probe?
                do {
                    let source = Holder(Subject<Int, ProbeError>())
                    let sink = Probe()
                    weakSink = sink
                    let subscription = Holder(
                        build(source.object!, Probe()).subscribe(
                            next: { value in
                                withExtendedLifetime(sink) { events.withValue { $0.append("\(value)") } }
                            },
                            completed: { events.withValue { $0.append("|") } }))
                    source.object?.sendNext(1)
                    race({ source.object?.sendCompleted() }, { subscription.object?.dispose() })
                    #expect(subscription.object?.isDisposed == true, "\(name)")
                    #expect(source.object?.subscriberCount == 0, "\(name)")
                    source.object = nil
                    subscription.object = nil
                }
                // Completion (the first chain completes with its source) may or may not win.
                let recorded = events.current
                #expect(recorded == ["1"] || recorded == ["1", "|"], "\(name): \(recorded)")
                #expect(weakSink == nil, "\(name)")
            }
        }
    }
}

/// A computation handed to another thread, and its result.
private final class Outcome<Result>: @unchecked Sendable {
    let body: () -> Result
    var result: Result?

    init(_ body: @escaping () -> Result) { self.body = body }
}

/// Runs `body` on a new thread with a 256 KiB stack, waits for it and returns its result.
private func onSmallStack<Result>(_ body: @escaping () -> Result) -> Result {
    let outcome = Outcome(body)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        outcome.result = outcome.body()
        done.signal()
    }
    thread.stackSize = 256 * 1024
    thread.start()
    done.wait()
    return outcome.result!
}
