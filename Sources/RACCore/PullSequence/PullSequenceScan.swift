// scan (with and without the index), combinePrevious, aggregate and reduce on PullSequence.
// The lazy accumulations keep each running value in a memo: a head is computed when it is read,
// and at the latest when the next tail is, so a chain never holds more than one pending reduction.

extension PullSequence {
    /// Each running accumulation `running = reduce(running, value)`, starting from `initial`
    /// (which is not itself a value). RAC: `-scanWithStart:reduce:`.
    ///
    /// ```
    /// self:        1 2 3
    /// scan(0, +):  1 3 6
    /// ```
    public func scan<Accumulation>(
        _ initial: Accumulation, _ reduce: @escaping (Accumulation, Value) -> Accumulation
    ) -> PullSequence<Accumulation> {
        scan(initial, withIndex: { running, value, _ in reduce(running, value) })
    }

    /// As `scan(_:_:)`, and `reduce` also receives the index of the value (0 for the first).
    /// RAC: `-scanWithStart:reduceWithIndex:`.
    ///
    /// ```
    /// self:                                  a b c
    /// scan("", withIndex: { $0 + "\($2)" }):  "0" "01" "012"
    /// ```
    public func scan<Accumulation>(
        _ initial: Accumulation, withIndex reduce: @escaping (Accumulation, Value, Int) -> Accumulation
    ) -> PullSequence<Accumulation> {
        if isEager {
            var running = initial
            var results: [Accumulation] = []
            for (index, value) in array.enumerated() {
                running = reduce(running, value, index)
                results.append(running)
            }
            return .eager(results)
        }
        return scanned(from: initial, index: 0, reduce)
    }

    private func scanned<Accumulation>(
        from previous: Accumulation, index: Int,
        _ reduce: @escaping (Accumulation, Value, Int) -> Accumulation
    ) -> PullSequence<Accumulation> {
        PullSequence<Accumulation>.defer { () -> PullSequence<Accumulation> in
            let node = self.resolved
            if node.isEmpty { return .empty }
            let running = Memo<Accumulation> { reduce(previous, node.firstValue, index) }
            let tail = Memo<PullSequence<Accumulation>> {
                let accumulation = running.get("PullSequence.scan(_:withIndex:)")
                return node.tail.scanned(from: accumulation, index: index + 1, reduce)
            }
            return PullSequence<Accumulation>(storage: .cell(head: running, tail: tail))
        }
    }

    /// `reduce(previous, value)` for each value, `previous` being the value before it in this
    /// sequence (`start` for the first). Results are not fed back. RAC:
    /// `-combinePreviousWithStart:reduce:`.
    ///
    /// ```
    /// self:                   1 2 3
    /// combinePrevious(0, +):  1 3 5
    /// ```
    public func combinePrevious<NewValue>(
        _ start: Value, _ reduce: @escaping (Value, Value) -> NewValue
    ) -> PullSequence<NewValue> {
        if isEager {
            let values = array
            return .eager(Swift.zip([start] + values, values).map(reduce))
        }
        return combined(after: start, reduce)
    }

    private func combined<NewValue>(
        after previous: Value, _ reduce: @escaping (Value, Value) -> NewValue
    ) -> PullSequence<NewValue> {
        .defer {
            let node = self.resolved
            if node.isEmpty { return .empty }
            return PullSequence<NewValue>(
                head: { reduce(previous, node.firstValue) },
                tail: { node.tail.combined(after: node.firstValue, reduce) }
            )
        }
    }

    /// A one-value sequence: the fold of every value, `initial` for an empty sequence. On a lazy
    /// sequence the fold runs when that value is read (never on an infinite sequence).
    /// RAC: `-aggregateWithStart:reduce:`.
    ///
    /// ```
    /// self:             1 2 3
    /// aggregate(0, +):  6
    /// empty:            (empty)
    /// aggregate(0, +):  0
    /// ```
    public func aggregate<Accumulation>(
        _ initial: Accumulation, _ reduce: @escaping (Accumulation, Value) -> Accumulation
    ) -> PullSequence<Accumulation> {
        folded { self.foldLeft(initial, reduce) }
    }

    /// As `aggregate(_:_:)`, and `reduce` also receives the index of the value.
    /// RAC: `-aggregateWithStart:reduceWithIndex:`.
    ///
    /// ```
    /// self:                                  a b
    /// aggregate(0, withIndex: { $0 + $2 }):  1
    /// ```
    public func aggregate<Accumulation>(
        _ initial: Accumulation, withIndex reduce: @escaping (Accumulation, Value, Int) -> Accumulation
    ) -> PullSequence<Accumulation> {
        folded {
            var running = initial
            for (index, value) in self.enumerated() {
                running = reduce(running, value, index)
            }
            return running
        }
    }

    /// The one-value sequence of `fold()` (the `aggregate` forms): computed now on an eager
    /// sequence, when the value is read on a lazy one.
    private func folded<Accumulation>(_ fold: @escaping () -> Accumulation) -> PullSequence<Accumulation> {
        isEager ? .eager([fold()]) : PullSequence<Accumulation>(head: fold, tail: { .empty })
    }

    /// The fold of every value from the left, `initial` for an empty sequence, computed now in a
    /// loop. The same as `foldLeft(_:_:)` and Swift's `reduce`, declared here so that it is the
    /// one chosen. RAC: `-foldLeftWithStart:reduce:` (RACStream's `aggregate` returns the fold as
    /// a stream: `aggregate(_:_:)`).
    ///
    /// ```
    /// [1, 2, 3].reduce(0, +) == 6
    /// ```
    public func reduce<Result, Failure: Error>(
        _ initial: Result, _ next: (Result, Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try foldLeft(initial, next)
    }
}
