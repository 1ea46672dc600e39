import Dispatch
import Foundation
import RACCore
import RACTestSupport
import Testing

@Suite("Serialization and disposal across threads", .checksRelease)
struct ConcurrencyTests {
    @Test("8 threads × 100,000 sends into one subject: each value arrives once, callbacks never overlap")
    func serializedSubjectDelivery() {
        let threads = 8
        let perThread = 100_000
        let subject = Subject<Int, Never>()
        let inCallback = Locked(false)
        var overlaps = 0
        var seen = [Bool](repeating: false, count: threads * perThread)
        var duplicates = 0
        var lastPerThread = [Int](repeating: -1, count: threads)
        var outOfOrder = 0
        let subscription = subject.subscribe(next: { value in
            // The subscriber's lock serialises callbacks, so these plain variables need no lock;
            // the flag below detects an overlap if that guarantee were ever broken.
            let overlapped = inCallback.withValue { busy in
                defer { busy = true }
                return busy
            }
            if overlapped { overlaps += 1 }
            if seen[value] { duplicates += 1 }
            seen[value] = true
            let thread = value / perThread
            if value <= lastPerThread[thread] { outOfOrder += 1 }
            lastPerThread[thread] = value
            inCallback.withValue { $0 = false }
        })
        onThreads(threads) { thread in
            for index in 0..<perThread {
                subject.sendNext(thread * perThread + index)
            }
        }
        #expect(overlaps == 0)
        #expect(duplicates == 0)
        #expect(outOfOrder == 0)
        #expect(seen.allSatisfy { $0 })
        subject.sendCompleted()
        expectReleased(subscription, "the subscriber")
    }

    @Test("dispose racing with sends from another thread: cleanup once, no delivery starts after it returns")
    func disposeDuringSend() {
        for _ in 0..<50 {
            let cleanups = Locked(0)
            let afterDispose = Locked(0)
            let disposed = Locked(false)
            let subject = Subject<Int, Never>()
            let signal = Signal<Int, Never> { subscriber in
                let inner = subject.subscribe(subscriber)
                return CompoundDisposable([inner, ActionDisposable { cleanups.withValue { $0 += 1 } }])
            }
            // Counts callbacks that find the subscription already disposed. Only the one callback that
            // was already running when dispose() returned may do so; no later one may start.
            let subscription = signal.subscribe(next: { _ in
                if disposed.current { afterDispose.withValue { $0 += 1 } }
            })
            let sender = Thread {
                for value in 0..<2_000 { subject.sendNext(value) }
            }
            sender.start()
            onThreads(4) { _ in
                subscription.dispose()
                disposed.withValue { $0 = true }
            }
            while !sender.isFinished { usleep(100) }
            #expect(cleanups.current == 1)
            #expect(afterDispose.current <= 1)
            expectReleased(subscription, "the disposed subscriber")
        }
    }

    @Test("subscribing and disposing while another thread sends never crashes and drops the dead")
    func subscribeDisposeRace() {
        let subject = Subject<Int, Never>()
        let done = Locked(false)
        let sender = Thread {
            var value = 0
            while !done.current {
                subject.sendNext(value)
                value += 1
            }
        }
        sender.start()
        let subscriptions = Locked<[any Disposable]>([])
        onThreads(4) { _ in
            for _ in 0..<2_000 {
                let subscription = subject.subscribe(next: { _ in })
                subscription.dispose()
                subscriptions.withValue { $0.append(subscription) }
            }
        }
        done.withValue { $0 = true }
        while !sender.isFinished { usleep(100) }
        #expect(subject.subscriberCount == 0)
        for subscription in subscriptions.current {
            expectReleased(subscription, "a disposed subscriber")
        }
    }

    @Test(
        "a replay subject under concurrent sends and subscriptions gives each subscriber a gap-free stream (RACReplaySubject.m -subscribe:)"
    )
    func replayUnderConcurrency() {
        let subject = ReplaySubject<Int, Never>()
        let total = 20_000
        let results = Locked<[[Int]]>([])
        let subscriptions = Locked<[any Disposable]>([])
        let sender = Thread {
            for value in 0..<total { subject.sendNext(value) }
            subject.sendCompleted()
        }
        sender.start()
        onThreads(8) { _ in
            var received: [Int] = []
            let finished = DispatchSemaphore(value: 0)
            let subscription = subject.subscribe(
                next: { received.append($0) }, completed: { finished.signal() })
            finished.wait()
            results.withValue { $0.append(received) }
            subscriptions.withValue { $0.append(subscription) }
        }
        while !sender.isFinished { usleep(100) }
        for received in results.current {
            #expect(received == Array(0..<total))
        }
        for subscription in subscriptions.current {
            expectReleased(subscription, "a completed subscriber")
        }
    }
}
