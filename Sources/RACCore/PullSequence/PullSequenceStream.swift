// The RACStream primitives on PullSequence that Transforms does not have (`bind`), and the
// operations written directly over them: flatten, concat of sequences, startWith, mapReplace,
// ignore, reduceEach. Each is lazy on a lazy sequence and eager on an eager one (RAC's
// RACEagerSequence rule).

extension PullSequence {
    /// Pulls values through a binding closure that turns each into a sequence, and joins those
    /// sequences in order. RAC: `-bind:`.
    ///
    /// `block` makes the binding closure, so a binding can keep private state (a counter, the
    /// previous value). On a lazy sequence nothing is evaluated, not even `block`, until the result
    /// is: `block` runs when the result is first resolved, once per result sequence, and a source
    /// value is bound when the result is pulled up to it. As every node is remembered, walking the
    /// result again (or in two interleaved walks) reads the remembered values and never runs the
    /// binding twice for one value, so its state never leaks between walks; binding the same source
    /// again gives a result with fresh state. Returning `nil`, or setting `stop`, ends the result
    /// (after the returned sequence when `stop` is set with one). On an eager sequence the whole
    /// result is computed at once and is eager.
    ///
    /// ```
    /// self:                 1     2     3
    /// binding(1) = [a, b], binding(2) = [], binding(3) = nil (stop)
    /// bind:                 a b
    /// ```
    public func bind<NewValue>(
        _ block: @escaping () -> (Value, inout Bool) -> PullSequence<NewValue>?
    ) -> PullSequence<NewValue> {
        if isEager {
            return lazy.bind(block).eager
        }
        return .defer { self.bound(by: block()) }
    }

    /// The values of the sequences `binding` returns, from this sequence's values on, lazily.
    /// Source values whose binding gives an empty sequence are skipped in a loop.
    private func bound<NewValue>(
        by binding: @escaping (Value, inout Bool) -> PullSequence<NewValue>?
    ) -> PullSequence<NewValue> {
        var node = resolved
        while !node.isEmpty {
            var stop = false
            guard let inner = binding(node.firstValue, &stop) else { return .empty }
            if stop { return inner }
            let innerNode = inner.resolved
            if !innerNode.isEmpty {
                let source = node
                return innerNode.lazyConcat(.defer { source.tail.bound(by: binding) })
            }
            node = node.tail.resolved
        }
        return .empty
    }

    /// The inner sequences' values, joined in order. RAC: `-flatten` on a sequence of sequences
    /// (`flattenMap:` with the identity).
    ///
    /// ```
    /// self:      [a, b]  []  [c]
    /// flatten(): a b c
    /// ```
    public func flatten<Inner>() -> PullSequence<Inner> where Value == PullSequence<Inner> {
        flattenMap { $0 }
    }

    /// The inner sequences one after another: for a sequence (which has no timing) the same as
    /// `flatten()`. RAC: `-concat` on a stream of streams.
    ///
    /// ```
    /// self:     [a, b]  [c]
    /// concat(): a b c
    /// ```
    public func concat<Inner>() -> PullSequence<Inner> where Value == PullSequence<Inner> {
        flattenMap { $0 }
    }

    /// `value`, then this sequence's values. Does not evaluate this sequence. RAC: `-startWith:`.
    ///
    /// ```
    /// self:          a b
    /// startWith(z):  z a b
    /// ```
    public func startWith(_ value: Value) -> PullSequence<Value> {
        if isEager {
            return .eager([value] + array)
        }
        return .cons(value) { self }
    }

    /// `value` in place of each value; the source's heads are never evaluated (only its length
    /// is). RAC: `-mapReplace:`.
    ///
    /// ```
    /// self:           1 2 3
    /// mapReplace(x):  x x x
    /// ```
    public func mapReplace<NewValue>(_ value: NewValue) -> PullSequence<NewValue> {
        if isEager {
            return .eager(Array(repeating: value, count: array.count))
        }
        return .defer {
            let node = self.resolved
            if node.isEmpty { return .empty }
            return .cons(value) { node.tail.mapReplace(value) }
        }
    }

    /// No values: an empty sequence once this one has been walked to its end (so never on an
    /// infinite sequence). RAC: `-ignoreValues`.
    ///
    /// ```
    /// self:            1 2 3
    /// ignoreValues():  (empty)
    /// ```
    public func ignoreValues() -> PullSequence<Value> {
        filter { _ in false }
    }

    /// For a sequence of tuples, `reduce` called with each tuple's elements as separate arguments.
    /// Works for any arity; the tuple must be unlabelled. RAC: `-reduceEach:`.
    ///
    /// ```
    /// self:                  (1, 2) (3, 4)
    /// reduceEach { $0 + $1 }: 3 7
    /// ```
    public func reduceEach<each Element, NewValue>(
        _ reduce: @escaping (repeat each Element) -> NewValue
    ) -> PullSequence<NewValue> where Value == (repeat each Element) {
        map { (tuple: (repeat each Element)) in reduce(repeat each tuple) }
    }
}

extension PullSequence where Value: Equatable {
    /// The values that are not equal to `value`. RAC: `-ignore:`.
    ///
    /// ```
    /// self:       1 2 1 3
    /// ignore(1):  2 3
    /// ```
    public func ignore(_ value: Value) -> PullSequence<Value> {
        filter { $0 != value }
    }
}
