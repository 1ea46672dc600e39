import Dispatch
import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Threading operators", .checksRelease)
struct ThreadingTests {
    @Test("deliver(on:) moves every event onto the scheduler, in order, nothing lost")
    func deliverOn() {
        let scheduler = QueueScheduler(name: "deliver-test")
        let done = DispatchSemaphore(value: 0)
        let received = Locked<[Int]>([])
        let onScheduler = Locked(true)
        let source = Subject<Int, Never>()
        let subscription = source.deliver(on: scheduler).subscribe(
            next: { value in
                if Scheduler.current !== scheduler { onScheduler.withValue { $0 = false } }
                received.withValue { $0.append(value) }
            },
            completed: { done.signal() })
        let senders = 4
        onThreads(senders) { thread in
            for index in 0..<5_000 { source.sendNext(thread * 5_000 + index) }
        }
        source.sendCompleted()
        #expect(done.wait(timeout: .now() + 30) == .success)
        let values = received.current
        #expect(onScheduler.current)
        #expect(values.count == senders * 5_000)
        #expect(Set(values).count == values.count)
        for thread in 0..<senders {
            let mine = values.filter { $0 / 5_000 == thread }
            #expect(mine == mine.sorted())
        }
        expectReleased(subscription, "the subscriber the completion ended")
        expectReleased(source, "the source subject")
    }

    @Test("deliver(on:) drops events still queued once the subscription is disposed")
    func deliverOnDisposal() {
        let scheduler = VirtualTimeScheduler()
        var received: [Int] = []
        let subscription = Signal<Int, Never>(values: [1, 2, 3]).deliver(on: scheduler)
            .subscribe(next: { received.append($0) })
        subscription.dispose()
        scheduler.run()
        #expect(received.isEmpty)
        expectReleased(subscription, "the disposed subscriber")
    }

    @Test("subscribe(on:) subscribes from the scheduler; disposing first means never subscribing")
    func subscribeOn() {
        let scheduler = VirtualTimeScheduler()
        var subscriptions = 0
        let source = Signal<Int, Never> { subscriber in
            subscriptions += 1
            subscriber.sendNext(subscriptions)
            return nil
        }
        var received: [Int] = []
        let subscription = source.subscribe(on: scheduler).subscribe(next: { received.append($0) })
        #expect(subscriptions == 0)
        scheduler.run()
        #expect(subscriptions == 1)
        #expect(received == [1])

        let cancelled = source.subscribe(on: scheduler).subscribe(next: { received.append($0) })
        cancelled.dispose()
        scheduler.run()
        #expect(subscriptions == 1)
        // The source never terminates: end the first subscription before checking its release.
        subscription.dispose()
        expectReleased(subscription, "the subscriber, once disposed")
        expectReleased(cancelled, "the subscriber disposed before subscribing")
        expectReleased(source, "the source")
    }

    @Test("deliverOnMainThread's mechanism: direct on the target with nothing queued, else queued in order")
    func deliverOnMainThreadMechanism() {
        weak var weakScheduler: VirtualTimeScheduler?
        do {
            let scheduler = VirtualTimeScheduler()
            weakScheduler = scheduler
            var onTarget = true
            var received: [Int] = []
            let source = Subject<Int, Never>()
            source.deliver(on: scheduler, immediatelyWhen: { onTarget })
                .subscribe(next: { received.append($0) })
            source.sendNext(1)
            #expect(received == [1])
            onTarget = false
            source.sendNext(2)
            #expect(received == [1])
            onTarget = true
            source.sendNext(3)  // 2 is still queued, so 3 queues behind it
            #expect(received == [1])
            scheduler.run()
            #expect(received == [1, 2, 3])
            source.sendNext(4)
            #expect(received == [1, 2, 3, 4])
            // Completing the source ends the chain, which then lets the scheduler go.
            source.sendCompleted()
            scheduler.run()
        }
        #expect(weakScheduler == nil)
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("deliver(on:) passes every event through the scheduler, in order, in the frame it was sent")
    func deliverOns() throws {
        for marbleCase in [
            MarbleCase("-a-(bc)-|", "-a-(bc)-|", ["^----!"]),
            MarbleCase("--|", "--|", ["^-!"]),
            MarbleCase("-a-#", "-a-#", ["^--!"]),
            MarbleCase("-a-b-|", "-a-", ["^--!"], disposeAt: 3),
        ] {
            let scheduler = TestScheduler(checksRelease: true)
            let source = try scheduler.createColdSignal(marbleCase.source, error: TestError(1))
            try scheduler.expect(
                source.deliver(on: scheduler), toEmit: marbleCase.expected, error: TestError(1),
                disposeAt: marbleCase.disposeAt)
            try scheduler.expect(source, toHaveSubscriptions: marbleCase.subscriptions)
        }
    }

    @Test("deliver(on:) holds a synchronous signal's events until the scheduler runs")
    func deliverOnHoldsEvents() throws {
        let recorder = scheduler.record(Signal<String, Never>(value: "a").deliver(on: scheduler))
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: .zero)
        #expect(try recorder.events == recordedEvents("(a|)"))
        expectReleased(recorder, "the deliver(on:) subscription")
    }

