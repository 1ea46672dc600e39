import Dispatch
import RACCore
import RACTestSupport
import Testing

@Suite(.checksRelease) struct PullSequenceTests {
    @Test func valuesHeadTailArray() {
        let sequence = PullSequence(values: [1, 2, 3])
        #expect(sequence.head == 1)
        #expect(sequence.tail.head == 2)
        #expect(sequence.tail.tail.head == 3)
        #expect(sequence.tail.tail.tail.isEmpty)
        #expect(sequence.array == [1, 2, 3])
        #expect(sequence.tail.array == [2, 3])
        #expect(sequence.isEmpty == false)
        #expect(sequence.isEager == false)
    }

    @Test func emptySequence() {
        let empty = PullSequence<Int>.empty
        #expect(empty.head == nil)
        #expect(empty.isEmpty)
        #expect(empty.tail.isEmpty)
        #expect(empty.tail.tail.head == nil)
        #expect(empty.array == [])
        #expect(Array(empty) == [])
        #expect(PullSequence<Int>(values: []).isEmpty)
    }

    @Test func singleValue() {
        let single = PullSequence(value: "a")
        #expect(single.head == "a")
        #expect(single.tail.isEmpty)
        #expect(single.array == ["a"])
    }

    @Test func valuesAreCopied() {
        var source = [1, 2]
        let sequence = PullSequence(values: source)
        source.append(3)
        source[0] = 9
        #expect(sequence.array == [1, 2])
    }

    @Test func optionalValuesUseIsEmpty() {
        let sequence = PullSequence<Int?>(values: [nil, 1])
        #expect(sequence.isEmpty == false)
        #expect(sequence.head == .some(nil))
        #expect(sequence.array == [nil, 1])
        #expect(Array(sequence) == [nil, 1])
    }

    @Test func swiftSequenceIteration() {
        var collected: [Int] = []
        for value in PullSequence(values: [3, 1, 2]) {
            collected.append(value)
        }
        #expect(collected == [3, 1, 2])
        #expect(lazyCells(["x", "y"]).map { $0 + "!" }.array == ["x!", "y!"])
        #expect(PullSequence(values: [1, 2, 3]).reduce(0, +) == 6)
        var iterator = PullSequence(value: 7).makeIterator()
        #expect(iterator.next() == 7)
        #expect(iterator.next() == nil)
        #expect(iterator.next() == nil)
    }

    @Test func lazyHeadAndTailAreMemoised() {
        let heads = Locked(0)
        let tails = Locked(0)
        let sequence = naturals(heads: heads, tails: tails)
        #expect(heads.current == 0)
        #expect(tails.current == 0)
        #expect(sequence.isEmpty == false)
        #expect(heads.current == 0)
        #expect(sequence.head == 0)
        #expect(sequence.head == 0)
        #expect(heads.current == 1)
        #expect(tails.current == 0)
        let tail = sequence.tail
        #expect(sequence.tail === tail)
        #expect(tails.current == 1)
        #expect(heads.current == 1)
        #expect(tail.head == 1)
        #expect(heads.current == 2)
    }

    @Test func iterationDoesNotForceTheNextTailEarly() {
        let heads = Locked(0)
        let tails = Locked(0)
        let sequence = naturals(heads: heads, tails: tails)
        #expect(Array(sequence.prefix(3)) == [0, 1, 2])
        #expect(heads.current == 3)
        #expect(tails.current == 2)
        // Iterating again reuses every memoised value.
        #expect(Array(sequence.prefix(3)) == [0, 1, 2])
        #expect(heads.current == 3)
        #expect(tails.current == 2)
    }

    @Test func deferRunsItsFactoryOnceAndLazily() {
        let calls = Locked(0)
        let sequence = PullSequence<Int>.defer {
            calls.withValue { $0 += 1 }
            return PullSequence(values: [1, 2])
        }
        #expect(calls.current == 0)
        #expect(sequence.isEmpty == false)
        #expect(sequence.head == 1)
        #expect(sequence.array == [1, 2])
        #expect(calls.current == 1)
        let empty = PullSequence<Int>.defer { .empty }
        #expect(empty.isEmpty)
        #expect(empty.head == nil)
        #expect(empty.tail.isEmpty)
    }

