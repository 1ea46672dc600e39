import Dispatch
import RACSchedulers
import RACTestSupport
import Testing

@Suite("SubscriptionScheduler", .checksRelease)
struct SubscriptionSchedulerTests {
    @Test("at the top level it runs the action at once and returns nil")
    func runsAtOnce() {
        var order: [Int] = []
        let disposable = Scheduler.subscription.schedule { order.append(1) }
        order.append(2)
        #expect(order == [1, 2])
        #expect(disposable == nil)
        #expect(Scheduler.subscription === Scheduler.subscription)
    }

    @Test("deep inside nested subscriptions it queues the action until the outermost returns")
    func queuesWhenDeep() {
        var order: [String] = []
        var queued: (any Disposable)?
        var cancelled: (any Disposable)?
        func nest(_ level: Int) {
            SubscriptionTrampoline.run {
                if level < SubscriptionTrampoline.maximumDepth {
                    nest(level + 1)
                } else {
                    queued = Scheduler.subscription.schedule { order.append("queued") }
                    cancelled = Scheduler.subscription.schedule { order.append("cancelled") }
                    cancelled?.dispose()
                    order.append("deepest returns")
                }
            }
        }
        nest(1)
        #expect(order == ["deepest returns", "queued"])
        #expect(queued != nil)
        #expect(queued?.isDisposed == false)
        #expect(cancelled?.isDisposed == true)
    }

    @Test("does not change Scheduler.current")
    func leavesCurrent() {
        var inside: Scheduler?
        Scheduler.subscription.schedule { inside = Scheduler.current }
        #expect(inside == nil)
    }

    @Test("delayed and repeating actions run on a background queue scheduler")
    func delayedAndRepeating() {
        let done = DispatchSemaphore(value: 0)
        let current = Locked<Scheduler?>(nil)
        Scheduler.subscription.schedule(after: .milliseconds(1)) {
            current.withValue { $0 = Scheduler.current }
            done.signal()
        }
        #expect(done.waitOrFail())
        #expect(current.current is QueueScheduler)

        let ticks = Locked(0)
        let secondTick = DispatchSemaphore(value: 0)
        let timer = Scheduler.subscription.schedule(after: .zero, repeatingEvery: .milliseconds(1)) {
            if ticks.withValue({ count in
                count += 1
                return count
            }) == 2 {
                secondTick.signal()
            }
        }
        #expect(secondTick.waitOrFail())
        timer?.dispose()
        #expect(timer?.isDisposed == true)
    }
}
