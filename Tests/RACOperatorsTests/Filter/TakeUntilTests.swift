import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Filter: take(until:) a signal, take(untilReplacement:)", .checksRelease)
struct TakeUntilTests {
    @Test("take(until:) completes when the trigger sends a value, disposing source and trigger first")
    func triggerNext() {
        let source = ProbeSource<Int, TestError>()
        let trigger = ProbeSource<String, Never>()
        let log = EventLog<Int, TestError>()
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
        let source = ProbeSource<Int, TestError>()
        let trigger = ProbeSource<Int, TestError>()
        let log = EventLog.of(source.signal.take(until: trigger.signal))
        trigger.sendCompleted()
        #expect(log.events == [.completed])
        #expect(!source.isSubscribed)

        let source2 = ProbeSource<Int, TestError>()
        let trigger2 = ProbeSource<Int, TestError>()
        let log2 = EventLog.of(source2.signal.take(until: trigger2.signal))
        trigger2.sendError(TestError(1))
        source2.sendNext(1)
        source2.sendCompleted()
        #expect(log2.events == [.next(1), .completed])
    }

    @Test("take(until:) never subscribes to the source if the trigger fires during subscription")
    func triggerFiresAtSubscription() {
        let source = ProbeSource<Int, TestError>()
        #expect(eventsOf(source.signal.take(until: Signal<Void, Never>(value: ()))) == [.completed])
        #expect(eventsOf(source.signal.take(until: Signal<Void, Never>.empty)) == [.completed])
        #expect(source.subscriptions == 0)
        let erroring = Signal<Void, TestError>(error: TestError(1))
        #expect(eventsOf(numbers([1]).take(until: erroring)) == [.next(1), .completed])
    }

    @Test("take(until:) disposes the trigger when the source terminates, and both on disposal")
    func triggerDisposal() {
        let trigger = ProbeSource<Int, Never>()
        #expect(eventsOf(numbers([1, 2]).take(until: trigger.signal)) == [.next(1), .next(2), .completed])
        #expect(trigger.subscriptions == 1 && trigger.disposals == 1)
        #expect(
            eventsOf(failing(after: [1]).take(until: trigger.signal)) == [.next(1), .error(TestError(1))])
        #expect(trigger.subscriptions == 2 && trigger.disposals == 2)

