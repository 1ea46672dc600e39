import RACCore
import RACTestSupport
import Testing

@Suite(.checksRelease) struct PullSequenceOperationTests {
    @Test func foldLeft() {
        #expect(PullSequence(values: [1, 2, 3]).foldLeft("s") { "(\($0)+\($1))" } == "(((s+1)+2)+3)")
        #expect(PullSequence<Int>.empty.foldLeft(7, +) == 7)
        #expect(PullSequence(values: 1...100_000).foldLeft(0, +) == 5_000_050_000)
    }

    @Test func foldLeftRethrowsTypedErrors() {
        #expect(throws: TestError.self) {
            try PullSequence(values: [1, 2, 3]).foldLeft(0) { (sum, value) throws(TestError) -> Int in
                if value == 2 { throw TestError() }
                return sum + value
            }
        }
    }

    @Test func foldRight() {
        let folded = PullSequence(values: [1, 2, 3]).foldRight("s") { value, rest in
            "(\(value)+\(rest.value))"
        }
        #expect(folded == "(1+(2+(3+s)))")
        #expect(PullSequence<Int>.empty.foldRight(7) { value, _ in value } == 7)
        #expect(lazyCells([1, 2, 3]).foldRight([Int]()) { [$0] + $1.value } == [1, 2, 3])
    }

    @Test func foldRightRestIsLazyAndStopsEarlyOnAnInfiniteSequence() {
        let heads = Locked(0)
        let tails = Locked(0)
        let numbers = naturals(heads: heads, tails: tails)
        let firstOnly = numbers.foldRight(-1) { value, _ in value }
        #expect(firstOnly == 0)
        #expect(heads.current == 1)
        #expect(tails.current == 0)

        let found = numbers.foldRight(false) { value, rest in value >= 3 || rest.value }
        #expect(found)
        #expect(heads.current == 4)
        #expect(tails.current == 3)
    }

    @Test func foldRestIsComputedOnce() {
        let calls = Locked(0)
        let result = PullSequence(values: [1, 2]).foldRight(0) { value, rest in
            calls.withValue { $0 += 1 }
            return value + rest.value + rest.value
        }
        #expect(result == 1 + 2 * (2 + 0 + 0))
        #expect(calls.current == 2)
    }

    @Test func anyAllObjectPassingTest() {
        let values = PullSequence(values: [1, 2, 3])
        #expect(values.any { $0 > 2 })
        #expect(values.any { $0 > 3 } == false)
        #expect(values.all { $0 > 0 })
        #expect(values.all { $0 > 1 } == false)
        #expect(values.objectPassingTest { $0 > 1 } == 2)
        #expect(values.objectPassingTest { $0 > 3 } == nil)
        let empty = PullSequence<Int>.empty
        #expect(empty.any { _ in true } == false)
        #expect(empty.all { _ in false })
        #expect(empty.objectPassingTest { _ in true } == nil)
    }

    @Test func anyAndObjectPassingTestStopOnAnInfiniteSequence() {
        let heads = Locked(0)
        #expect(naturals(heads: heads).any { $0 == 5 })
        #expect(heads.current == 6)
        #expect(naturals().objectPassingTest { $0 > 9 } == 10)
        #expect(naturals().all { $0 < 4 } == false)
    }

    @Test func predicatesRethrowTypedErrors() {
        #expect(throws: TestError.self) {
            try PullSequence(values: [1]).any { (_) throws(TestError) -> Bool in throw TestError() }
        }
        #expect(throws: TestError.self) {
            try PullSequence(values: [1]).all { (_) throws(TestError) -> Bool in throw TestError() }
        }
    }

    @Test func mapIsLazyAndMemoised() {
        let calls = Locked(0)
        let mapped = naturals().map { value -> Int in
            calls.withValue { $0 += 1 }
            return value * 10
        }
        #expect(calls.current == 0)
        #expect(mapped.isEager == false)
        #expect(mapped.head == 0)
        #expect(mapped.head == 0)
        #expect(calls.current == 1)
        #expect(Array(mapped.prefix(3)) == [0, 10, 20])
        #expect(calls.current == 3)
        #expect(PullSequence<Int>.empty.map { $0 + 1 }.isEmpty)
        #expect(PullSequence(values: ["a", "b"]).map { $0.uppercased() }.array == ["A", "B"])
    }

    @Test func filterIsLazy() {
        let heads = Locked(0)
        let evens = naturals(heads: heads).filter { $0.isMultiple(of: 2) }
        #expect(heads.current == 0)
        #expect(Array(evens.prefix(3)) == [0, 2, 4])
        #expect(heads.current == 5)
        #expect(PullSequence(values: [1, 3]).filter { $0.isMultiple(of: 2) }.isEmpty)
        #expect(PullSequence(values: [1, 2, 3, 4]).filter { $0 > 2 }.array == [3, 4])
        #expect(PullSequence(values: [1, 2, 3, 4]).eager.filter { $0 > 2 }.isEager)
    }

    @Test func filterSkipsLongRunsWithoutRecursion() {
        let values = PullSequence(values: 0..<200_000).filter { $0 == 199_999 }
        #expect(values.array == [199_999])
    }

    @Test func concat() {
        #expect(PullSequence(values: [1, 2]).concat(PullSequence(values: [3])).array == [1, 2, 3])
        #expect(PullSequence<Int>.empty.concat(.empty).isEmpty)
        #expect(PullSequence<Int>.empty.concat(PullSequence(value: 1)).array == [1])
        #expect(PullSequence(value: 1).concat(.empty).array == [1])
        let eager = PullSequence(values: [1]).eager.concat(PullSequence(values: [2]))
        #expect(eager.isEager)
        #expect(eager.array == [1, 2])
    }

    @Test func concatIsLazyAndKeepsLazyHeads() {
        let heads = Locked(0)
        let tails = Locked(0)
        let joined = naturals(heads: heads, tails: tails).take(2).concat(naturals(from: 100))
        #expect(heads.current == 0)
        #expect(joined.isEmpty == false)
        #expect(heads.current == 0)
        #expect(Array(joined.prefix(4)) == [0, 1, 100, 101])
        #expect(heads.current == 2)
        #expect(tails.current == 1)
        let infiniteFirst = naturals().concat(PullSequence(value: -1))
        #expect(Array(infiniteFirst.prefix(2)) == [0, 1])
    }

    @Test func flattenMap() {
        let doubled = PullSequence(values: [1, 2]).flattenMap { PullSequence(values: [$0, $0]) }
        #expect(doubled.array == [1, 1, 2, 2])
        let someEmpty = PullSequence(values: [1, 2, 3]).flattenMap { value in
            value == 2 ? .empty : PullSequence(value: value)
        }
        #expect(someEmpty.array == [1, 3])
        #expect(PullSequence<Int>.empty.flattenMap { PullSequence(value: $0) }.isEmpty)
        let eager = PullSequence(values: [1, 2]).eager.flattenMap { (value: Int) in
            PullSequence(values: [value, -value])
        }
        #expect(eager.isEager)
        #expect(eager.array == [1, -1, 2, -2])
    }

    @Test func flattenMapIsLazyOnInfiniteSequences() {
        let inner = Locked(0)
        let pairs = naturals().flattenMap { value -> PullSequence<Int> in
            inner.withValue { $0 += 1 }
            return PullSequence(values: [value, value]).eager
        }
        #expect(inner.current == 0)
        #expect(Array(pairs.prefix(5)) == [0, 0, 1, 1, 2])
        #expect(inner.current == 3)
        // Many empty inner sequences in a row are skipped without deep recursion.
        let sparse = naturals().flattenMap { $0 == 50_000 ? PullSequence(value: $0) : .empty }
        #expect(sparse.head == 50_000)
    }

    @Test func take() {
        #expect(PullSequence(values: [1, 2, 3]).take(2).array == [1, 2])
        #expect(PullSequence(values: [1, 2, 3]).take(5).array == [1, 2, 3])
        #expect(PullSequence(values: [1, 2, 3]).take(0).isEmpty)
        #expect(PullSequence(values: [1, 2, 3]).tail.take(1).array == [2])
        #expect(PullSequence(values: [1, 2, 3]).eager.take(2).isEager)
        #expect(PullSequence<Int>.empty.take(3).isEmpty)
        let heads = Locked(0)
        let tails = Locked(0)
        let three = naturals(heads: heads, tails: tails).take(3)
        #expect(three.array == [0, 1, 2])
        #expect(heads.current == 3)
        #expect(tails.current == 2)
    }

    @Test func takeNegativeIsAProgrammerError() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = PullSequence(values: [1]).take(-2)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("take(_:)"))
        #expect(stderr.contains("-2"))
    }

    @Test func operatorsChainLazily() {
        let heads = Locked(0)
        let result = naturals(heads: heads)
            .filter { $0.isMultiple(of: 3) }
            .map { $0 * $0 }
            .flattenMap { PullSequence(values: [$0, $0 + 1]) }
            .take(4)
        #expect(heads.current == 0)
        #expect(result.array == [0, 1, 9, 10])
        #expect(heads.current == 4)
    }
}
