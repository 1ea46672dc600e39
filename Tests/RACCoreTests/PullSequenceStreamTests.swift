import RACCore
import RACTestSupport
import Testing

/// A binding closure factory that counts its calls and numbers the values it binds: each value
/// `v` becomes `[v * 10 + n]` for the n-th value bound by that closure, `nil` after `limit`.
private func numbering(calls: Locked<Int>, limit: Int = .max) -> () -> (Int, inout Bool) -> PullSequence<Int>?
{
    {
        calls.withValue { $0 += 1 }
        var bound = 0
        return { value, _ in
            guard bound < limit else { return nil }
            bound += 1
            return PullSequence(value: value * 10 + bound)
        }
    }
}

@Suite("PullSequence: bind, flatten, concat, startWith, mapReplace, ignore, reduceEach", .checksRelease)
struct PullSequenceStreamTests {
    @Test("bind joins the bound sequences in order; empty ones are skipped")
    func bindValues() {
        let bound = PullSequence(values: [1, 2, 3]).bind {
            { value, _ in value == 2 ? .empty : PullSequence(values: [value, -value]) }
        }
        #expect(bound.array == [1, -1, 3, -3])
        #expect(PullSequence<Int>.empty.bind { { value, _ in PullSequence(value: value) } }.isEmpty)
        #expect(PullSequence(values: [1, 2]).bind { { _, _ in PullSequence<Int>.empty } }.isEmpty)
    }

    @Test("bind ends when the binding returns nil, or after the sequence returned with stop set")
    func bindStops() {
        let untilNil = PullSequence(values: [1, 2, 3]).bind {
            { value, _ in value == 2 ? nil : PullSequence(value: value) }
        }
        #expect(untilNil.array == [1])
        let stopAtTwo = naturals().bind {
            { value, stop in
                stop = value == 2
                return PullSequence(values: [value, value])
            }
        }
        #expect(stopAtTwo.array == [0, 0, 1, 1, 2, 2])
    }

    @Test("bind on a lazy sequence evaluates nothing, not even the block, until the result is")
    func bindIsLazy() {
        let heads = Locked(0)
        let tails = Locked(0)
        let calls = Locked(0)
        let bound = naturals(heads: heads, tails: tails).bind(numbering(calls: calls))
        #expect(calls.current == 0)
        #expect(heads.current == 0)
        #expect(bound.isEager == false)
        #expect(bound.head == 1)
        #expect(calls.current == 1)
        #expect(heads.current == 1)
        #expect(tails.current == 0)
        #expect(Array(bound.prefix(3)) == [1, 12, 23])
        #expect(heads.current == 3)
    }

