import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Synchronization
import Testing

@Suite("Stage fusion: disposal, reentrancy, release, the final subscriber", .checksRelease)
struct StageFusionLifetimeTests {
    /// `map` followed directly by `filter` is one stage (`Signal.fusing(_:named:)`, with the `fusedAfterMap` fusion `map` offers): the predicate
    /// still runs for the value whose transform disposed the subscription (as in Combine's fused
    /// map and filter), but the value goes no further, and the stages after it do not see it.
    @Test("disposing from inside the transform: only the fused predicate still sees that value")
    func disposedInsideTheTransform() {
        let subject = Subject<Int, TestError>()
        let calls = Log<String>()
        let reference = WeakSubscriber<Int, TestError>()
        let log = EventLog<Int, TestError>()
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
        let subject = Subject<Int, TestError>()
        let calls = Log<String>()
        let reference = WeakSubscriber<Int, TestError>()
        let log = EventLog<Int, TestError>()
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

    @Test("map → filter: values sent into the subject from the subscriber are delivered nested, in order")
    func mapFilter() {
        weak var weakSubject: Subject<Int, TestError>?
        do {
            let subject = Subject<Int, TestError>()
            weakSubject = subject
            let trace = Log<String>()
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
                { (s: Signal<Int, TestError>, t: Log<String>) in
                    s.filter(traced(t, "a") { $0 > 0 }).map(traced(t, "b") { $0 })
                }
            ),
            (
                "map → map",
                { (s: Signal<Int, TestError>, t: Log<String>) in
                    s.map(traced(t, "a") { $0 }).map(traced(t, "b") { $0 })
                }
            ),
            (
                "filter → filter",
                { (s: Signal<Int, TestError>, t: Log<String>) in
                    s.filter(traced(t, "a") { $0 > 0 }).filter(traced(t, "b") { _ in true })
                }
            ),
        ] {
            let subject = Subject<Int, TestError>()
            let trace = Log<String>()
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
        let subject = Subject<Int, TestError>()
        let trace = Log<String>()
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
        let subject = Subject<Int, TestError>()
        weak var weakSink: Token?
        weak var weakCalls: Log<String>?
        let received = Locked<[String]>([])
        var subscription: (any Disposable)?
        do {
            let sink = Token()
            let calls = Log<String>()
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
        case .error: subject.sendError(TestError(5))
        case .disposal: subscription?.dispose()
        }
        // The subject and the subscription are still held here.
        #expect(subject.subscriberCount == 0)
        #expect(subscription?.isDisposed == true)
        #expect(weakSink == nil)
        #expect(weakCalls == nil)
        let terminal = ["completion": ["|"], "error": ["TestError(5)"], "disposal": []][end.rawValue]!
        let values = chain.events(first: 2).compactMap(\.value).map { "\($0)" }
        #expect(received.current == values + terminal)
        subscription = nil
    }

    @Test(
        "a subject released without ending releases the chain, its closures and (unless kept) the subscriber",
        arguments: chains, [false, true])
    func releasedWithTheSubject(_ chain: FusedChain, keepsSubscription: Bool) {
        weak var weakSubject: Subject<Int, TestError>?
        weak var weakSink: Token?
        weak var weakCalls: Log<String>?
        let received = Locked<[Int]>([])
        var subscription: (any Disposable)?
        do {
            let subject = Subject<Int, TestError>()
            let sink = Token()
            let calls = Log<String>()
            weakSubject = subject
            weakSink = sink
            weakCalls = calls
            expectReleased(subject, "the source subject")
            expectReleased(calls, "the Log<String> the chain's closures capture")
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
        let subject = Subject<Int, TestError>()
        weak var weakChain: Signal<Int, TestError>?
        let log = EventLog<Int, TestError>()
        do {
            let signal = chain.build(subject, Log<String>())
            weakChain = signal
            expectReleased(signal, "the chain's signal")
            log.record(signal)
        }
        subject.sendNext(2)
        #expect(log.values == chain.outputs[1])
        subject.sendCompleted()
        #expect(weakChain == nil)
    }

    /// A source that goes on sending after its first terminal event (`.completed` or `.error`).
    private func unruly(_ terminal: FusedEvent) -> Signal<Int, TestError> {
        Signal { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.send(terminal)
            subscriber.sendNext(3)
            subscriber.sendError(TestError(8))
            subscriber.sendCompleted()
            return nil
        }
    }

    @Test("each closure given gets its events, up to the first terminal event; missing ones are skipped")
    func closures() {
        for terminal: FusedEvent in [.completed, .error(TestError(2))] {
            let calls = Log<String>()
            let signal = unruly(terminal).map(traced(calls, "map") { $0 * 10 })
                .filter(traced(calls, "filter") { $0 > 5 })
            let recorded = Log<String>()
            var subscriptions: [any Disposable] = []
            subscriptions.append(
                signal.subscribe(
                    next: { recorded.append("all: \($0)") }, error: { recorded.append("all: \($0)") },
                    completed: { recorded.append("all: |") }))
            subscriptions.append(signal.subscribe(next: { recorded.append("next: \($0)") }))
            subscriptions.append(signal.subscribe(error: { recorded.append("error: \($0)") }))
            subscriptions.append(signal.subscribe(completed: { recorded.append("completed: |") }))
            subscriptions.append(signal.subscribe())
            let end = terminal == .completed ? "|" : "TestError(2)"
            var expected = ["all: 10", "all: 20", "all: \(end)", "next: 10", "next: 20"]
            expected.append(terminal == .completed ? "completed: |" : "error: TestError(2)")
            #expect(recorded.all == expected, "\(terminal)")
            let callsPerSubscription = ["map 1", "filter 10", "map 2", "filter 20"]
            #expect(calls.all == Array(repeating: callsPerSubscription, count: 5).flatMap { $0 })
            #expect(subscriptions.allSatisfy { $0.isDisposed }, "\(terminal)")
        }
    }

    @Test("a subscriber disposed before the source sends gets nothing, and no closure is called")
    func disposedBeforeValues() {
        let subject = Subject<Int, TestError>()
        let calls = Log<String>()
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
