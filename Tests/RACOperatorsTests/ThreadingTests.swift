import Dispatch
import Foundation
import RACOperators
import RACTestSupport
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
        DispatchQueue.concurrentPerform(iterations: senders) { thread in
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
}
