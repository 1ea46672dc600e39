import RACOperators
import RACTestSupport
import Testing

private func numbers(_ values: [Int]) -> Signal<Int, ProbeError> {
    Signal(values: values)
}

private func failing(after values: [Int], _ code: Int = 1) -> Signal<Int, ProbeError> {
    Signal { subscriber in
        for value in values { subscriber.sendNext(value) }
        subscriber.sendError(ProbeError(code))
        return nil
    }
}

/// A synchronous source that sends 0, 1, 2, … until its subscriber is disposed.
private func endlessCounter(subscriptions: Lines? = nil) -> Signal<Int, ProbeError> {
    Signal { subscriber in
        subscriptions?.append("subscribed")
        var next = 0
        while !subscriber.isDisposed {
            subscriber.sendNext(next)
            next += 1
        }
        return nil
    }
}

@Suite("Filter operators: filter, ignore, distinctUntilChanged", .checksRelease)
struct FilterBasicTests {
    @Test("filter sends only the values that pass")
    func filter() {
        #expect(eventsOf(numbers([1, 2, 3, 4]).filter { $0 % 2 == 0 }) == [.next(2), .next(4), .completed])
        #expect(eventsOf(numbers([]).filter { _ in true }) == [.completed])
        #expect(eventsOf(failing(after: [1, 2]).filter { $0 > 1 }) == [.next(2), .error(ProbeError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.filter { _ in true } })
    }

    @Test("filter: a value sent into the source from the subscriber is filtered and delivered nested")
    func filterReentrancy() {
        weak var weakSubject: Subject<Int, ProbeError>?
        do {
            let subject = Subject<Int, ProbeError>()
            weakSubject = subject
            let log = EventLog<Int, ProbeError>()
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
        #expect(eventsOf(failing(after: [1, 2]).ignore(2)) == [.next(1), .error(ProbeError(1))])
        let optionals = Signal<Int?, ProbeError>(values: [nil, 1, nil])
        #expect(eventsOf(optionals.ignore(nil)) == [.next(1), .completed])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.ignore(0) })
    }

    @Test("ignoreValues passes only the terminal event")
    func ignoreValues() {
        #expect(eventsOf(numbers([1, 2, 3]).ignoreValues()) == [.completed])
        #expect(eventsOf(failing(after: [1]).ignoreValues()) == [.error(ProbeError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.ignoreValues() })
    }

    @Test("distinctUntilChanged drops values equal to the previous one; nil after nil too")
    func distinctUntilChanged() {
        #expect(
            eventsOf(numbers([1, 1, 2, 2, 1]).distinctUntilChanged()) == [
                .next(1), .next(2), .next(1), .completed,
            ])
        let optionals = Signal<Int?, ProbeError>(values: [1, 1, 2, 2, 1, nil, nil, 1])
        #expect(eventsOf(optionals.distinctUntilChanged()).compactMap(\.value) == [1, 2, 1, nil, 1])
        #expect(eventsOf(Signal<Int?, ProbeError>(values: [nil, nil]).distinctUntilChanged()).count == 2)
        #expect(eventsOf(numbers([]).distinctUntilChanged()) == [.completed])
        #expect(eventsOf(failing(after: [3, 3])).count == 3)
        #expect(
            eventsOf(failing(after: [3, 3]).distinctUntilChanged()) == [.next(3), .error(ProbeError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.distinctUntilChanged() })
    }

