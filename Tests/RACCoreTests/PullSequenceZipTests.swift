import RACCore
import RACTestSupport
import Testing

@Suite("PullSequence: zip(with:), zip(_:), zip(_:reduce:)", .checksRelease)
struct PullSequenceZipTests {
    @Test("zip(with:) pairs values by index and ends with the shorter sequence")
    func zipWith() {
        let pairs = PullSequence(values: [1, 2, 3]).zip(with: PullSequence(values: ["a", "b"]))
        #expect(pairs.array.map { "\($0.0)\($0.1)" } == ["1a", "2b"])
        #expect(PullSequence<Int>.empty.zip(with: PullSequence(values: [1])).isEmpty)
        #expect(PullSequence(values: [1]).zip(with: PullSequence<Int>.empty).isEmpty)
        let eager = PullSequence(values: [1, 2]).eager.zip(with: naturals(from: 10))
        #expect(eager.isEager)
        #expect(eager.array.map { $0.0 + $0.1 } == [11, 13])
    }

    @Test("zip(with:) is lazy, pulls no input beyond the shortest, and works on infinite inputs")
    func zipWithIsLazy() {
        let leftHeads = Locked(0)
        let rightHeads = Locked(0)
        let rightTails = Locked(0)
        let pairs = naturals(heads: leftHeads).take(2).zip(
            with: naturals(heads: rightHeads, tails: rightTails))
        #expect(leftHeads.current == 0)
        #expect(pairs.array.map { $0.0 * 100 + $0.1 } == [0, 101])
        #expect(leftHeads.current == 2)
        #expect(rightHeads.current == 2)
        #expect(rightTails.current == 2)
        let infinite = naturals().zip(with: naturals(from: 1))
        #expect(Array(infinite.prefix(3)).map { $0.0 * $0.1 } == [0, 2, 6])
    }

    @Test("zip(with:) walks 100 000 pairs and releases the chain")
    func zipWithLong() {
        weak var weakHead: PullSequence<(Int, Int)>?
        do {
            let pairs = naturals().zip(with: naturals())
            weakHead = pairs
            #expect(pairs.take(100_000).foldLeft(0) { count, _ in count + 1 } == 100_000)
            #expect(pairs.skip(100_000).head.map { $0.0 + $0.1 } == 200_000)
        }
        #expect(weakHead == nil)
    }

    @Test("PullSequence.zip over any sequence of sequences: arrays by index, shortest ends, none is empty")
    func zipMany() {
        let zipped = PullSequence<[Int]>.zip([
            PullSequence(values: [1, 2, 3]), PullSequence(values: [10, 20]), naturals(from: 100),
        ])
        #expect(zipped.array == [[1, 10, 100], [2, 20, 101]])
        #expect(PullSequence<[Int]>.zip([PullSequence<Int>]()).isEmpty)
        #expect(PullSequence<[Int]>.zip([PullSequence(values: [1, 2])]).array == [[1], [2]])
        #expect(PullSequence<[Int]>.zip([PullSequence(values: [1]), .empty]).isEmpty)
        let fromSet = PullSequence<[Int]>.zip(Set([PullSequence(values: [7, 8])]))
        #expect(fromSet.array == [[7], [8]])
        let eager = PullSequence<[Int]>.zip([PullSequence(values: [1, 2]).eager, naturals()])
        #expect(eager.isEager)
        #expect(eager.array == [[1, 0], [2, 1]])
    }

    @Test("PullSequence.zip is lazy on infinite inputs and walks 100 000 values")
    func zipManyIsLazy() {
        let heads = Locked(0)
        let zipped = PullSequence<[Int]>.zip([naturals(heads: heads), naturals(from: 1, heads: heads)])
        #expect(heads.current == 0)
        #expect(Array(zipped.prefix(2)) == [[0, 1], [1, 2]])
        #expect(heads.current == 4)
        #expect(
            PullSequence<[Int]>.zip([naturals(), naturals()]).take(100_000).foldLeft(0) { count, _ in
                count + 1
            }
                == 100_000)
    }

    @Test("zip(_:reduce:) reduces each array of same-index values")
    func zipReduce() {
        let sums = PullSequence<Int>.zip([PullSequence(values: [1, 2]), PullSequence(values: [10, 20, 30])]) {
            $0.reduce(0, +)
        }
        #expect(sums.array == [11, 22])
        #expect(PullSequence<Int>.zip([PullSequence<Int>](), reduce: { $0.count }).isEmpty)
        let calls = Locked(0)
        let products = PullSequence<Int>.zip([naturals(), naturals()]) { values -> Int in
            calls.withValue { $0 += 1 }
            return values[0] * values[1]
        }
        #expect(calls.current == 0)
        #expect(Array(products.prefix(3)) == [0, 1, 4])
        #expect(calls.current == 3)
    }
}
