import RACCore
import RACTestSupport
import Testing

@Suite("PullSequence: compactMap, compacted")
struct PullSequenceCompactMapTests {
    @Test("compactMap keeps the non-nil results in order, on a lazy and an eager sequence")
    func compactMap() {
        let strings = PullSequence(values: ["1", "x", "3", "y"])
        #expect(Array(strings.compactMap { Int($0) }) == [1, 3])
        #expect(Array(strings.eager.compactMap { Int($0) }) == [1, 3])
        #expect(Array(PullSequence<String>(values: []).compactMap { Int($0) }) == [])
        #expect(Array(PullSequence(values: ["x", "y"]).compactMap { Int($0) }) == [])
    }

    @Test("compacted unwraps the values that are not nil")
    func compacted() {
        let values: [Int?] = [nil, 1, nil, 3]
        #expect(Array(PullSequence(values: values).compacted()) == [1, 3])
    }

    @Test("on a lazy sequence the transform runs only as far as pulled, once per value")
    func lazy() {
        let calls = Locked<[Int]>([])
        let mapped = PullSequence(values: [1, 2, 3, 4, 5]).compactMap { value -> Int? in
            calls.withValue { $0.append(value) }
            return value.isMultiple(of: 2) ? value : nil
        }
        #expect(calls.withValue { $0 } == [])
        #expect(mapped.head == 2)
        #expect(calls.withValue { $0 } == [1, 2])
        #expect(Array(mapped) == [2, 4])
        #expect(Array(mapped) == [2, 4])
        #expect(calls.withValue { $0 } == [1, 2, 3, 4, 5])
    }

    @Test("an infinite sequence works with compactMap and take")
    func infinite() {
        func naturals(from n: Int) -> PullSequence<Int> {
            PullSequence(head: { n }, tail: { naturals(from: n + 1) })
        }
        let evens = naturals(from: 1).compactMap { $0.isMultiple(of: 2) ? $0 : nil }.take(3)
        #expect(Array(evens) == [2, 4, 6])
    }
}