    @Test("distinctUntilChanged keeps its last value per subscription")
    func distinctUntilChangedPerSubscription() {
        weak var weakFirst: EventLog<Int, ProbeError>?
        weak var weakSecond: EventLog<Int, ProbeError>?
        do {
            let probe = ProbeSource<Int, ProbeError>()
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
        let words = Signal<String, ProbeError>(values: ["a", "A", "b", "B", "a"])
        let distinct = words.distinctUntilChanged { $0.lowercased() == $1.lowercased() }
        #expect(eventsOf(distinct) == [.next("a"), .next("b"), .next("a"), .completed])
        let compared = Lines()
        let tracking = numbers([1, 2, 3]).distinctUntilChanged { previous, next in
            compared.append("\(previous)-\(next)")
            return next - previous == 1
        }
        #expect(eventsOf(tracking) == [.next(1), .next(3), .completed])
        #expect(compared.all == ["1-2", "1-3"])
        #expect(
            disposalReachesSource { (source: Signal<Int, ProbeError>) in source.distinctUntilChanged(by: ==) }
        )
    }
}

@Suite("Filter operators: take family", .checksRelease)
struct FilterTakeTests {
    @Test("take sends the first n values and completes right after the n-th, disposing the source")
    func take() {
        let probe = ProbeSource<Int, ProbeError>()
        let log = EventLog<Int, ProbeError>()
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
        #expect(eventsOf(failing(after: [1]).take(2)) == [.next(1), .error(ProbeError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.take(3) })
    }

    @Test("take(0) completes at subscription without subscribing to the source (RAC X1)")
    func takeZero() {
        let probe = ProbeSource<Int, ProbeError>()
        #expect(eventsOf(probe.signal.take(0)) == [.completed])
        #expect(probe.subscriptions == 0)
    }

    @Test("take stops an endless synchronous source at once")
    func takeEndless() {
        let subscriptions = Lines()
        #expect(
            eventsOf(endlessCounter(subscriptions: subscriptions).take(3)) == [
                .next(0), .next(1), .next(2), .completed,
            ])
        #expect(subscriptions.all == ["subscribed"])
        #expect(eventsOf(endlessCounter().take(1).map { $0 + 1 }) == [.next(1), .completed])
    }

    @Test("take counts values sent back into the source from the subscriber (reentrancy)")
    func takeReentrancy() {
        let subject = Subject<Int, ProbeError>()
        let log = EventLog<Int, ProbeError>()
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
        let probe = ProbeSource<Int, ProbeError>()
        let log = EventLog.of(probe.signal.takeLast(2))
        for value in 1...5 { probe.sendNext(value) }
        #expect(log.events.isEmpty)
        probe.sendCompleted()
        #expect(log.events == [.next(4), .next(5), .completed])
        #expect(eventsOf(numbers([1, 2, 3]).takeLast(10)) == [.next(1), .next(2), .next(3), .completed])
        #expect(eventsOf(numbers([1, 2, 3]).takeLast(0)) == [.completed])
        #expect(eventsOf(numbers([]).takeLast(2)) == [.completed])
        #expect(eventsOf(failing(after: [1, 2]).takeLast(1)) == [.error(ProbeError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.takeLast(1) })
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
        let probe = ProbeSource<Int, ProbeError>()
        let log = EventLog<Int, ProbeError>()
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
            eventsOf(failing(after: [1]).take(until: { _ in false })) == [.next(1), .error(ProbeError(1))])
        #expect(
            disposalReachesSource { (source: Signal<Int, ProbeError>) in source.take(until: { _ in false }) })
    }

    @Test("take(while:) stops at the first value that fails")
    func takeWhile() {
        #expect(eventsOf(numbers([1, 2, 3, 1]).take(while: { $0 < 3 })) == [.next(1), .next(2), .completed])
        #expect(eventsOf(endlessCounter().take(while: { $0 < 2 })) == [.next(0), .next(1), .completed])
        #expect(eventsOf(numbers([]).take(while: { _ in false })) == [.completed])
        #expect(
            eventsOf(failing(after: [1]).take(while: { _ in true })) == [.next(1), .error(ProbeError(1))])
        #expect(
            disposalReachesSource { (source: Signal<Int, ProbeError>) in source.take(while: { _ in true }) })
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
}

