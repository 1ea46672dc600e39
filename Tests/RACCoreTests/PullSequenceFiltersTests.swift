import RACCore
import RACTestSupport
import Testing

@Suite("PullSequence: skip, take(while:), take(until:), distinctUntilChanged", .checksRelease)
struct PullSequenceFiltersTests {
    @Test("skip drops the first values; more than there are gives an empty sequence")
    func skip() {
        let values = PullSequence(values: [1, 2, 3, 4])
        #expect(values.skip(2).array == [3, 4])
        #expect(values.skip(0).array == [1, 2, 3, 4])
        #expect(values.skip(9).isEmpty)
        #expect(values.tail.skip(1).array == [3, 4])
        #expect(PullSequence<Int>.empty.skip(1).isEmpty)
        #expect(values.eager.skip(1).isEager)
        #expect(lazyCells([1, 2, 3]).skip(1).array == [2, 3])
        #expect(lazyCells([1, 2, 3]).skip(5).isEmpty)
    }

    @Test("skip is lazy and does not evaluate the skipped heads")
    func skipIsLazy() {
        let heads = Locked(0)
        let tails = Locked(0)
        let skipped = naturals(heads: heads, tails: tails).skip(3)
        #expect(tails.current == 0)
        #expect(skipped.head == 3)
        #expect(heads.current == 1)
        #expect(tails.current == 3)
        #expect(naturals().skip(100_000).head == 100_000)
    }

    @Test("skip with a negative count is a programmer error naming the call and the count")
    func skipNegative() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = PullSequence(values: [1]).skip(-3)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("skip(_:)"))
        #expect(stderr.contains("-3"))
    }

    @Test("skip(while:) and skip(until:) drop the leading run only; the predicate stops being called")
    func skipWhileUntil() {
        let values = PullSequence(values: [1, 2, 3, 1])
        #expect(values.skip(while: { $0 < 3 }).array == [3, 1])
        #expect(values.skip(until: { $0 == 3 }).array == [3, 1])
        #expect(values.skip(while: { _ in true }).isEmpty)
        #expect(values.skip(until: { _ in false }).isEmpty)
        #expect(PullSequence<Int>.empty.skip(while: { _ in false }).isEmpty)
        #expect(values.eager.skip(while: { $0 < 2 }).isEager)
        #expect(values.eager.skip(while: { $0 < 2 }).array == [2, 3, 1])
        let tested = Locked<[Int]>([])
        let lazySkip = naturals().skip(while: { value in
            tested.withValue { $0.append(value) }
            return value < 2
        })
        #expect(tested.current == [])
        #expect(Array(lazySkip.prefix(3)) == [2, 3, 4])
        #expect(tested.current == [0, 1, 2])
        #expect(naturals().skip(until: { $0 == 100_000 }).head == 100_000)
    }

    @Test("take(while:) and take(until:) end at the first failing value and cut infinite sequences")
    func takeWhileUntil() {
        let values = PullSequence(values: [1, 2, 3, 1])
        #expect(values.take(while: { $0 < 3 }).array == [1, 2])
        #expect(values.take(until: { $0 == 3 }).array == [1, 2])
        #expect(values.take(while: { _ in true }).array == [1, 2, 3, 1])
        #expect(values.take(until: { _ in true }).isEmpty)
        #expect(PullSequence<Int>.empty.take(while: { _ in true }).isEmpty)
        #expect(values.eager.take(while: { $0 < 3 }).isEager)
        let heads = Locked(0)
        let small = naturals(heads: heads).take(while: { $0 < 3 })
        #expect(heads.current == 0)
        #expect(small.array == [0, 1, 2])
        #expect(heads.current == 4)
        #expect(naturals().take(until: { $0 == 100_000 }).array.count == 100_000)
    }

    @Test("distinctUntilChanged drops a value equal to the one kept before it")
    func distinctUntilChanged() {
        #expect(PullSequence(values: [1, 1, 2, 2, 1]).distinctUntilChanged().array == [1, 2, 1])
        #expect(PullSequence<Int>.empty.distinctUntilChanged().isEmpty)
        #expect(PullSequence(values: [5]).distinctUntilChanged().array == [5])
        let optionals: [Int?] = [nil, nil, 1, nil]
        #expect(PullSequence(values: optionals).distinctUntilChanged().array == [nil, 1, nil])
        let letters = PullSequence(values: ["a", "A", "b", "B", "a"])
        let caseInsensitive = letters.distinctUntilChanged(by: { $0.lowercased() == $1.lowercased() })
        #expect(caseInsensitive.array == ["a", "b", "a"])
        #expect(letters.eager.distinctUntilChanged().isEager)
        #expect(
            letters.eager.distinctUntilChanged(by: { $0.lowercased() == $1.lowercased() }).array
                == ["a", "b", "a"])
    }

    @Test("distinctUntilChanged compares with the last kept value, not the last dropped one")
    func distinctComparesWithKept() {
        let closeTo = PullSequence(values: [0, 1, 2, 3, 10]).distinctUntilChanged(by: { abs($0 - $1) <= 2 })
        #expect(closeTo.array == [0, 3, 10])
    }

    @Test("distinctUntilChanged is lazy: infinite input, long equal runs in a loop, 100 000 values")
    func distinctIsLazy() {
        let heads = Locked(0)
        let halves = naturals(heads: heads).map { $0 / 2 }.distinctUntilChanged()
        #expect(heads.current == 0)
        #expect(Array(halves.prefix(3)) == [0, 1, 2])
        #expect(heads.current == 5)
        let longRun = naturals().map { $0 < 100_000 ? 0 : $0 }.distinctUntilChanged()
        #expect(Array(longRun.prefix(2)) == [0, 100_000])
        #expect(
            naturals().distinctUntilChanged().take(100_000).foldLeft(0) { count, _ in count + 1 } == 100_000)
    }
}