    @Test func longChainsOfDeferredSequencesResolveWithoutRecursion() {
        var sequence = PullSequence(values: [42])
        for _ in 0..<100_000 {
            let inner = sequence
            sequence = .defer { inner }
        }
        #expect(sequence.head == 42)
        #expect(sequence.array == [42])
    }

    @Test func eagerAndLazyIdentity() {
        let lazy = PullSequence(values: [1, 2])
        #expect(lazy.lazy === lazy)
        let eager = lazy.eager
        #expect(eager.isEager)
        #expect(eager !== lazy)
        #expect(eager.eager === eager)
        #expect(eager.array == [1, 2])
        #expect(eager.tail.isEager)
        let backToLazy = eager.lazy
        #expect(backToLazy.isEager == false)
        #expect(backToLazy !== eager)
        #expect(backToLazy.lazy === backToLazy)
        #expect(backToLazy.array == [1, 2])
        let cells = naturals()
        #expect(cells.lazy === cells)
    }

    @Test func eagerComputesEveryValueAtOnce() {
        let heads = Locked(0)
        let eager = naturals(heads: heads).take(4).eager
        #expect(heads.current == 4)
        #expect(eager.array == [0, 1, 2, 3])
        let doubled = eager.map { value -> Int in
            heads.withValue { $0 += 1 }
            return value * 2
        }
        #expect(heads.current == 8)
        #expect(doubled.isEager)
        #expect(doubled.array == [0, 2, 4, 6])
    }

    @Test func infiniteSequenceWorksWithPrefixAndTake() {
        #expect(Array(naturals().prefix(5)) == [0, 1, 2, 3, 4])
        #expect(naturals().take(3).array == [0, 1, 2])
        #expect(naturals(from: 10).tail.tail.head == 12)
        #expect(naturals().first(where: { $0 * $0 > 50 }) == 8)
    }

    @Test func longLazySequenceIsReleasedWithoutOverflowingTheStack() {
        weak var weakHead: PullSequence<Int>?
        do {
            let sequence = naturals()
            weakHead = sequence
            var count = 0
            for _ in sequence.prefix(100_000) {
                count += 1
            }
            #expect(count == 100_000)
        }
        #expect(weakHead == nil)
    }

    @Test func concurrentForcingRunsEachClosureOnce() {
        for _ in 0..<50 {
            let heads = Locked(0)
            let tails = Locked(0)
            let sequence = naturals(heads: heads, tails: tails)
            let results = Locked<[Int]>([])
            onThreads(8) { _ in
                let values = Array(sequence.prefix(20))
                results.withValue { $0.append(values.reduce(0, +)) }
            }
            #expect(heads.current == 20)
            #expect(tails.current == 19)
            #expect(results.current == Array(repeating: 190, count: 8))
        }
    }

    @Test func concurrentDeferResolutionRunsTheFactoryOnce() {
        for _ in 0..<50 {
            let calls = Locked(0)
            let sequence = PullSequence<Int>.defer {
                calls.withValue { $0 += 1 }
                return PullSequence(values: [1, 2, 3])
            }
            onThreads(8) { _ in
                _ = sequence.head
            }
            #expect(calls.current == 1)
        }
    }

    @Test func aHeadThatReadsItselfIsAProgrammerError() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Holder: @unchecked Sendable { var sequence: PullSequence<Int>? }
            let holder = Holder()
            holder.sequence = PullSequence(head: { holder.sequence!.head! }, tail: { .empty })
            _ = holder.sequence!.head
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("PullSequence.head"))
        #expect(stderr.contains("cycle"))
    }

    @Test func aDeferThatReturnsItselfIsAProgrammerError() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Holder: @unchecked Sendable { var sequence: PullSequence<Int>? }
            let holder = Holder()
            holder.sequence = .defer { holder.sequence! }
            _ = holder.sequence!.isEmpty
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("PullSequence.defer(_:)"))
        #expect(stderr.contains("cycle"))
    }
}