@Suite("Filter operators: take(until:) a signal, take(untilReplacement:)", .checksRelease)
struct FilterTriggerTests {
    @Test("take(until:) completes when the trigger sends a value, disposing source and trigger first")
    func triggerNext() {
        let source = ProbeSource<Int, ProbeError>()
        let trigger = ProbeSource<String, Never>()
        let log = EventLog<Int, ProbeError>()
        var stateAtCompletion: (source: Bool, trigger: Bool)?
        log.record(source.signal.take(until: trigger.signal)) { event in
            if event == .completed { stateAtCompletion = (source.isSubscribed, trigger.isSubscribed) }
        }
        source.sendNext(1)
        source.sendNext(2)
        trigger.sendNext("stop")
        source.sendNext(3)
        #expect(log.events == [.next(1), .next(2), .completed])
        #expect(stateAtCompletion?.source == false)
        #expect(stateAtCompletion?.trigger == false)
        #expect(source.disposals == 1 && trigger.disposals == 1)
    }

    @Test("take(until:) completes when the trigger completes, and ignores a trigger error")
    func triggerTerminals() {
        let source = ProbeSource<Int, ProbeError>()
        let trigger = ProbeSource<Int, ProbeError>()
        let log = EventLog.of(source.signal.take(until: trigger.signal))
        trigger.sendCompleted()
        #expect(log.events == [.completed])
        #expect(!source.isSubscribed)

        let source2 = ProbeSource<Int, ProbeError>()
        let trigger2 = ProbeSource<Int, ProbeError>()
        let log2 = EventLog.of(source2.signal.take(until: trigger2.signal))
        trigger2.sendError(ProbeError(1))
        source2.sendNext(1)
        source2.sendCompleted()
        #expect(log2.events == [.next(1), .completed])
    }

    @Test("take(until:) never subscribes to the source if the trigger fires during subscription")
    func triggerFiresAtSubscription() {
        let source = ProbeSource<Int, ProbeError>()
        #expect(eventsOf(source.signal.take(until: Signal<Void, Never>(value: ()))) == [.completed])
        #expect(eventsOf(source.signal.take(until: Signal<Void, Never>.empty)) == [.completed])
        #expect(source.subscriptions == 0)
        let erroring = Signal<Void, ProbeError>(error: ProbeError(1))
        #expect(eventsOf(numbers([1]).take(until: erroring)) == [.next(1), .completed])
    }

    @Test("take(until:) disposes the trigger when the source terminates, and both on disposal")
    func triggerDisposal() {
        let trigger = ProbeSource<Int, Never>()
        #expect(eventsOf(numbers([1, 2]).take(until: trigger.signal)) == [.next(1), .next(2), .completed])
        #expect(trigger.subscriptions == 1 && trigger.disposals == 1)
        #expect(
            eventsOf(failing(after: [1]).take(until: trigger.signal)) == [.next(1), .error(ProbeError(1))])
        #expect(trigger.subscriptions == 2 && trigger.disposals == 2)