    @Test("a bound block's state is fresh for each result and not shared by two walks, interleaved or not")
    func bindIsRestartable() {
        let calls = Locked(0)
        let source = PullSequence(values: [1, 2, 3])
        let bound = source.bind(numbering(calls: calls))
        #expect(bound.array == [11, 22, 33])
        #expect(bound.array == [11, 22, 33])
        var first = bound.makeIterator()
        var second = bound.makeIterator()
        #expect(
            [first.next(), second.next(), second.next(), first.next(), first.next(), second.next()]
                == [11, 11, 22, 22, 33, 33])
        #expect(first.next() == nil)
        #expect(calls.current == 1)
        let again = source.bind(numbering(calls: calls))
        #expect(Array(again) == [11, 22, 33])
        #expect(calls.current == 2)
    }

    @Test("walks of a bound sequence on several threads at once bind each value once")
    func bindConcurrentWalks() {
        for _ in 0..<20 {
            let bindings = Locked(0)
            let bound = naturals().bind {
                { value, _ in
                    bindings.withValue { $0 += 1 }
                    return PullSequence(values: [value, value])
                }
            }
            let sums = Locked<[Int]>([])
            onThreads(8) { _ in
                let values = Array(bound.prefix(20))
                sums.withValue { $0.append(values.reduce(0, +)) }
            }
            #expect(sums.current == Array(repeating: 90, count: 8))
            #expect(bindings.current == 10)
        }
    }

    @Test("eager evaluates every value once; operations on the eager sequence do not evaluate them again")
    func eagerEvaluatesOnce() {
        let heads = Locked(0)
        let eager = naturals(heads: heads).take(4).eager
        #expect(heads.current == 4)
        let results = [
            eager.scan(0, +).array, eager.skip(while: { $0 < 2 }).array, eager.distinctUntilChanged().array,
            eager.zip(with: eager).map { $0.0 + $0.1 }.array, eager.startWith(-1).array,
        ]
        #expect(results == [[0, 1, 3, 6], [2, 3], [0, 1, 2, 3], [0, 2, 4, 6], [-1, 0, 1, 2, 3]])
        #expect(heads.current == 4)
    }

    @Test("bind keeps a private counter: take via bind stops an infinite sequence")
    func bindStateOnAnInfiniteSequence() {
        let calls = Locked(0)
        let firstTwo = naturals().bind(numbering(calls: calls, limit: 2))
        #expect(firstTwo.array == [1, 12])
    }

    @Test("bind on an eager sequence is eager")
    func bindEager() {
        let calls = Locked(0)
        let bound = PullSequence(values: [1, 2]).eager.bind(numbering(calls: calls))
        #expect(calls.current == 1)
        #expect(bound.isEager)
        #expect(bound.array == [11, 22])
    }

    @Test("bind skips a long run of empty sequences in a loop, and walks 100 000 values")
    func bindLongRuns() {
        let sparse = naturals().bind {
            { value, _ in value == 150_000 ? PullSequence(value: value) : .empty }
        }
        #expect(sparse.head == 150_000)
        let walked = naturals().bind { { value, _ in PullSequence(value: value) } }.take(100_000)
        #expect(walked.foldLeft(0) { count, _ in count + 1 } == 100_000)
    }

    @Test("flatten and concat join inner sequences lazily; empty inners and an empty outer give nothing")
    func flattenAndConcat() {
        let nested = PullSequence(values: [PullSequence(values: [1, 2]), .empty, PullSequence(value: 3)])
        #expect(nested.flatten().array == [1, 2, 3])
        #expect(nested.concat().array == [1, 2, 3])
        #expect(PullSequence<PullSequence<Int>>.empty.flatten().isEmpty)
        #expect(nested.eager.flatten().isEager)
        let heads = Locked(0)
        let infinite = naturals().map { _ in naturals(heads: heads) }.flatten()
        #expect(heads.current == 0)
        #expect(Array(infinite.prefix(3)) == [0, 1, 2])
        #expect(heads.current == 3)
    }

    @Test("startWith puts a value first without evaluating the sequence")
    func startWith() {
        let heads = Locked(0)
        let tails = Locked(0)
        let started = naturals(heads: heads, tails: tails).startWith(-1)
        #expect(started.head == -1)
        #expect(heads.current == 0)
        #expect(Array(started.prefix(3)) == [-1, 0, 1])
        #expect(PullSequence<Int>.empty.startWith(7).array == [7])
        let eager = PullSequence(values: [1]).eager.startWith(0)
        #expect(eager.isEager)
        #expect(eager.array == [0, 1])
    }

    @Test("mapReplace replaces every value and never evaluates a source head")
    func mapReplace() {
        let heads = Locked(0)
        let replaced = naturals(heads: heads).mapReplace("x")
        #expect(Array(replaced.prefix(3)) == ["x", "x", "x"])
        #expect(heads.current == 0)
        #expect(PullSequence<Int>.empty.mapReplace("x").isEmpty)
        #expect(PullSequence(values: [1, 2]).eager.mapReplace(0).isEager)
        #expect(PullSequence(values: [1, 2]).eager.mapReplace(0).array == [0, 0])
    }

    @Test("ignore drops the equal values, ignoreValues drops them all")
    func ignore() {
        #expect(PullSequence(values: [1, 2, 1, 3]).ignore(1).array == [2, 3])
        #expect(PullSequence(values: [1, 1]).ignore(1).isEmpty)
        #expect(PullSequence<Int>.empty.ignore(1).isEmpty)
        #expect(PullSequence(values: [1, 2]).ignoreValues().isEmpty)
        #expect(PullSequence(values: [1, 2]).eager.ignore(1).isEager)
        let heads = Locked(0)
        let noOnes = naturals(heads: heads).ignore(1)
        #expect(heads.current == 0)
        #expect(Array(noOnes.prefix(2)) == [0, 2])
        #expect(heads.current == 3)
    }

    @Test("reduceEach spreads each tuple over the closure's arguments, lazily")
    func reduceEach() {
        let pairs = PullSequence(values: [(1, 2), (3, 4)])
        #expect(pairs.reduceEach { $0 + $1 }.array == [3, 7])
        let triples = PullSequence(values: [(1, "a", true)])
        #expect(triples.reduceEach { "\($0)\($1)\($2)" }.array == ["1atrue"])
        #expect(PullSequence<(Int, Int)>.empty.reduceEach { $0 + $1 }.isEmpty)
        let calls = Locked(0)
        let summed = naturals().zip(with: naturals()).reduceEach { (left: Int, right: Int) -> Int in
            calls.withValue { $0 += 1 }
            return left + right
        }
        #expect(calls.current == 0)
        #expect(Array(summed.prefix(3)) == [0, 2, 4])
        #expect(calls.current == 3)
    }
}
