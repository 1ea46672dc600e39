import Foundation
import RACOperators
import RACTestSupport
import Synchronization
import Testing

/// The inner subscriptions of the higher-order operators are stages that share the downstream's
/// delivery lock (`InnerSubscriber`): inner senders on several threads take turns, and nothing is
/// lost or delivered out of grammar.
@Suite("HigherOrder: inner subscribers on several threads")
struct InnerSubscriberTests {
    @Test("flattenMap: four inner subjects sending from four threads never overlap in the callback")
    func flattenMapSerialises() {
        let inners = (0..<4).map { _ in Subject<Int, TestError>() }
        let probe = OverlapProbe()
        let received = Mutex([Int](repeating: 0, count: 4))
        let completed = Atomic<Bool>(false)
        let subscription = Signal(values: inners.indices).flattenMap { index in
            inners[index].map { (index, $0) }
        }
        .subscribe(
            next: { index, value in
                probe.enter()
                received.withLock { counts in
                    // Each thread's values arrive in the order it sent them.
                    #expect(counts[index] == value)
                    counts[index] += 1
                }
                probe.leave()
            },
            completed: { completed.store(true, ordering: .releasing) })
        onThreads(4) { index in
            for value in 0..<2_000 { inners[index].sendNext(value) }
            inners[index].sendCompleted()
        }
        #expect(probe.mostAtOnce == 1)
        #expect(received.withLock { $0 } == [2_000, 2_000, 2_000, 2_000])
        let didComplete = completed.load(ordering: .acquiring)
        #expect(didComplete)
        subscription.dispose()
    }

    @Test("switchToLatest: inners sending on three threads while a fourth switches never overlap")
    func switchToLatestSerialises() {
        let outer = Subject<Signal<Int, TestError>, TestError>()
        let inners = (0..<3).map { _ in Subject<Int, TestError>() }
        let probe = OverlapProbe()
        let count = Atomic<Int>(0)
        let subscription = outer.switchToLatest().subscribe(next: { _ in
            probe.enter()
            count.add(1, ordering: .relaxed)
            probe.leave()
        })
        onThreads(4) { index in
            if index == 3 {
                for round in 0..<300 { outer.sendNext(inners[round % 3]) }
            } else {
                for value in 0..<2_000 { inners[index].sendNext(value) }
            }
        }
        #expect(probe.mostAtOnce <= 1)
        // After the last switch, only the latest inner (inners[299 % 3]) reaches the subscriber.
        let before = count.load(ordering: .acquiring)
        inners[0].sendNext(1)
        inners[1].sendNext(1)
        inners[2].sendNext(1)
        let after = count.load(ordering: .acquiring)
        #expect(after == before + 1)
        subscription.dispose()
    }

    @Test("an inner subject that never ends lets go of the result's subscriber once it is disposed")
    func innerReleasedOnDisposal() {
        let inner = Subject<Int, TestError>()
        weak var kept: AnyObject?
        do {
            let captured = NSObject()
            kept = captured
            let subscription = Signal<Int, TestError>(value: 0).flattenMap { _ in inner }
                .subscribe(next: { _ in _ = captured })
            inner.sendNext(1)
            subscription.dispose()
        }
        // The subject still lives; the inner subscriber it held was removed and released.
        #expect(kept == nil)
        #expect(inner.subscriberCount == 0)
    }
}
