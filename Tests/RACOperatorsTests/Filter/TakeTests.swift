import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Synchronization
import Testing

@Suite("Filter: take, takeLast, take(until:) a predicate, take(while:)", .checksRelease)
struct TakeTests {
    @Test("take sends the first n values and completes right after the n-th, disposing the source")
    func take() {
        let probe = ProbeSource<Int, TestError>()
        let log = EventLog<Int, TestError>()
        var subscribedAtCompletion: Bool?
        log.record(probe.signal.take(2)) { event in
            if event == .completed { subscribedAtCompletion = probe.isSubscribed }
        }
        probe.sendNext(1)
        #expect(probe.isSubscribed)
        probe.sendNext(2)
        #expect(log.events == [.next(1), .next(2), .completed])
        #expect(subscribedAtCompletion == false)
        #expect(probe.disposals == 1)
        #expect(eventsOf(numbers([1, 2]).take(5)) == [.next(1), .next(2), .completed])
        #expect(eventsOf(numbers([]).take(1)) == [.completed])
        #expect(eventsOf(failing(after: [1]).take(2)) == [.next(1), .error(TestError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.take(3) })
    }

    @Test("take(0) completes at subscription without subscribing to the source (RACStream.m -take:)")
    func takeZero() {
        let probe = ProbeSource<Int, TestError>()
        #expect(eventsOf(probe.signal.take(0)) == [.completed])
        #expect(probe.subscriptions == 0)
    }

