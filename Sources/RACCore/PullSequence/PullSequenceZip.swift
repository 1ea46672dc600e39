// zip(with:), PullSequence.zip(_:) over any sequence of sequences, and zip(_:reduce:). Lazy
// unless the first input is eager; the shortest input ends the result, and no input is pulled
// beyond it.

extension PullSequence {
    /// Pairs the n-th value of this sequence with the n-th value of `other`; ends with the shorter
    /// one. A pair's values are evaluated when the pair is read. RAC: `-zipWith:`.
    ///
    /// ```
    /// self:        1 2 3
    /// other:       a b
    /// zip(with:):  (1, a) (2, b)
    /// ```
    public func zip<Other>(with other: PullSequence<Other>) -> PullSequence<(Value, Other)> {
        if isEager {
            return .eager(Array(Swift.zip(array, other)))
        }
        return .defer {
            let left = self.resolved
            let right = other.resolved
            if left.isEmpty || right.isEmpty { return .empty }
            return PullSequence<(Value, Other)>(
                head: { (left.firstValue, right.firstValue) },
                tail: { left.tail.zip(with: right.tail) }
            )
        }
    }

    /// Arrays of the values with the same index in each of `sequences`, in their order. The
    /// shortest input ends the result; no inputs give an empty sequence. Eager when the first input
    /// is eager. RAC: `+zip:`.
    ///
    /// Name the result type at the call, `PullSequence<[Int]>.zip([a, b])`: Swift 6.3 cannot infer
    /// it past `zip(with:)` while `PullSequence` is only conditionally `Sendable`.
    ///
    /// ```
    /// sequences:  [1 2 3, a b]
    /// zip:        [1, a] [2, b]
    /// ```
    public static func zip<Element>(
        _ sequences: some Sequence<PullSequence<Element>>
    ) -> PullSequence<[Element]> where Value == [Element] {
        let inputs = Array(sequences)
        guard let first = inputs.first else { return .empty }
        let zipped = zipping(inputs)
        return first.isEager ? .eager(zipped.array) : zipped
    }

    /// `reduce` applied to the arrays `PullSequence.zip(_:)` gives. RAC: `+zip:reduce:`.
    /// Name the result type at the call: `PullSequence<Int>.zip([a, b]) { $0.reduce(0, +) }`.
    ///
    /// ```
    /// sequences:                     [1 2, 10 20 30]
    /// zip(_:reduce: { $0.reduce(0, +) }):  11 22
    /// ```
    public static func zip<Element>(
        _ sequences: some Sequence<PullSequence<Element>>, reduce: @escaping ([Element]) -> Value
    ) -> PullSequence<Value> {
        PullSequence<[Element]>.zip(sequences).map(reduce)
    }

    private static func zipping<Element>(_ inputs: [PullSequence<Element>]) -> PullSequence<[Element]> {
        .defer {
            let nodes = inputs.map(\.resolved)
            if nodes.contains(where: \.isEmpty) { return .empty }
            return PullSequence<[Element]>(
                head: { nodes.map(\.firstValue) },
                tail: { zipping(nodes.map(\.tail)) }
            )
        }
    }
}