        let source = ProbeSource<Int, TestError>()
        let subscription = source.signal.take(until: trigger.signal).subscribe(next: { _ in })
        #expect(source.isSubscribed && trigger.isSubscribed)
        subscription.dispose()
        #expect(!source.isSubscribed && !trigger.isSubscribed)
        #expect(source.disposals == 1 && trigger.disposals == 3)
        expectReleased(subscription, "the disposed subscriber")
    }

    @Test("take(untilReplacement:) switches to the replacement at its first event")
    func replacement() {
        let source = ProbeSource<Int, TestError>()
        let replacement = ProbeSource<Int, TestError>()
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
        let replacement = ProbeSource<Int, TestError>()
        let log = EventLog.of(numbers([1]).take(untilReplacement: replacement.signal))
        #expect(log.events == [.next(1)])
        replacement.sendError(TestError(4))
        #expect(log.events == [.next(1), .error(TestError(4))])
        #expect(replacement.disposals == 1)
    }

    @Test("take(untilReplacement:) forwards a source error and disposes the replacement")
    func replacementSourceError() {
        let replacement = ProbeSource<Int, TestError>()
        #expect(
            eventsOf(failing(after: [1]).take(untilReplacement: replacement.signal)) == [
                .next(1), .error(TestError(1)),
            ])
        #expect(replacement.subscriptions == 1 && !replacement.isSubscribed)
    }

    @Test("take(untilReplacement:) never subscribes to the source if the replacement sends at once")
    func replacementAtSubscription() {
        let source = ProbeSource<Int, TestError>()
        let replaced = source.signal.take(untilReplacement: numbers([7, 8]))
        #expect(eventsOf(replaced) == [.next(7), .next(8), .completed])
        #expect(source.subscriptions == 0)
        #expect(eventsOf(source.signal.take(untilReplacement: .empty)) == [.completed])
        #expect(source.subscriptions == 0)
    }

    @Test("take(untilReplacement:) disposal disposes source and replacement")
    func replacementDisposal() {
        let replacement = ProbeSource<Int, TestError>()
        #expect(
            disposalReachesSource { (source: Signal<Int, TestError>) in
                source.take(untilReplacement: replacement.signal)
            })
        #expect(replacement.subscriptions == 1 && replacement.disposals == 1)
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("take(until: trigger): the trigger's value completes the result and disposes both")
    func takeUntilTriggerValue() throws {
        let source = try scheduler.createColdSignal("-a-b-c-d-|")
        let trigger = try scheduler.createColdSignal("-----x-")
        try scheduler.expect(source.take(until: trigger), toEmit: "-a-b-|")
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
        try scheduler.expect(trigger, toHaveSubscriptions: ["^----!"])
    }

    @Test("take(until: trigger): the trigger's completion completes the result too")
    func takeUntilTriggerCompletion() throws {
        let source = try scheduler.createColdSignal("-a-b-c-d-|")
        let trigger = try scheduler.createColdSignal("---|")
        try scheduler.expect(source.take(until: trigger), toEmit: "-a-|")
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
        try scheduler.expect(trigger, toHaveSubscriptions: ["^--!"])
    }

    @Test("take(until: trigger): the trigger's error is ignored; the source goes on")
    func takeUntilTriggerError() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|")
        let trigger = try scheduler.createColdSignal("--#", error: TestError(1))
        try scheduler.expect(source.take(until: trigger), toEmit: "-a-b-c-|")
        try scheduler.expect(source, toHaveSubscriptions: ["^------!"])
        try scheduler.expect(trigger, toHaveSubscriptions: ["^-!"])
    }

    @Test("take(until: trigger): the source's completion or error disposes the trigger")
    func takeUntilSourceEnds() throws {
        let source = try scheduler.createColdSignal("-a-|")
        let trigger = try scheduler.createColdSignal("-----x")
        try scheduler.expect(source.take(until: trigger), toEmit: "-a-|")
        try scheduler.expect(trigger, toHaveSubscriptions: ["^--!"])

        let second = TestScheduler(checksRelease: true)
        let failing = try second.createColdSignal("-#", error: TestError(1))
        let otherTrigger = try second.createColdSignal("-----x")
        try second.expect(failing.take(until: otherTrigger), toEmit: "-#", error: TestError(1))
        try second.expect(otherTrigger, toHaveSubscriptions: ["^!"])
    }

    @Test("take(until: trigger): an empty source, and disposal of the result")
    func takeUntilEmptyAndDisposed() throws {
        let empty = try scheduler.createColdSignal("--|")
        let trigger = try scheduler.createColdSignal("-----x")
        try scheduler.expect(empty.take(until: trigger), toEmit: "--|")
        try scheduler.expect(trigger, toHaveSubscriptions: ["^-!"])

        let second = TestScheduler(checksRelease: true)
        let source = try second.createColdSignal("-a-b-c-|")
        let quiet = try second.createColdSignal("--------x")
        try second.expect(source.take(until: quiet), toEmit: "-a-", disposeAt: 3)
        try second.expect(source, toHaveSubscriptions: ["^--!"])
        try second.expect(quiet, toHaveSubscriptions: ["^--!"])
    }

    @Test("take(until: trigger): a trigger that fires while subscribing stops the source being subscribed")
    func takeUntilTriggerFiresAtSubscription() throws {
        let source = try scheduler.createColdSignal("-a-|")
        try scheduler.expect(source.take(until: Signal<Int, Never>(value: 1)), toEmit: "|")
        try scheduler.expect(source, toHaveSubscriptions: [])
    }

    @Test("take(untilReplacement:): the replacement's first event switches the result over to it")
    func takeUntilReplacement() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|")
        let replacement = try scheduler.createColdSignal("----x-y-|")
        try scheduler.expect(source.take(untilReplacement: replacement), toEmit: "-a-bx-y-|")
        try scheduler.expect(source, toHaveSubscriptions: ["^---!"])
        try scheduler.expect(replacement, toHaveSubscriptions: ["^-------!"])
    }

    @Test("take(untilReplacement:): the source's completion is not forwarded, its error is")
    func takeUntilReplacementSourceEnds() throws {
        let source = try scheduler.createColdSignal("-a|", error: TestError(1))
        let replacement = try scheduler.createColdSignal("---x-|", error: TestError(1))
        try scheduler.expect(
            source.take(untilReplacement: replacement), toEmit: "-a-x-|", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^-!"])
        try scheduler.expect(replacement, toHaveSubscriptions: ["^----!"])

        let second = TestScheduler(checksRelease: true)
        let failing = try second.createColdSignal("-a#", error: TestError(1))
        let waiting = try second.createColdSignal("---x-|", error: TestError(1))
        try second.expect(failing.take(untilReplacement: waiting), toEmit: "-a#", error: TestError(1))
        try second.expect(waiting, toHaveSubscriptions: ["^-!"])
    }

    @Test("take(untilReplacement:): the replacement's error is forwarded and disposes the source")
    func takeUntilReplacementError() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|", error: TestError(1))
        let replacement = try scheduler.createColdSignal("--#", error: TestError(2))
        try scheduler.expect(source.take(untilReplacement: replacement), toEmit: "-a#", error: TestError(2))
        try scheduler.expect(source, toHaveSubscriptions: ["^-!"])
        try scheduler.expect(replacement, toHaveSubscriptions: ["^-!"])
    }

    @Test("take(untilReplacement:): disposing the result disposes both")
    func takeUntilReplacementDisposed() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|")
        let replacement = try scheduler.createColdSignal("----x-y-|")
        try scheduler.expect(source.take(untilReplacement: replacement), toEmit: "-a-", disposeAt: 3)
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
        try scheduler.expect(replacement, toHaveSubscriptions: ["^--!"])
    }

    @Test("take(until: trigger): the completion callback sending into the trigger reaches nothing")
    func takeUntilReentrant() {
        let source = Subject<Int, Never>()
        let trigger = Subject<Void, Never>()
        let log = EventLog<Int, Never>()
        log.record(source.take(until: trigger)) { event in
            if case .completed = event {
                trigger.sendNext(())
                source.sendNext(9)
            }
        }
        source.sendNext(1)
        trigger.sendNext(())
        #expect(log.events == [.next(1), .completed])
        #expect(source.subscriberCount == 0)
        #expect(trigger.subscriberCount == 0)
    }

    @Test("a take(until:) chain and its trigger are released after the trigger fires")
    func takeUntilChainReleased() throws {
        let scheduler = TestScheduler(checksRelease: true)
        weak var weakSource: TestSignal<String, Never>?
        weak var weakTrigger: TestSignal<String, Never>?
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let source = try scheduler.createColdSignal("-a-b-c-|")
            let trigger = try scheduler.createColdSignal("----x")
            weakSource = source
            weakTrigger = trigger
            let chain = source.filter { value in withExtendedLifetime(token) { value != "z" } }
                .take(until: trigger)
                .skip(1)
            try scheduler.expect(chain, toEmit: "---b|")
        }
        #expect(weakToken == nil)
        #expect(weakSource == nil)
        #expect(weakTrigger == nil)
    }

    @Test("take(until:): a trigger firing on another thread cuts the source's values after a prefix")
    func takeUntilThreads() {
        for _ in 0..<50 {
            let source = Subject<Int, Never>()
            let trigger = Subject<Void, Never>()
            let log = EventLog.of(source.take(until: trigger))
            onThreads(2) { index in
                if index == 0 {
                    for value in 0..<2_000 { source.sendNext(value) }
                } else {
                    trigger.sendNext(())
                }
            }
            let values = log.values
            #expect(values == Array(0..<values.count))
            #expect(log.events.last == .completed)
            #expect(log.events.filter(\.isTerminal).count == 1)
            #expect(source.subscriberCount == 0 && trigger.subscriberCount == 0)
        }
    }

    @Test("take(untilReplacement:): a replacement on another thread follows a prefix of the source's values")
    func takeUntilReplacementThreads() {
        for _ in 0..<50 {
            let source = Subject<Int, Never>()
            let replacement = Subject<Int, Never>()
            let log = EventLog.of(source.take(untilReplacement: replacement))
            onThreads(2) { index in
                if index == 0 {
                    for value in 0..<2_000 { source.sendNext(value) }
                } else {
                    for value in 10_000..<10_100 { replacement.sendNext(value) }
                    replacement.sendCompleted()
                }
            }
            let values = log.values
            let prefix = values.prefix { $0 < 10_000 }
            #expect(Array(prefix) == Array(0..<prefix.count))
            #expect(Array(values.dropFirst(prefix.count)) == Array(10_000..<10_100))
            #expect(log.events.last == .completed)
            #expect(source.subscriberCount == 0 && replacement.subscriberCount == 0)
        }
    }
}