        let source = ProbeSource<Int, ProbeError>()
        let subscription = source.signal.take(until: trigger.signal).subscribe(next: { _ in })
        #expect(source.isSubscribed && trigger.isSubscribed)
        subscription.dispose()
        #expect(!source.isSubscribed && !trigger.isSubscribed)
        #expect(source.disposals == 1 && trigger.disposals == 3)
        expectReleased(subscription, "the disposed subscriber")
    }

    @Test("take(untilReplacement:) switches to the replacement at its first event")
    func replacement() {
        let source = ProbeSource<Int, ProbeError>()
        let replacement = ProbeSource<Int, ProbeError>()
        let log = EventLog.of(source.signal.take(untilReplacement: replacement.signal))
        source.sendNext(1)
        source.sendNext(2)
        replacement.sendNext(10)
        #expect(!source.isSubscribed && source.disposals == 1)
        source.sendNext(3)
        replacement.sendNext(11)
        replacement.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .next(10), .next(11), .completed])
    }

    @Test("take(untilReplacement:) ignores the source's completion and waits for the replacement")
    func replacementAfterSourceCompletes() {
        let replacement = ProbeSource<Int, ProbeError>()
        let log = EventLog.of(numbers([1]).take(untilReplacement: replacement.signal))
        #expect(log.events == [.next(1)])
        replacement.sendError(ProbeError(4))
        #expect(log.events == [.next(1), .error(ProbeError(4))])
        #expect(replacement.disposals == 1)
    }

    @Test("take(untilReplacement:) forwards a source error and disposes the replacement")
    func replacementSourceError() {
        let replacement = ProbeSource<Int, ProbeError>()
        #expect(
            eventsOf(failing(after: [1]).take(untilReplacement: replacement.signal)) == [
                .next(1), .error(ProbeError(1)),
            ])
        #expect(replacement.subscriptions == 1 && !replacement.isSubscribed)
    }

    @Test("take(untilReplacement:) never subscribes to the source if the replacement sends at once")
    func replacementAtSubscription() {
        let source = ProbeSource<Int, ProbeError>()
        let replaced = source.signal.take(untilReplacement: numbers([7, 8]))
        #expect(eventsOf(replaced) == [.next(7), .next(8), .completed])
        #expect(source.subscriptions == 0)
        #expect(eventsOf(source.signal.take(untilReplacement: .empty)) == [.completed])
        #expect(source.subscriptions == 0)
    }

    @Test("take(untilReplacement:) disposal disposes source and replacement")
    func replacementDisposal() {
        let replacement = ProbeSource<Int, ProbeError>()
        #expect(
            disposalReachesSource { (source: Signal<Int, ProbeError>) in
                source.take(untilReplacement: replacement.signal)
            })
        #expect(replacement.subscriptions == 1 && replacement.disposals == 1)
    }
}

@Suite("Filter operators: skip family", .checksRelease)
struct FilterSkipTests {
    @Test("skip drops the first n values of each subscription")
    func skip() {
        #expect(eventsOf(numbers([1, 2, 3, 4]).skip(2)) == [.next(3), .next(4), .completed])
        #expect(eventsOf(numbers([1, 2]).skip(0)) == [.next(1), .next(2), .completed])
        #expect(eventsOf(numbers([1, 2]).skip(5)) == [.completed])
        #expect(eventsOf(failing(after: [1, 2]).skip(1)) == [.next(2), .error(ProbeError(1))])
        weak var weakFirst: EventLog<Int, ProbeError>?
        weak var weakSecond: EventLog<Int, ProbeError>?
        do {
            let probe = ProbeSource<Int, ProbeError>()
            let skipped = probe.signal.skip(1)
            let first = EventLog.of(skipped)
            probe.sendNext(1)
            let second = EventLog.of(skipped)
            probe.sendNext(2)
            probe.sendNext(3)
            #expect(first.values == [2, 3])
            #expect(second.values == [3])
            probe.sendCompleted()
            (weakFirst, weakSecond) = (first, second)
        }
        #expect(weakFirst == nil)
        #expect(weakSecond == nil)
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.skip(1) })
    }

    @Test("skip(until:) passes the first value that satisfies the predicate and everything after")
    func skipUntil() {
        let calls = Lines()
        let skipped = numbers([1, 3, 1, 5]).skip(until: { value in
            calls.append("\(value)")
            return value == 3
        })
        #expect(eventsOf(skipped) == [.next(3), .next(1), .next(5), .completed])
        #expect(calls.all == ["1", "3"])
        #expect(eventsOf(numbers([1, 2]).skip(until: { _ in false })) == [.completed])
        #expect(
            eventsOf(failing(after: [1, 2]).skip(until: { $0 == 2 })) == [.next(2), .error(ProbeError(1))])
        #expect(
            disposalReachesSource { (source: Signal<Int, ProbeError>) in source.skip(until: { _ in true }) })
    }

    @Test("skip(while:) passes from the first value that fails the predicate")
    func skipWhile() {
        #expect(eventsOf(numbers([1, 2, 3, 1]).skip(while: { $0 < 3 })) == [.next(3), .next(1), .completed])
        #expect(eventsOf(numbers([]).skip(while: { _ in true })) == [.completed])
        #expect(eventsOf(failing(after: [1]).skip(while: { _ in true })) == [.error(ProbeError(1))])
        #expect(
            disposalReachesSource { (source: Signal<Int, ProbeError>) in source.skip(while: { _ in true }) })
    }
}