    @Test("deliver(on:) drops the events still queued when the subscription is disposed")
    func deliverOnDisposedWhileQueued() throws {
        let sent = Subject<String, Never>()
        let recorder = scheduler.record(sent.deliver(on: scheduler))
        sent.sendNext("a")
        sent.sendNext("b")
        recorder.dispose()
        scheduler.run()
        #expect(recorder.events.isEmpty)
        #expect(sent.subscriberCount == 0)
        expectReleased(recorder, "the disposed deliver(on:) subscription")
    }

    @Test("subscribe(on:) subscribes when the scheduler runs; events are not moved")
    func subscribeOns() throws {
        let source = try scheduler.createColdSignal("-a-b-|")
        let recorder = scheduler.record(source.subscribe(on: scheduler))
        try scheduler.expect(source, toHaveSubscriptions: [])
        scheduler.advance(by: .zero)
        try scheduler.expect(source, toHaveSubscriptions: ["^"])
        scheduler.run()
        #expect(try recorder.events == recordedEvents("-a-b-|"))
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
        expectReleased(recorder, "the subscribe(on:) subscription")
    }

    @Test("subscribe(on:) of a late subscription, an empty and a failing source, and disposal")
    func subscribeOnCases() throws {
        for marbleCase in [
            MarbleCase("-a-b-|", "-a-b-|", ["^----!"]),
            MarbleCase("--|", "--|", ["^-!"]),
            MarbleCase("-a-#", "-a-#", ["^--!"]),
            MarbleCase("-a-b-|", "-a-", ["^--!"], disposeAt: 3),
        ] {
            let scheduler = TestScheduler(checksRelease: true)
            let source = try scheduler.createColdSignal(marbleCase.source, error: TestError(1))
            try scheduler.expect(
                source.subscribe(on: scheduler), toEmit: marbleCase.expected, error: TestError(1),
                disposeAt: marbleCase.disposeAt)
            try scheduler.expect(source, toHaveSubscriptions: marbleCase.subscriptions)
        }
    }

    @Test("subscribe(on:) disposed before the scheduler runs never subscribes to the source")
    func subscribeOnDisposedFirst() throws {
        let source = try scheduler.createColdSignal("-a-|")
        let recorder = scheduler.record(source.subscribe(on: scheduler))
        recorder.dispose()
        scheduler.run()
        try scheduler.expect(source, toHaveSubscriptions: [])
        #expect(recorder.events.isEmpty)
        expectReleased(recorder, "the disposed subscribe(on:) subscription")
    }

    @Test("deliver(on:): a delivered value's callback may send into the source; it is queued behind")
    func deliverOnReentrant() {
        weak var weakSubject: Subject<Int, Never>?
        do {
            let subject = Subject<Int, Never>()
            weakSubject = subject
            let recorder = scheduler.record(
                subject.deliver(on: scheduler).doNext { value in
                    if value == 1 { subject.sendNext(2) }
                })
            subject.sendNext(1)
            scheduler.run()
            #expect(recorder.values == [1, 2])
            // The action captures the subject: disposing the subscription releases the chain.
            recorder.dispose()
        }
        #expect(weakSubject == nil)
    }

    @Test("threading chains are released after completion")
    func released() throws {
        try expectChainReleased(on: scheduler, source: "-a-|") { source, token in
            let chain =
                source
                .subscribe(on: scheduler)
                .map { value in withExtendedLifetime(token) { value } }
                .deliver(on: scheduler)
            try scheduler.expect(chain, toEmit: "-a-|")
        }
    }
}
