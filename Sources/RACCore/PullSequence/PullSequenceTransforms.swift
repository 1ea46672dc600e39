extension PullSequence {
    /// A sequence with the same head (shared, not recomputed) and a new, lazily computed tail.
    /// Call on a resolved, non-empty sequence.
    func replacingTail(_ tail: @escaping () -> PullSequence<Value>) -> PullSequence<Value> {
        switch storage {
        case .array(let values, let offset, _): return .cons(values[offset], tail)
        case .cons(let head, _): return .cons(head, tail)
        case .cell(let head, _): return PullSequence(storage: .cell(head: head, tail: Memo(tail)))
        case .deferred: return resolved.replacingTail(tail)
        }
    }

    /// Each value transformed by `transform`. Lazy on a lazy sequence: a value is transformed when
    /// it is first pulled, once. Eager on an eager sequence. RAC: `map:` on a sequence.
    ///
    /// ```
    /// [1, 2, 3].map { $0 * 10 }:  10 20 30
    /// ```
    public func map<NewValue>(_ transform: @escaping (Value) -> NewValue) -> PullSequence<NewValue> {
        if isEager {
            return .eager(array.map(transform))
        }
        return .defer {
            let node = self.resolved
            if node.isEmpty { return .empty }
            return PullSequence<NewValue>(
                head: { transform(node.firstValue) },
                tail: { node.tail.map(transform) }
            )
        }
    }

    /// The values that pass `isIncluded`. Lazy on a lazy sequence: pulling the next value tests
    /// values only up to the next one that passes. Eager on an eager sequence. RAC: `filter:`.
    ///
    /// ```
    /// [1, 2, 3, 4].filter { $0.isMultiple(of: 2) }:  2 4
    /// ```
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> PullSequence<Value> {
        if isEager {
            return .eager(array.filter(isIncluded))
        }
        return .defer {
            var node = self.resolved
            while !node.isEmpty {
                let value = node.firstValue
                if isIncluded(value) {
                    let rest = node
                    return .cons(value) { rest.tail.filter(isIncluded) }
                }
                node = node.tail.resolved
            }
            return .empty
        }
    }

    /// This sequence's values followed by `other`'s. Lazy on a lazy sequence (`other` is not touched
    /// until this one is exhausted); on an eager sequence both are computed at once and the result
    /// is eager. RAC: `concat:`.
    ///
    /// ```
    /// [a, b].concat([c]):  a b c
    /// ```
    public func concat(_ other: PullSequence<Value>) -> PullSequence<Value> {
        if isEager {
            return .eager(array + other.array)
        }
        return lazyConcat(other)
    }

    func lazyConcat(_ other: PullSequence<Value>) -> PullSequence<Value> {
        .defer {
            let node = self.resolved
            if node.isEmpty { return other }
            return node.replacingTail { node.tail.lazyConcat(other) }
        }
    }

    /// Each value mapped to a sequence, and those sequences joined in order. Lazy on a lazy sequence
    /// (an inner sequence is made when the outer value is reached); eager on an eager one. RAC:
    /// `flattenMap:` (`bind:`) on a sequence.
    ///
    /// ```
    /// [1, 2].flattenMap { PullSequence(values: [$0, $0]) }:  1 1 2 2
    /// ```
    public func flattenMap<NewValue>(
        _ transform: @escaping (Value) -> PullSequence<NewValue>
    ) -> PullSequence<NewValue> {
        if isEager {
            return .eager(array.flatMap { transform($0).array })
        }
        return .defer {
            let node = self.resolved
            if node.isEmpty { return .empty }
            return transform(node.firstValue).lazyConcat(node.tail.flattenMap(transform))
        }
    }

    /// The first `count` values. Lazy on a lazy sequence, so it cuts an infinite sequence down to a
    /// finite one (never pulling the source beyond its `count`th value); eager on an eager one. A negative count is a programmer error.
    /// RAC: `take:` on a sequence.
    ///
    /// ```
    /// naturals.take(3):  0 1 2
    /// ```
    public func take(_ count: Int) -> PullSequence<Value> {
        racRequireNonNegative(count, "count", "take(_:)")
        if count == 0 {
            return isEager ? .eager([]) : .empty
        }
        if case .array(let values, let offset, let eager) = storage {
            let end = offset + Swift.min(count, values.count - offset)
            return PullSequence(storage: .array(Array(values[offset..<end]), offset: 0, eager: eager))
        }
        return .defer {
            let node = self.resolved
            if node.isEmpty { return .empty }
            return node.replacingTail { count == 1 ? .empty : node.tail.take(count - 1) }
        }
    }
}
