/// The rest of a right fold: the fold of the remaining values, computed only if `value` is read,
/// and then remembered. RAC: the lazy `rest` sequence passed to `foldRightWithStart:reduce:`
/// (whose `head` is the folded rest).
///
/// ```
/// [1, 2, 3].foldRight(0) { value, rest in value + rest.value }   ==  1 + (2 + (3 + 0))
/// ```
public struct FoldRest<Result> {
    private let memo: Memo<Result>

    init(_ compute: @escaping () -> Result) {
        memo = Memo(compute)
    }

    /// The fold of the remaining values (the start value if none remain). Computed on first read.
    public var value: Result {
        memo.get("FoldRest.value")
    }
}

extension FoldRest: @unchecked Sendable where Result: Sendable {}

extension PullSequence {
    /// Combines the values from the left: `reduce(reduce(reduce(start, 1), 2), 3)`; `start` for an
    /// empty sequence. Runs in a loop, so it suits long sequences. RAC: `foldLeftWithStart:reduce:`.
    ///
    /// ```
    /// [1, 2, 3].foldLeft(0, +)  ==  ((0 + 1) + 2) + 3
    /// ```
    public func foldLeft<Result, Failure: Error>(
        _ start: Result,
        _ reduce: (Result, Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var result = start
        for value in self {
            result = try reduce(result, value)
        }
        return result
    }

    /// Combines the values from the right: `reduce(1, rest)` where `rest.value` is
    /// `reduce(2, reduce(3, start))`, computed only if `reduce` reads it. A `reduce` that does not
    /// read its rest stops the fold there, so a right fold can end early, even on an infinite
    /// sequence. `start` for an empty sequence. Each rest that is read nests one call, so prefer
    /// `foldLeft` to fold a long sequence completely. RAC: `foldRightWithStart:reduce:`.
    ///
    /// ```
    /// [1, 2, 3].foldRight(0) { v, rest in v + rest.value }  ==  1 + (2 + (3 + 0))
    /// naturals.foldRight(false) { v, rest in v > 2 || rest.value }  ==  true  (stops at 3)
    /// ```
    public func foldRight<Result>(
        _ start: Result,
        _ reduce: @escaping (Value, FoldRest<Result>) -> Result
    ) -> Result {
        let node = resolved
        if node.isEmpty {
            return start
        }
        let rest = FoldRest { node.tail.foldRight(start, reduce) }
        return reduce(node.firstValue, rest)
    }

    /// Whether some value passes `predicate`; stops at the first that does. `false` when empty.
    /// RAC: `any:`.
    ///
    /// ```
    /// [1, 2, 3].any { $0 > 2 } == true
    /// ```
    public func any<Failure: Error>(_ predicate: (Value) throws(Failure) -> Bool) throws(Failure) -> Bool {
        try objectPassingTest(predicate) != nil
    }

    /// Whether every value passes `predicate`; stops at the first that does not. `true` when empty.
    /// RAC: `all:`.
    ///
    /// ```
    /// [1, 2, 3].all { $0 > 0 } == true
    /// ```
    public func all<Failure: Error>(_ predicate: (Value) throws(Failure) -> Bool) throws(Failure) -> Bool {
        for value in self {
            if try !predicate(value) { return false }
        }
        return true
    }

    /// The first value that passes `predicate`, or `nil`; stops at that value. RAC:
    /// `objectPassingTest:` (`first(where:)` from `Swift.Sequence` does the same).
    ///
    /// ```
    /// [1, 2, 3].objectPassingTest { $0 > 1 } == 2
    /// ```
    public func objectPassingTest<Failure: Error>(
        _ predicate: (Value) throws(Failure) -> Bool
    ) throws(Failure) -> Value? {
        for value in self {
            if try predicate(value) { return value }
        }
        return nil
    }
}
