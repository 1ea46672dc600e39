import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Synchronization
import Testing

@Suite("Transform: the intermediate map signal of a fused chain stays a signal of its own", .checksRelease)
struct MapStageTests {
    @Test("the map signal alone, while a filter of it exists unsubscribed")
    func intermediateAlone() {
        let subject = Subject<Int, TestError>()
        let calls = Log<String>()
        let mapped = subject.map(traced(calls, "map") { $0 * 10 })
        let filtered = mapped.filter(traced(calls, "filter") { $0 > 10 })
        let log = EventLog.of(mapped)
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        #expect(log.events == [.next(10), .next(20), .completed])
        #expect(calls.all == ["map 1", "map 2"])
        withExtendedLifetime(filtered) {}
    }

    @Test("two subscribers to the map signal, while a filter of it exists")
    func twoSubscribersToTheIntermediate() {
        let subject = Subject<Int, TestError>()
        let calls = Log<String>()
        let mapped = subject.map(traced(calls, "map") { $0 * 10 })
        let filtered = mapped.filter(traced(calls, "filter") { $0 > 10 })
        let first = EventLog.of(mapped)
        let second = EventLog.of(mapped)
        #expect(subject.subscriberCount == 2)
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        #expect(first.events == [.next(10), .next(20), .completed])
        #expect(second.events == first.events)
        #expect(calls.all == ["map 1", "map 1", "map 2", "map 2"])
        withExtendedLifetime(filtered) {}
    }

    @Test("one subscriber to the map signal and one to its filter, at once: each in turn, per value")
    func intermediateAndFilteredAtOnce() {
        let subject = Subject<Int, TestError>()
        let calls = Log<String>()
        let mapped = subject.map(traced(calls, "map") { $0 * 10 })
        let filtered = mapped.filter(traced(calls, "filter") { $0 != 20 })
        mapped.subscribe(
            next: { calls.append("mapped got \($0)") }, completed: { calls.append("mapped completed") })
        filtered.subscribe(
            next: { calls.append("filtered got \($0)") }, completed: { calls.append("filtered completed") })
        #expect(subject.subscriberCount == 2)
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        #expect(
            calls.all == [
                "map 1", "mapped got 10", "map 1", "filter 10", "filtered got 10",
                "map 2", "mapped got 20", "map 2", "filter 20",
                "mapped completed", "filtered completed",
            ])
        #expect(subject.subscriberCount == 0)
    }

    @Test("the filtered signal subscribed first, then the map signal: each in turn, in that order")
    func filteredThenIntermediate() {
        let subject = Subject<Int, TestError>()
        let received = Log<String>()
        let mapped = subject.map { $0 * 10 }
        let filtered = mapped.filter { $0 > 10 }
        filtered.subscribe(next: { received.append("filtered \($0)") })
        mapped.subscribe(next: { received.append("mapped \($0)") })
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        #expect(received.all == ["mapped 10", "filtered 20", "mapped 20"])
    }

    @Test("the same map signal filtered twice with different predicates, all three subscribed")
    func filteredTwice() {
        let subject = Subject<Int, TestError>()
        let calls = Log<String>()
        let mapped = subject.map(traced(calls, "map") { $0 * 10 })
        let small = mapped.filter(traced(calls, "small?") { $0 < 30 })
        let even = mapped.filter(traced(calls, "even?") { $0 % 20 == 0 })
        let all = EventLog.of(mapped)
        let smallLog = EventLog.of(small)
        let evenLog = EventLog.of(even)
        for value in 1...4 { subject.sendNext(value) }
        subject.sendError(TestError(3))
        #expect(all.events == [.next(10), .next(20), .next(30), .next(40), .error(TestError(3))])
        #expect(smallLog.events == [.next(10), .next(20), .error(TestError(3))])
        #expect(evenLog.events == [.next(20), .next(40), .error(TestError(3))])
        #expect(
            calls.all == [
                "map 1", "map 1", "small? 10", "map 1", "even? 10",
                "map 2", "map 2", "small? 20", "map 2", "even? 20",
                "map 3", "map 3", "small? 30", "map 3", "even? 30",
                "map 4", "map 4", "small? 40", "map 4", "even? 40",
            ])
    }

    @Test("the map signal filtered and mapped again, each used on its own and chained further")
    func branches() {
        let source = Signal<Int, TestError>(values: [1, 2, 3])
        let mapped = source.map { $0 + 1 }
        let filtered = mapped.filter { $0 != 3 }
        let remapped = mapped.map { $0 * 100 }
        #expect(eventsOf(mapped) == [.next(2), .next(3), .next(4), .completed])
        #expect(eventsOf(filtered) == [.next(2), .next(4), .completed])
        #expect(eventsOf(remapped) == [.next(200), .next(300), .next(400), .completed])
        #expect(eventsOf(filtered.map { -$0 }) == [.next(-2), .next(-4), .completed])
        #expect(eventsOf(remapped.filter { $0 > 200 }) == [.next(300), .next(400), .completed])
        #expect(eventsOf(filtered.filter { $0 > 2 }) == [.next(4), .completed])
        #expect(eventsOf(mapped) == [.next(2), .next(3), .next(4), .completed])
    }

    @Test("disposing the filtered subscription leaves the map signal's subscription running")
    func disposingOneBranch() {
        let subject = Subject<Int, TestError>()
        let mapped = subject.map { $0 * 10 }
        let all = EventLog<Int, TestError>()
        let some = EventLog<Int, TestError>()
        let allSubscription = all.record(mapped)
        let someSubscription = some.record(mapped.filter { $0 > 10 })
        subject.sendNext(1)
        subject.sendNext(2)
        someSubscription.dispose()
        #expect(subject.subscriberCount == 1)
        subject.sendNext(3)
        #expect(all.events == [.next(10), .next(20), .next(30)])
        #expect(some.events == [.next(20)])
        allSubscription.dispose()
        #expect(subject.subscriberCount == 0)
    }

    @Test("each intermediate and its combination subscribed at once", arguments: [0, 1, 2, 3])
    func everyPair(_ index: Int) {
        // The first stage of each two-stage chain, and the stage applied to it.
        let first: (Signal<Int, TestError>) -> Signal<Int, TestError> = [
            { $0.map { $0 * 10 } }, { $0.filter { $0 % 2 == 1 } }, { $0.map { $0 + 1 } },
            { $0.filter { $0 % 2 == 0 } },
        ][index]
        let second: (Signal<Int, TestError>) -> Signal<Int, TestError> = [
            { $0.filter { $0 % 20 == 0 } }, { $0.map { $0 * 10 } }, { $0.map { $0 * 10 } },
            { $0.filter { $0 > 2 } },
        ][index]
        let expectedFirst: [[Int]] = [[10, 20, 30, 40], [1, 3], [2, 3, 4, 5], [2, 4]]
        let expectedSecond: [[Int]] = [[20, 40], [10, 30], [20, 30, 40, 50], [4]]
        let subject = Subject<Int, TestError>()
        let intermediate = first(subject)
        let combined = second(intermediate)
        let intermediateLog = EventLog.of(intermediate)
        let combinedLog = EventLog.of(combined)
        let secondIntermediateLog = EventLog.of(intermediate)
        for value in 1...4 { subject.sendNext(value) }
        subject.sendCompleted()
        #expect(intermediateLog.events == expectedFirst[index].map { .next($0) } + [.completed])
        #expect(secondIntermediateLog.events == intermediateLog.events)
        #expect(combinedLog.events == expectedSecond[index].map { .next($0) } + [.completed])
    }
}
