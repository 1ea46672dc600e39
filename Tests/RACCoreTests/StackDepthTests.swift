import RACCore
import RACTestSupport
import Testing

@Suite("Stack safety of nested subscriptions", .checksRelease)
struct StackDepthTests {
    @Test("a cold signal that resubscribes itself 1,000,000 times synchronously finishes")
    func selfResubscription() {
        let target = 1_000_000
        var subscriptions = 0
        var received: [Int] = []
        // A signal that, on completion, subscribes to itself again: the shape of `repeat`.
        let once = Signal<Int, Never> { subscriber in
            subscriptions += 1
            subscriber.sendNext(subscriptions)
            subscriber.sendCompleted()
            return nil
        }
        var resubscribe: (() -> Void)!
        resubscribe = {
            once.subscribe(
                next: { value in if value % 250_000 == 0 { received.append(value) } },
                completed: { if subscriptions < target { resubscribe() } }
            )
        }
        resubscribe()
        resubscribe = nil
        expectReleased(once, "the resubscribed signal")
        #expect(subscriptions == target)
        #expect(received == [250_000, 500_000, 750_000, 1_000_000])
    }

    @Test("100,000 nested subscriptions (each creation closure subscribes the next) finish")
    func nestedSubscriptions() {
        let depth = 100_000
        func nested(_ level: Int) -> Signal<Int, Never> {
            Signal { subscriber in
                if level == depth {
                    subscriber.sendNext(level)
                    subscriber.sendCompleted()
                    return nil
                }
                return nested(level + 1).subscribe(subscriber)
            }
        }
        let recorder = Recorder<Int, Never>()
        nested(0).subscribe(recorder.subscriber())
        #expect(recorder.events == [.next(depth), .completed])
    }

    @Test("disposing before a queued nested subscription runs means it never runs")
    func disposedQueuedSubscriptionNeverRuns() {
        var innerRuns = 0
        let inner = Signal<Int, Never> { _ in
            innerRuns += 1
            return nil
        }
        // The creation closure of level L runs L + 1 subscriptions deep, so the subscription made at
        // level maximumDepth - 1 is the first one queued; dispose it before the queue runs.
        let queuedLevel = SubscriptionTrampoline.maximumDepth - 1
        var queued = false
        func nested(_ level: Int) -> Signal<Int, Never> {
            Signal { subscriber in
                if level == queuedLevel {
                    let subscription = inner.subscribe(subscriber)
                    queued = innerRuns == 0
                    subscription.dispose()
                    return nil
                }
                return nested(level + 1).subscribe(subscriber)
            }
        }
        let subscription = nested(0).subscribe(next: { _ in })
        #expect(queued)
        #expect(innerRuns == 0)
        expectReleased(subscription, "the disposed subscriber")
    }
}
