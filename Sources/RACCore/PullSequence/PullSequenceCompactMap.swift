extension PullSequence {
    /// The non-`nil` results of `transform`, in order. Lazy on a lazy sequence: a value is
    /// transformed when the sequence is pulled up to it, once; eager on an eager sequence. As
    /// Swift's `compactMap` (RAC: `map:` then `ignore:nil`).
    ///
    /// ```
    /// ["1", "x", "3"].compactMap { Int($0) }:  1 3
    /// ```
    public func compactMap<NewValue>(_ transform: @escaping (Value) -> NewValue?) -> PullSequence<NewValue> {
        map(transform).filter { $0 != nil }.map { $0.unsafelyUnwrapped }
    }

    /// The wrapped values of a sequence of optionals, `nil`s dropped. RAC: `ignore:nil`.
    ///
    /// ```
    /// [1, nil, 3].compacted():  1 3
    /// ```
    public func compacted<Wrapped>() -> PullSequence<Wrapped> where Value == Wrapped? {
        compactMap { $0 }
    }
}
