import Foundation
import RACFoundationBridge
import RACTestSupport
import Testing

private let ping = Notification.Name("RACFoundationBridgeTests.ping")
private let pong = Notification.Name("RACFoundationBridgeTests.pong")

@Suite("NotificationCenter.rac.notifications(named:object:)", .checksRelease)
struct NotificationCenterTests {
    @Test("forwards each matching notification with its name, object and userInfo intact")
    func forwardsMatchingNotifications() {
        let center = NotificationCenter()
        let sender = Token()
        let other = Token()
        let recorder = EventLog<Notification, Never>()
        let subscription = center.rac.notifications(named: ping, object: sender).subscribe(
            recorder.subscriber())

        center.post(name: ping, object: sender, userInfo: ["n": 1])
        center.post(name: pong, object: sender, userInfo: ["n": 2])  // other name
        center.post(name: ping, object: other, userInfo: ["n": 3])  // other sender
        center.post(name: ping, object: nil, userInfo: ["n": 4])  // no sender
        center.post(name: ping, object: sender, userInfo: ["n": 5])

        #expect(recorder.values.map { $0.userInfo?["n"] as? Int } == [1, 5])
        #expect(recorder.values.allSatisfy { $0.name == ping && $0.object as AnyObject? === sender })
        #expect(!recorder.isTerminated)  // never completes on its own
        subscription.dispose()
    }

    @Test("nil name and nil object match every notification, as addObserver does")
    func nilMatchesEverything() {
        let center = NotificationCenter()
        let recorder = EventLog<Notification, Never>()
        let subscription = center.rac.notifications(named: nil).subscribe(recorder.subscriber())
        center.post(name: ping, object: nil)
        center.post(name: pong, object: Token())
        #expect(recorder.values.map(\.name) == [ping, pong])
        subscription.dispose()
    }

    @Test(
        "is hot in effect: only notifications posted while subscribed arrive; each subscription observes on its own"
    )
    func onlyWhileSubscribed() {
        let center = NotificationCenter()
        let signal = center.rac.notifications(named: ping)
        center.post(name: ping, object: nil, userInfo: ["n": 0])
        let first = EventLog<Notification, Never>()
        let firstSubscription = signal.subscribe(first.subscriber())
        center.post(name: ping, object: nil, userInfo: ["n": 1])
        let second = EventLog<Notification, Never>()
        let secondSubscription = signal.subscribe(second.subscriber())
        center.post(name: ping, object: nil, userInfo: ["n": 2])
        firstSubscription.dispose()
        center.post(name: ping, object: nil, userInfo: ["n": 3])

        #expect(first.values.map { $0.userInfo?["n"] as? Int } == [1, 2])
        #expect(second.values.map { $0.userInfo?["n"] as? Int } == [2, 3])
        secondSubscription.dispose()
    }

    @Test("notifications posted from several threads all arrive, one at a time, each thread's in order")
    func postsFromSeveralThreads() {
        let center = NotificationCenter()
        let lock = NSLock()
        nonisolated(unsafe) var received: [(thread: Int, index: Int)] = []
        nonisolated(unsafe) var inside = 0
        nonisolated(unsafe) var overlapped = false
        let subscription = center.rac.notifications(named: ping).subscribe(next: { notification in
            lock.withLock {
                inside += 1
                if inside > 1 { overlapped = true }
            }
            let thread = notification.userInfo?["thread"] as? Int ?? -1
            let index = notification.userInfo?["index"] as? Int ?? -1
            lock.withLock {
                received.append((thread, index))
                inside -= 1
            }
        })
        let threads = 4
        let perThread = 250
        onThreads(threads) { thread in
            for index in 0..<perThread {
                center.post(name: ping, object: nil, userInfo: ["thread": thread, "index": index])
            }
        }
        subscription.dispose()
        expectReleased(subscription, "the disposed subscriber")

        let all = lock.withLock { received }
        #expect(all.count == threads * perThread)
        #expect(!lock.withLock { overlapped })
        for thread in 0..<threads {
            #expect(all.filter { $0.thread == thread }.map(\.index) == Array(0..<perThread))
        }
    }

    @Test("disposing removes the observer: nothing arrives afterwards and the closures are released")
    func disposeRemovesObserver() {
        let center = NotificationCenter()
        weak var weakToken: Token?
        let recorder = EventLog<Notification, Never>()
        let subscription: any Disposable
        do {
            let token = Token()
            weakToken = token
            let record = recorder.subscriber()
            subscription = center.rac.notifications(named: ping).subscribe(next: { notification in
                withExtendedLifetime(token) { record.sendNext(notification) }
            })
        }
        center.post(name: ping, object: nil)
        #expect(weakToken != nil)
        subscription.dispose()
        #expect(weakToken == nil)
        center.post(name: ping, object: nil)
        #expect(recorder.count == 1)
    }

    @Test("the observed object is not kept alive by the signal, and is released when the subscription ends")
    func objectReleased() {
        let center = NotificationCenter()
        weak var weakSender: Token?
        var signal: Signal<Notification, Never>?
        var subscription: (any Disposable)?
        // Records names only: a recorded notification would keep its object alive.
        let recorder = EventLog<Notification.Name, Never>()
        do {
            let sender = Token()
            weakSender = sender
            signal = center.rac.notifications(named: ping, object: sender)
            let record = recorder.subscriber()
            subscription = signal?.subscribe(next: { record.sendNext($0.name) })
            center.post(name: ping, object: sender)
        }
        #expect(recorder.count == 1)
        subscription?.dispose()
        subscription = nil
        #expect(weakSender == nil)
        #expect(signal != nil)

        // Subscribing after the sender is gone observes nothing (not every sender).
        let late = EventLog<Notification, Never>()
        let lateSubscription = signal!.subscribe(late.subscriber())
        center.post(name: ping, object: nil)
        center.post(name: ping, object: Token())
        #expect(late.count == 0)
        lateSubscription.dispose()
    }

    @Test("dispose while other threads post: nothing is delivered after dispose returns")
    func disposeDuringConcurrentPosts() {
        let center = NotificationCenter()
        let recorder = EventLog<Notification, Never>()
        let subscription = center.rac.notifications(named: ping).subscribe(recorder.subscriber())
        let afterDispose = EventLog<Int, Never>()
        onThreads(4) { thread in
            for index in 0..<200 {
                if thread == 0 && index == 100 {
                    subscription.dispose()
                    afterDispose.subscriber().sendNext(recorder.count)
                }
                center.post(name: ping, object: nil)
            }
        }
        let countAtDispose = afterDispose.values.first ?? -1
        #expect(recorder.count == countAtDispose)
        #expect(!recorder.isTerminated)
    }
}
