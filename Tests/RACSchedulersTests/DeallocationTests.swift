import Dispatch
import RACSchedulers
import RACTestSupport
import Testing

@Suite("Scheduled closures are released", .checksRelease)
struct DeallocationTests {
    @Test("the immediate scheduler keeps nothing after running")
    func immediate() {
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            Scheduler.immediate.schedule { withExtendedLifetime(token) {} }
            Scheduler.immediate.schedule(after: .zero) { withExtendedLifetime(token) {} }
        }
        #expect(weakToken == nil)
    }

    @Test("a queue scheduler releases a cancelled action at once, before the queue reaches it")
    func queue() {
        let scheduler = QueueScheduler()
        let gate = DispatchSemaphore(value: 0)
        scheduler.schedule { _ = gate.wait(timeout: .now() + failureGuard) }
        weak var weakNow: Token?
        weak var weakLater: Token?
        weak var weakRepeating: Token?
        do {
            let now = Token()
            let later = Token()
            let repeating = Token()
            weakNow = now
            weakLater = later
            weakRepeating = repeating
            scheduler.schedule { withExtendedLifetime(now) {} }?.dispose()
            scheduler.schedule(after: .seconds(3_600)) { withExtendedLifetime(later) {} }?.dispose()
            scheduler.schedule(after: .zero, repeatingEvery: .seconds(1)) {
                withExtendedLifetime(repeating) {}
            }?
            .dispose()
        }
        #expect(weakNow == nil)
        #expect(weakLater == nil)
        #expect(weakRepeating == nil)
        gate.signal()
        scheduler.drain()
    }

    @Test("a queue scheduler releases an action once it has run")
    func queueAfterRunning() {
        let scheduler = QueueScheduler()
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            scheduler.schedule { withExtendedLifetime(token) {} }
        }
        scheduler.drain()
        #expect(weakToken == nil)
    }

    @Test("the subscription scheduler releases a queued action when it is cancelled")
    func subscription() {
        weak var weakQueued: Token?
        weak var weakDelayed: Token?
        var releasedBeforeDrain = false
        func nest(_ level: Int) {
            SubscriptionTrampoline.run {
                if level < SubscriptionTrampoline.maximumDepth {
                    nest(level + 1)
                    return
                }
                do {
                    let queued = Token()
                    let delayed = Token()
                    weakQueued = queued
                    weakDelayed = delayed
                    let disposable = Scheduler.subscription.schedule { withExtendedLifetime(queued) {} }
                    #expect(disposable != nil)
                    disposable?.dispose()
                    Scheduler.subscription.schedule(after: .seconds(3_600)) {
                        withExtendedLifetime(delayed) {}
                    }?
                    .dispose()
                }
                // Still inside the deepest subscription: the trampoline has not drained yet.
                releasedBeforeDrain = weakQueued == nil && weakDelayed == nil
            }
        }
        nest(1)
        #expect(releasedBeforeDrain)
    }

    @Test("a virtual-time scheduler releases a cancelled action at once")
    func virtualTime() {
        let scheduler = VirtualTimeScheduler()
        weak var weakOnce: Token?
        weak var weakRepeating: Token?
        do {
            let once = Token()
            let repeating = Token()
            weakOnce = once
            weakRepeating = repeating
            scheduler.schedule(after: .seconds(1)) { withExtendedLifetime(once) {} }?.dispose()
            scheduler.schedule(after: .zero, repeatingEvery: .seconds(1)) {
                withExtendedLifetime(repeating) {}
            }?
            .dispose()
        }
        #expect(weakOnce == nil)
        #expect(weakRepeating == nil)
        #expect(scheduler.isEmpty)
    }

    @Test("a virtual-time scheduler releases an action once it has run")
    func virtualTimeAfterRunning() {
        let scheduler = VirtualTimeScheduler()
        weak var weakToken: Token?
        var disposable: (any Disposable)?
        do {
            let token = Token()
            weakToken = token
            disposable = scheduler.schedule { withExtendedLifetime(token) {} }
        }
        scheduler.run()
        #expect(weakToken == nil)
        #expect(disposable?.isDisposed == false)
    }

    @Test("a released virtual-time scheduler frees itself and its pending actions")
    func virtualTimeSchedulerItself() {
        weak var weakScheduler: VirtualTimeScheduler?
        weak var weakToken: Token?
        var disposable: (any Disposable)?
        do {
            let scheduler = VirtualTimeScheduler()
            let token = Token()
            weakScheduler = scheduler
            weakToken = token
            disposable = scheduler.schedule(after: .seconds(1)) { withExtendedLifetime(token) {} }
            scheduler.scheduleRecursive { reschedule in
                withExtendedLifetime(token) {}
                reschedule()
            }
            scheduler.run(atMost: 3)
        }
        #expect(weakScheduler == nil)
        #expect(weakToken == nil)
        disposable?.dispose()
    }

    @Test("a disposed recursive schedule releases its action")
    func recursive() {
        let scheduler = VirtualTimeScheduler()
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let disposable = scheduler.scheduleRecursive { reschedule in
                withExtendedLifetime(token) {}
                reschedule()
            }
            scheduler.run(atMost: 10)
            disposable.dispose()
        }
        #expect(weakToken == nil)
        #expect(scheduler.isEmpty)
    }

    @Test("a recursive schedule that stops rescheduling releases its action")
    func recursiveFinished() {
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            var runs = 0
            Scheduler.immediate.scheduleRecursive { reschedule in
                withExtendedLifetime(token) {}
                runs += 1
                if runs < 3 { reschedule() }
            }
        }
        #expect(weakToken == nil)
    }
}