    @Test("take stops an endless synchronous source at once")
    func takeEndless() {
        let subscriptions = Log<String>()
        #expect(
            eventsOf(endlessCounter(subscriptions: subscriptions).take(3)) == [
                .next(0), .next(1), .next(2), .completed,
            ])
        #expect(subscriptions.all == ["subscribed"])
        #expect(eventsOf(endlessCounter().take(1).map { $0 + 1 }) == [.next(1), .completed])
    }

    @Test("take counts values sent back into the source from the subscriber (reentrancy)")
    func takeReentrancy() {
        let subject = Subject<Int, TestError>()
        let log = EventLog<Int, TestError>()
        log.record(subject.take(2)) { event in
            if case .next(let value) = event, value < 10 {
                subject.sendNext(value * 10)
            }
        }
        subject.sendNext(1)
        #expect(log.events == [.next(1), .next(10), .completed])
        #expect(subject.subscriberCount == 0)
    }

    @Test("takeLast sends the last n values on completion only")
    func takeLast() {
        let probe = ProbeSource<Int, TestError>()
        let log = EventLog.of(probe.signal.takeLast(2))
        for value in 1...5 { probe.sendNext(value) }
        #expect(log.events.isEmpty)
        probe.sendCompleted()
        #expect(log.events == [.next(4), .next(5), .completed])
        #expect(eventsOf(numbers([1, 2, 3]).takeLast(10)) == [.next(1), .next(2), .next(3), .completed])
        #expect(eventsOf(numbers([1, 2, 3]).takeLast(0)) == [.completed])
        #expect(eventsOf(numbers([]).takeLast(2)) == [.completed])
        #expect(eventsOf(failing(after: [1, 2]).takeLast(1)) == [.error(TestError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.takeLast(1) })
    }

    @Test("takeLast keeps the right values however often its ring wraps")
    func takeLastWraps() {
        for count in 1...5 {
            for total in 0...12 {
                let expected = Array((0..<total).suffix(count))
                #expect(eventsOf(numbers(Array(0..<total)).takeLast(count)).compactMap(\.value) == expected)
            }
        }
    }

    @Test("take(until:) with a predicate stops before the first value that passes")
    func takeUntilPredicate() {
        let probe = ProbeSource<Int, TestError>()
        let log = EventLog<Int, TestError>()
        var subscribedAtCompletion: Bool?
        log.record(probe.signal.take(until: { $0 == 3 })) { event in
            if event == .completed { subscribedAtCompletion = probe.isSubscribed }
        }
        for value in [1, 2, 3, 4] { probe.sendNext(value) }
        #expect(log.events == [.next(1), .next(2), .completed])
        #expect(subscribedAtCompletion == false)
        #expect(eventsOf(numbers([1, 2]).take(until: { $0 > 5 })) == [.next(1), .next(2), .completed])
        #expect(eventsOf(numbers([]).take(until: { _ in true })) == [.completed])
        #expect(
            eventsOf(failing(after: [1]).take(until: { _ in false })) == [.next(1), .error(TestError(1))])
        #expect(
            disposalReachesSource { (source: Signal<Int, TestError>) in source.take(until: { _ in false }) })
    }

    @Test("take(while:) stops at the first value that fails")
    func takeWhile() {
        #expect(eventsOf(numbers([1, 2, 3, 1]).take(while: { $0 < 3 })) == [.next(1), .next(2), .completed])
        #expect(eventsOf(endlessCounter().take(while: { $0 < 2 })) == [.next(0), .next(1), .completed])
        #expect(eventsOf(numbers([]).take(while: { _ in false })) == [.completed])
        #expect(
            eventsOf(failing(after: [1]).take(while: { _ in true })) == [.next(1), .error(TestError(1))])
        #expect(
            disposalReachesSource { (source: Signal<Int, TestError>) in source.take(while: { _ in true }) })
    }

    @Test("negative counts stop with a message naming the call and the value")
    func negativeCounts() async {
        let take = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.take(-1)
        }
        let takeMessage = String(decoding: take?.standardErrorContent ?? [], as: UTF8.self)
        #expect(takeMessage.contains("take(_:)"))
        #expect(takeMessage.contains("-1"))
        let skip = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.skip(-2)
        }
        let skipMessage = String(decoding: skip?.standardErrorContent ?? [], as: UTF8.self)
        #expect(skipMessage.contains("skip(_:)"))
        #expect(skipMessage.contains("-2"))
        let takeLast = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.takeLast(-3)
        }
        let takeLastMessage = String(decoding: takeLast?.standardErrorContent ?? [], as: UTF8.self)
        #expect(takeLastMessage.contains("takeLast(_:)"))
        #expect(takeLastMessage.contains("-3"))
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("take completes right after the n-th value and disposes the source then")
    func takes() throws {
        try expectMarbles(
            { $0.take(2) },
            [
                MarbleCase("-a-b-c-|", "-a-(b|)", ["^--!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "-a-#", ["^--!"]),
                MarbleCase("-a-b-c-|", "-a", ["^-!"], disposeAt: 2),
            ])
        try expectMarbles(
            { $0.take(0) },
            [
                MarbleCase("-a-b-|", "|", []),
                MarbleCase("-#", "|", []),
            ])
    }

    @Test("takeLast sends the last n values at completion")
    func takeLasts() throws {
        try expectMarbles(
            { $0.takeLast(2) },
            [
                MarbleCase("-a-b-c-|", "-------(bc|)", ["^------!"]),
                MarbleCase("-a-|", "---(a|)", ["^--!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-b-#", "-----#", ["^----!"]),
                MarbleCase("-a-b-c-|", "----", ["^---!"], disposeAt: 4),
            ])
        try expectMarbles({ $0.takeLast(0) }, [MarbleCase("-a-b-|", "-----|", ["^----!"])])
    }

    @Test("take(until:) with a predicate completes at the first value that passes, without it")
    func takeUntilPredicates() throws {
        try expectMarbles(
            { $0.take(until: { $0 == "c" }) },
            [
                MarbleCase("-a-b-c-d-|", "-a-b-|", ["^----!"]),
                MarbleCase("-a-b-|", "-a-b-|", ["^----!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "-a-#", ["^--!"]),
                MarbleCase("-a-b-c-|", "-a-", ["^--!"], disposeAt: 3),
            ])
    }

    @Test("take(while:) completes at the first value that fails, without it")
    func takeWhiles() throws {
        try expectMarbles(
            { $0.take(while: { $0 != "c" }) },
            [
                MarbleCase("-a-b-c-d-|", "-a-b-|", ["^----!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "-a-#", ["^--!"]),
                MarbleCase("-a-b-c-|", "-a-", ["^--!"], disposeAt: 3),
            ])
    }

    @Test("take: a value sent into the source from the callback counts, nested, and ends it")
    func takeReentrant() {
        let subject = Subject<Int, Never>()
        let log = EventLog<Int, Never>()
        log.record(subject.take(2)) { event in
            if case .next(1) = event { subject.sendNext(2) }
        }
        subject.sendNext(1)
        subject.sendNext(3)
        #expect(log.events == [.next(1), .next(2), .completed])
        #expect(subject.subscriberCount == 0)
    }

    @Test("take(1) after map → filter disposes the subject subscription before it completes")
    func takeOneDisposesTheSubject() {
        let subject = Subject<Int, TestError>()
        let calls = Log<String>()
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
        let probe = ProbeSource<Int, TestError>()
        let events = Log<String>()
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
        let calls = Log<String>()
        let endless = Signal<Int, TestError> { subscriber in
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

    /// A source that keeps every subscriber it is given (as a badly behaved signal might) and
    /// sends it one `Token`: only the operators' own release on stop can let the values go.
    private func hoarding(_ kept: Locked<[Subscriber<Token, Never>]>) -> Signal<Token, Never> {
        Signal { subscriber in
            kept.withValue { $0.append(subscriber) }
            subscriber.sendNext(Token())
            return nil
        }
    }

    @Test("take after the chain ends it: the chain lets go of the subscriber and the closures at once")
    func releasedWhenTakeEnds() {
        let subject = Subject<Int, TestError>()
        weak var weakSink: Token?
        weak var weakCalls: Log<String>?
        do {
            let sink = Token()
            let calls = Log<String>()
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
}
