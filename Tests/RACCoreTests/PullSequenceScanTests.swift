import RACCore
import RACTestSupport
import Testing

@Suite("PullSequence: scan, combinePrevious, aggregate, reduce", .checksRelease)
struct PullSequenceScanTests {
    @Test("scan gives every running accumulation, not the start; empty stays empty")
    func scan() {
        #expect(PullSequence(values: [1, 2, 3]).scan(0, +).array == [1, 3, 6])
        #expect(
            PullSequence(values: ["a", "b", "c"]).scan("", withIndex: { $0 + "\($2)" }).array
                == ["0", "01", "012"])
        #expect(PullSequence<Int>.empty.scan(0, +).isEmpty)
        #expect(PullSequence<Int>.empty.scan(0, withIndex: { $0 + $1 + $2 }).isEmpty)
        let eager = PullSequence(values: [1, 2, 3]).eager.scan(10, -)
        #expect(eager.isEager)
        #expect(eager.array == [9, 7, 4])
        #expect(PullSequence(values: [5, 5]).eager.scan(0, withIndex: { $0 + $1 * $2 }).array == [0, 5])
    }

    @Test("scan is lazy: a head is reduced when read, once; an infinite sequence works")
    func scanIsLazy() {
        let heads = Locked(0)
        let reductions = Locked(0)
        let sums = naturals(heads: heads).scan(0) { running, value in
            reductions.withValue { $0 += 1 }
            return running + value
        }
        #expect(heads.current == 0)
        #expect(reductions.current == 0)
        #expect(sums.isEmpty == false)
        #expect(reductions.current == 0)
        #expect(Array(sums.prefix(4)) == [0, 1, 3, 6])
        #expect(Array(sums.prefix(4)) == [0, 1, 3, 6])
        #expect(reductions.current == 4)
        #expect(heads.current == 4)
    }

    @Test("scan walks and skips 100 000 values without deep recursion")
    func scanLongChains() {
        let sums = naturals().scan(0, +)
        #expect(sums.take(100_000).foldLeft(0) { count, _ in count + 1 } == 100_000)
        #expect(naturals().scan(0, withIndex: { _, _, index in index }).skip(100_000).head == 100_000)
        weak var weakHead: PullSequence<Int>?
        do {
            let chain = naturals().scan(0, +)
            weakHead = chain
            #expect(chain.skip(99_999).head == 4_999_950_000)
        }
        #expect(weakHead == nil)
    }

    @Test("combinePrevious reduces each value with the source value before it")
    func combinePrevious() {
        #expect(PullSequence(values: [1, 2, 3]).combinePrevious(0, +).array == [1, 3, 5])
        #expect(
            PullSequence(values: [1, 2, 3]).combinePrevious(0) { [$0, $1] }.array == [
                [0, 1], [1, 2], [2, 3],
            ])
        #expect(PullSequence<Int>.empty.combinePrevious(0, +).isEmpty)
        let eager = PullSequence(values: [1, 2]).eager.combinePrevious(10, -)
        #expect(eager.isEager)
        #expect(eager.array == [9, -1])
        let calls = Locked(0)
        let pairs = naturals().combinePrevious(-1) { previous, value -> Int in
            calls.withValue { $0 += 1 }
            return previous * value
        }
        #expect(calls.current == 0)
        #expect(Array(pairs.prefix(3)) == [0, 0, 2])
        #expect(calls.current == 3)
        #expect(naturals().combinePrevious(0, +).skip(100_000).head == 199_999)
    }

    @Test("aggregate is a one-value sequence of the fold; start for empty; lazy until read")
    func aggregate() {
        #expect(PullSequence(values: [1, 2, 3]).aggregate(0, +).array == [6])
        #expect(PullSequence<Int>.empty.aggregate(0, +).array == [0])
        #expect(PullSequence(values: ["a", "b"]).aggregate(0, withIndex: { $0 + $2 }).array == [1])
        let heads = Locked(0)
        let folded = naturals(heads: heads).take(4).aggregate(0, +)
        #expect(folded.isEmpty == false)
        #expect(heads.current == 0)
        #expect(folded.head == 6)
        #expect(heads.current == 4)
        #expect(folded.tail.isEmpty)
        let eagerFold = PullSequence(values: [1, 2]).eager.aggregate(0, +)
        #expect(eagerFold.isEager)
        #expect(eagerFold.array == [3])
    }

    @Test("reduce is the sequence's own left fold, with typed errors")
    func reduce() {
        let values = PullSequence(values: [1, 2, 3])
        let sum: Int = values.reduce(0, +)
        #expect(sum == 6)
        #expect(values.reduce("") { $0 + "\($1)" } == "123")
        #expect(PullSequence<Int>.empty.reduce(5, +) == 5)
        #expect(throws: TestError.self) {
            try values.reduce(0) { (running, value) throws(TestError) -> Int in
                if value == 2 { throw TestError() }
                return running + value
            }
        }
        #expect(naturals().take(100_000).reduce(0, +) == 4_999_950_000)
    }
}