@Suite("Filter operators: any, all", .checksRelease)
struct FilterAnyAllTests {
    @Test("any() sends true at the first value and completes, false if the source ends empty")
    func any() {
        #expect(eventsOf(numbers([1, 2]).any()) == [.next(true), .completed])
        #expect(eventsOf(numbers([]).any()) == [.next(false), .completed])
        #expect(eventsOf(Signal<Int, ProbeError>(error: ProbeError(1)).any()) == [.next(false), .completed])
        #expect(eventsOf(endlessCounter().any()) == [.next(true), .completed])
    }

    @Test("any(_:) looks for a passing value; an error counts as the end (false), as in RAC")
    func anyPredicate() {
        let probe = ProbeSource<Int, ProbeError>()
        let log = EventLog<Bool, Never>()
        var subscribedAtCompletion: Bool?
        log.record(probe.signal.any { $0 > 1 }) { event in
            if event == .completed { subscribedAtCompletion = probe.isSubscribed }
            if event == .next(true) { probe.sendNext(5) }
        }
        probe.sendNext(1)
        #expect(log.events.isEmpty)
        probe.sendNext(2)
        #expect(log.events == [.next(true), .completed])
        #expect(subscribedAtCompletion == false)
        #expect(eventsOf(numbers([1, 1]).any { $0 > 1 }) == [.next(false), .completed])
        #expect(eventsOf(failing(after: [1]).any { $0 > 1 }) == [.next(false), .completed])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.any { _ in false } })
    }

    @Test("all(_:) sends false at the first failing value or an error; true on completion")
    func all() {
        #expect(eventsOf(numbers([1, 2, 3]).all { $0 < 4 }) == [.next(true), .completed])
        #expect(eventsOf(numbers([]).all { _ in false }) == [.next(true), .completed])
        #expect(eventsOf(failing(after: [1]).all { $0 < 4 }) == [.next(false), .completed])
        let probe = ProbeSource<Int, ProbeError>()
        let log = EventLog.of(probe.signal.all { $0 < 4 })
        probe.sendNext(1)
        probe.sendNext(5)
        #expect(log.events == [.next(false), .completed])
        #expect(!probe.isSubscribed && probe.disposals == 1)
        #expect(eventsOf(endlessCounter().all { $0 < 3 }) == [.next(false), .completed])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.all { _ in true } })
    }
}

@Suite("Filter operators release what they capture", .checksRelease)
struct FilterDeallocationTests {
    @Test("after completion, a filter chain releases its closures, captured objects and trigger")
    func releasedAfterCompletion() {
        let subject = Subject<Int, ProbeError>()
        let trigger = Subject<Void, Never>()
        weak var weakCaptured: DeallocProbe?
        let log = EventLog<Int, ProbeError>()
        do {
            let captured = DeallocProbe()
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
        let subject = Subject<Int, ProbeError>()
        let replacement = Subject<Int, ProbeError>()
        weak var weakCaptured: DeallocProbe?
        var subscription: (any Disposable)?
        do {
            let captured = DeallocProbe()
            weakCaptured = captured
            let chain =
                subject
                .take(untilReplacement: replacement)
                .takeLast(3)
                .any { [captured] value in withExtendedLifetime(captured) { value > 0 } }
            subscription = chain.subscribe(next: { _ in })
        }
        #expect(weakCaptured != nil)
        subscription?.dispose()
        #expect(weakCaptured == nil)
        #expect(subject.subscriberCount == 0)
        #expect(replacement.subscriberCount == 0)
    }
}
