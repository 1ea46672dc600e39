import RACCore
import RACTestSupport
import Synchronization
import Testing

/// Counts the runs of disposal actions, from any thread.
private final class DisposalCount: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .acquiring) }
    func action() -> ActionDisposable {
        ActionDisposable { self.count.add(1, ordering: .acquiringAndReleasing) }
    }
}

// RAC: "should not retain disposed disposables". A long-lived subscriber, subject or compound that
// sees a million short-lived disposables come and go keeps only a bounded number of them: the ones
// disposed already are let go as more are added (at most about twice the live ones, plus 32).
@Suite("Disposed resources are let go", .checksRelease)
struct DisposedResourcesTests {
    /// The bound on what a holder of `live` live disposables keeps (see `CompoundDisposable`).
    private func bound(live: Int) -> Int { 2 * live + 2 * 32 + 2 }

    @Test("a subscriber that adds and disposes a million disposables holds only a few")
    func subscriberMillion() {
        let disposals = DisposalCount()
        let subscriber = Subscriber<Int, Never>()
        var live: [ActionDisposable] = []
        var largest = 0
        for index in 0..<1_000_000 {
            let disposable = disposals.action()
            subscriber.add(disposable)
            if index % 100_000 == 0 {
                live.append(disposable)
            } else {
                disposable.dispose()
            }
            largest = max(largest, subscriber.heldResourceCount)
        }
        #expect(largest <= bound(live: live.count))
        #expect(disposals.value == 1_000_000 - live.count)
        subscriber.sendCompleted()
        #expect(disposals.value == 1_000_000)
        #expect(live.allSatisfy { $0.isDisposed })
        #expect(subscriber.heldResourceCount == 0)
    }

    @Test("the first resource, disposed early, is let go like the others")
    func firstResourceLetGo() {
        weak var first: ActionDisposable?
        weak var second: ActionDisposable?
        let subscriber = Subscriber<Int, Never>()
        do {
            let disposable = ActionDisposable {}
            first = disposable
            subscriber.add(disposable)
            disposable.dispose()
        }
        do {
            let disposable = ActionDisposable {}
            second = disposable
            subscriber.add(disposable)
            disposable.dispose()
        }
        for _ in 0..<10_000 {
            let more = ActionDisposable {}
            subscriber.add(more)
            more.dispose()
        }
        #expect(first == nil)
        #expect(second == nil)
        #expect(subscriber.heldResourceCount <= bound(live: 0))

        // A subject keeps its source subscriptions in a compound disposable: the same rule.
        weak var firstSource: ActionDisposable?
        let subject = Subject<Int, Never>()
        do {
            let disposable = ActionDisposable {}
            firstSource = disposable
            subject.add(disposable)
            disposable.dispose()
        }
        for _ in 0..<10_000 {
            let more = ActionDisposable {}
            subject.add(more)
            more.dispose()
        }
        #expect(firstSource == nil)
    }

    @Test("a live first resource is kept and disposed at the end")
    func liveFirstResourceKept() {
        let disposals = DisposalCount()
        let subscriber = Subscriber<Int, Never>()
        let first = disposals.action()
        subscriber.add(first)
        for _ in 0..<10_000 {
            let more = disposals.action()
            subscriber.add(more)
            more.dispose()
        }
        #expect(!first.isDisposed && disposals.value == 10_000)
        subscriber.sendCompleted()
        #expect(first.isDisposed && disposals.value == 10_001)
    }

    @Test("the live resources are kept, and disposed once, in the order they were added")
    func subscriberKeepsLiveInOrder() {
        var order: [Int] = []
        let subscriber = Subscriber<Int, Never>()
        for index in 0..<1_000 {
            let disposable = ActionDisposable { order.append(index) }
            subscriber.add(disposable)
            if index % 7 != 0 { disposable.dispose() }
        }
        #expect(subscriber.heldResourceCount <= bound(live: 143))
        order.removeAll()
        subscriber.dispose()
        #expect(order == Array(stride(from: 0, to: 1_000, by: 7)))
        subscriber.dispose()
        #expect(order.count == 143)
    }

    @Test("a subject subscribed to many short-lived signals lets go of their ended subscriptions")
    func subjectSources() {
        let subject = Subject<Int, Never>()
        let log = EventLog.of(subject)
        var largest = 0
        for index in 0..<5_000 {
            let sending = Signal<Int, Never> { subscriber in
                subscriber.sendNext(index)
                return nil
            }
            sending.subscribe(subject).dispose()
            Signal<Int, Never>.never.subscribe(subject).dispose()
            largest = max(largest, subject.heldSourceCount)
        }
        #expect(largest <= bound(live: 0))
        #expect(log.values == Array(0..<5_000) && !log.isTerminated)
        subject.sendCompleted()
        #expect(subject.heldSourceCount == 0)
    }

    @Test("disposables of other types are kept until the end, then disposed once")
    func otherTypesKept() {
        let subscriber = Subscriber<Int, Never>()
        let serials = (0..<100).map { _ in SerialDisposable() }
        for serial in serials {
            subscriber.add(serial)
            subscriber.add(ActionDisposable())
        }
        #expect(subscriber.heldResourceCount == 200)
        subscriber.dispose()
        #expect(serials.allSatisfy { $0.isDisposed })
    }

    @Test(
        "a subject fed by a million short-lived disposables holds only a few; termination disposes the rest")
    func subjectMillion() {
        let disposals = DisposalCount()
        let subject = Subject<Int, Never>()
        let live = disposals.action()
        subject.add(live)
        var largest = 0
        for _ in 0..<1_000_000 {
            let disposable = disposals.action()
            subject.add(disposable)
            disposable.dispose()
            largest = max(largest, subject.heldSourceCount)
        }
        #expect(largest <= bound(live: 1))
        #expect(!live.isDisposed)
        subject.sendCompleted()
        #expect(live.isDisposed && disposals.value == 1_000_001)
        #expect(subject.heldSourceCount == 0)
    }

    @Test("a compound disposable lets go of children disposed on their own; remove and dispose still work")
    func compound() {
        let compound = CompoundDisposable()
        let live = ActionDisposable()
        compound.add(live)
        for _ in 0..<100_000 {
            let child = ActionDisposable()
            compound.add(child)
            child.dispose()
        }
        #expect(compound.count <= bound(live: 1))
        compound.remove(live)
        compound.dispose()
        #expect(!live.isDisposed)
        #expect(compound.count == 0)
        let late = ActionDisposable()
        compound.add(late)
        #expect(late.isDisposed)
    }

    @Test("threads adding and disposing at once: every live one is disposed exactly once at the end")
    func concurrent() {
        let disposals = DisposalCount()
        let subscriber = Subscriber<Int, Never>()
        let compound = CompoundDisposable()
        let perThread = 20_000
        onThreads(4) { thread in
            for index in 0..<perThread {
                let first = disposals.action()
                let second = disposals.action()
                subscriber.add(first)
                compound.add(second)
                if index % 100 != 0 {
                    first.dispose()
                    second.dispose()
                }
            }
        }
        // No bound on the counts here: additions made while another thread prunes wait for the
        // next pruning.
        let live = 4 * perThread / 100
        #expect(disposals.value == 2 * 4 * perThread - 2 * live)
        subscriber.dispose()
        compound.dispose()
        #expect(disposals.value == 2 * 4 * perThread)
    }
}
