import Foundation
import RACCore
import RACTestSupport
import RACTesting
import Testing

// `@testable`: these tests read how many slots a `MergeSubscription` keeps, which nothing public
// shows.
@testable import RACOperators

private typealias IntSignal = Signal<Int, TestError>

/// A merge whose downstream records its events in the log, wired as `flatten` wires it.
private func loggedMerge(
    sourceLocation: SourceLocation = #_sourceLocation
) -> (EventLog<Int, TestError>, MergeSubscription<Int, TestError>) {
    let log = EventLog<Int, TestError>()
    let downstream = log.subscriber(sourceLocation: sourceLocation)
    let merge = MergeSubscription<Int, TestError>(downstream: downstream)
    downstream.link(state: merge)
    return (log, merge)
}

@Suite("HigherOrder: the slots of a merge, for inner signals released without ending", .checksRelease)
struct MergeSlotTests {
    @Test("an inner subject released without ending gives up its slot, and still counts as running")
    func releasedInnerGivesUpItsSlot() {
        let (log, merge) = loggedMerge()
        let kept = Subject<Int, TestError>()
        merge.add(kept)
        for value in 0..<100 {
            let dropped = Subject<Int, TestError>()
            merge.add(dropped)
            dropped.sendNext(value)
        }
        // Each dropped subject let its subscriber go, and the next one took its slot.
        #expect(merge.innerSlots == (held: 1, total: 2))
        kept.sendNext(100)
        kept.sendCompleted()
        merge.sourceCompleted()
        // The dropped subjects never ended, so neither does the merge (RACSignal.m -bind:).
        #expect(log.events == (0...100).map { .next($0) })
        merge.dispose()
        #expect(merge.innerSlots == (held: 0, total: 0))
        #expect(log.events.count == 101)
    }

    @Test("flatten over inner subjects dropped without ending: values arrive, the result never completes")
    func flattenOfDroppedSubjects() {
        let outer = Subject<IntSignal, TestError>()
        let log = EventLog<Int, TestError>()
        let subscription = log.record(outer.flatten())
        for value in 0..<3 {
            let dropped = Subject<Int, TestError>()
            outer.sendNext(dropped)
            dropped.sendNext(value)
        }
        let last = Subject<Int, TestError>()
        outer.sendNext(last)
        outer.sendCompleted()
        last.sendNext(3)
        last.sendCompleted()
        #expect(log.events == [.next(0), .next(1), .next(2), .next(3)])
        subscription.dispose()
        last.sendNext(4)
        #expect(log.events.count == 4)
    }

    @Test("inner subjects dropped and completed on several threads: all values arrive, slots are reused")
    func droppedOnThreads() {
        let (log, merge) = loggedMerge()
        onThreads(4) { index in
            for round in 0..<500 {
                let inner = Subject<Int, TestError>()
                merge.add(inner)
                inner.sendNext(index * 1_000 + round)
                // Half of them end; the others are dropped without ending.
                if round.isMultiple(of: 2) { inner.sendCompleted() }
            }
        }
        #expect(Set(log.values) == Set((0..<4).flatMap { index in (0..<500).map { index * 1_000 + $0 } }))
        #expect(log.count == 2_000)
        // At most one slot per thread was in use at any time.
        #expect(merge.innerSlots.held == 0)
        #expect(merge.innerSlots.total <= 4)
        merge.dispose()
    }

    @Test("inner subjects dropped while another thread disposes the merge")
    func droppedWhileDisposing() {
        for _ in 0..<20 {
            let (log, merge) = loggedMerge()
            onThreads(3) { index in
                if index == 0 {
                    merge.dispose()
                    return
                }
                for round in 0..<200 {
                    let inner = Subject<Int, TestError>()
                    merge.add(inner)
                    inner.sendNext(round)
                }
            }
            #expect(merge.innerSlots == (held: 0, total: 0))
            #expect(log.count <= 400)
            #expect(!log.isTerminated)
        }
    }

    @Test("flatten(2): an inner subject dropped without ending keeps its place among the two running")
    func droppedInnerKeepsItsConcurrencyPlace() {
        let outer = Subject<IntSignal, TestError>()
        let log = EventLog<Int, TestError>()
        let subscription = log.record(outer.flatten(2))
        let running = Subject<Int, TestError>()
        outer.sendNext(running)
        do {
            let dropped = Subject<Int, TestError>()
            outer.sendNext(dropped)
            dropped.sendNext(0)
        }
        // Two are running (one of them gone for good): the third waits (RACSignal+Operations.m -flatten:).
        let waiting = ProbeSource<Int, TestError>()
        outer.sendNext(waiting.signal)
        #expect(!waiting.isSubscribed)
        running.sendCompleted()
        #expect(waiting.isSubscribed)
        waiting.sendNext(1)
        waiting.sendCompleted()
        outer.sendCompleted()
        #expect(log.events == [.next(0), .next(1)])
        subscription.dispose()
        #expect(!waiting.isSubscribed)
    }
}
