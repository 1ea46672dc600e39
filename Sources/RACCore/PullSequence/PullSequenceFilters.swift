// skip(_:), skip(while:), skip(until:), take(while:), take(until:) and distinctUntilChanged on
// PullSequence. Lazy on a lazy sequence (skipping runs in a loop, so long runs of dropped values
// do not nest calls), eager on an eager one.

extension PullSequence {
    /// The values after the first `count`. The skipped values' heads are not evaluated (only the
    /// tails that lead past them), and nothing is evaluated until the result is. A negative count
    /// is a programmer error. RAC: `-skip:`.
    ///
    /// ```
    /// self:     1 2 3 4
    /// skip(2):  3 4
    /// ```
    public func skip(_ count: Int) -> PullSequence<Value> {
        racRequireNonNegative(count, "count", "skip(_:)")
        if case .array(let values, let offset, let eager) = storage {
            return PullSequence(
                storage: .array(values, offset: Swift.min(offset + count, values.count), eager: eager))
        }
        return .defer {
            var node = self.resolved
            var remaining = count
            while remaining > 0 && !node.isEmpty {
                node = node.tail.resolved
                remaining -= 1
            }
            return node
        }
    }

    /// The values from the first for which `predicate` is false on; `predicate` is not called
    /// again after that. RAC: `-skipWhileBlock:`.
    ///
    /// ```
    /// self:                     1 2 3 1
    /// skip(while: { $0 < 3 }):  3 1
    /// ```
    public func skip(while predicate: @escaping (Value) -> Bool) -> PullSequence<Value> {
        if isEager {
            return .eager(Array(array.drop(while: predicate)))
        }
        return .defer {
            var node = self.resolved
            while !node.isEmpty && predicate(node.firstValue) {
                node = node.tail.resolved
            }
            return node
        }
    }

    /// The values from the first for which `predicate` is true on; `predicate` is not called
    /// again after that. RAC: `-skipUntilBlock:`.
    ///
    /// ```
    /// self:                      1 3 1
    /// skip(until: { $0 == 3 }):  3 1
    /// ```
    public func skip(until predicate: @escaping (Value) -> Bool) -> PullSequence<Value> {
        skip(while: { !predicate($0) })
    }

    /// The values before the first for which `predicate` is false; the result ends there, so it
    /// cuts an infinite sequence. RAC: `-takeWhileBlock:`.
    ///
    /// ```
    /// self:                     1 2 3 1
    /// take(while: { $0 < 3 }):  1 2
    /// ```
    public func take(while predicate: @escaping (Value) -> Bool) -> PullSequence<Value> {
        if isEager {
            return .eager(Array(array.prefix(while: predicate)))
        }
        return .defer {
            let node = self.resolved
            if node.isEmpty { return .empty }
            let value = node.firstValue
            guard predicate(value) else { return .empty }
            return .cons(value) { node.tail.take(while: predicate) }
        }
    }

    /// The values before the first for which `predicate` is true (which is not included); the
    /// result ends there. RAC: `-takeUntilBlock:`.
    ///
    /// ```
    /// self:                      1 2 3 4
    /// take(until: { $0 == 3 }):  1 2
    /// ```
    public func take(until predicate: @escaping (Value) -> Bool) -> PullSequence<Value> {
        take(while: { !predicate($0) })
    }

    /// The values that are not equivalent to the value before them in the result: the first value
    /// always passes, and a dropped value does not replace the one it is compared with.
    /// RAC: `-distinctUntilChanged` with a custom equality.
    ///
    /// ```
    /// self:                                       a A b B a
    /// distinctUntilChanged(by: caseInsensitive):  a b a
    /// ```
    public func distinctUntilChanged(by isEquivalent: @escaping (Value, Value) -> Bool) -> PullSequence<Value>
    {
        if isEager {
            var kept: [Value] = []
            for value in array where kept.last.map({ !isEquivalent($0, value) }) ?? true {
                kept.append(value)
            }
            return .eager(kept)
        }
        return .defer {
            let node = self.resolved
            if node.isEmpty { return .empty }
            let value = node.firstValue
            return .cons(value) {
                node.tail.skip(while: { isEquivalent(value, $0) }).distinctUntilChanged(by: isEquivalent)
            }
        }
    }
}

extension PullSequence where Value: Equatable {
    /// The values that differ from the value before them in the result (the first always passes).
    /// RAC: `-distinctUntilChanged`.
    ///
    /// ```
    /// self:                    1 1 2 2 1
    /// distinctUntilChanged():  1 2 1
    /// ```
    public func distinctUntilChanged() -> PullSequence<Value> {
        distinctUntilChanged(by: ==)
    }
}
