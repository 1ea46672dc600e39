import RACCore
import RACTestSupport
import Testing

/// An iterator that counts its `next()` calls and ends after `limit` values (never, by default).
private struct CountingIterator: IteratorProtocol {
    let calls: Locked<Int>
    var limit = Int.max
    var produced = 0

    mutating func next() -> Int? {
        calls.withValue { $0 += 1 }
        guard produced < limit else { return nil }
        produced += 1
        return produced
    }
}

@Suite("PullSequence: bridges from iterators and any Sequence", .checksRelease)
struct PullSequenceBridgesTests {
    @Test("an iterator becomes a lazy sequence pulled one value at a time, and remembered")
    func iterator() {
        let calls = Locked(0)
        let sequence = PullSequence(iterator: CountingIterator(calls: calls, limit: 3))
        #expect(calls.current == 0)
        #expect(sequence.head == 1)
        #expect(calls.current == 1)
        #expect(sequence.array == [1, 2, 3])
        #expect(sequence.array == [1, 2, 3])
        #expect(calls.current == 4)
        #expect(sequence.isEager == false)
    }

    @Test("an empty iterator gives an empty sequence; an infinite one works with take")
    func iteratorEnds() {
        #expect(PullSequence(iterator: [Int]().makeIterator()).isEmpty)
        let calls = Locked(0)
        let infinite = PullSequence(iterator: CountingIterator(calls: calls))
        #expect(infinite.take(3).array == [1, 2, 3])
        #expect(calls.current == 3)
        #expect(PullSequence(iterator: CountingIterator(calls: calls)).skip(100_000).head == 100_001)
    }

    @Test("the iterator is copied: advancing the original later does not change the sequence")
    func iteratorIsCopied() {
        var original = [1, 2, 3].makeIterator()
        _ = original.next()
        let sequence = PullSequence(iterator: original)
        _ = original.next()
        #expect(sequence.array == [2, 3])
    }

    @Test("two interleaved walks of an iterator sequence see the same values")
    func interleavedWalks() {
        let sequence = PullSequence(iterator: "abc".makeIterator())
        var first = sequence.makeIterator()
        var second = sequence.makeIterator()
        #expect([first.next(), second.next(), second.next(), first.next()] == ["a", "a", "b", "b"])
        #expect(Array(sequence) == ["a", "b", "c"])
    }

    @Test("any Sequence is copied by PullSequence(values:), or pulled lazily through its iterator")
    func anySequence() {
        #expect(PullSequence(values: stride(from: 0, to: 10, by: 4)).array == [0, 4, 8])
        #expect(PullSequence(values: AnySequence([1, 2])).array == [1, 2])
        let squares = (1...).lazy.map { $0 * $0 }
        #expect(PullSequence(iterator: squares.makeIterator()).take(3).array == [1, 4, 9])
        let letters = ["x": 1].rac.sequence.map(\.key)
        #expect(letters.array == ["x"])
    }
}
