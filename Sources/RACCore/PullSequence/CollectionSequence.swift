extension RACExtension where Base: Sequence {
    /// The values of the collection as a `PullSequence`, in iteration order. The values are copied
    /// when `sequence` is read, so changing the collection afterwards does not change the sequence
    /// (and the base must be finite). RAC: `rac_sequence` (`RACArraySequence` over a copy).
    ///
    /// What the values are follows the base's own iteration:
    /// - `Array`, `ArraySlice`, `ContiguousArray`: the elements, in order;
    /// - `Dictionary`: `(key, value)` pairs, in the dictionary's (unspecified) order, as RAC's
    ///   `NSDictionary.rac_sequence` sends `RACTuple(key, value)`;
    /// - `Set`: the members, in the set's (unspecified) order;
    /// - `String`, `Substring`: `Character`s (grapheme clusters). RAC's `NSString.rac_sequence`
    ///   yields UTF-16 code units; use `string.utf16.rac.sequence` for those (or `utf8`,
    ///   `unicodeScalars`);
    /// - `Range`, `ClosedRange` of integers: the integers in the range.
    ///
    /// ```
    /// [1, 2, 3].rac.sequence:   1 2 3
    /// "héllo".rac.sequence:     h é l l o
    /// ```
    public var sequence: PullSequence<Base.Element> {
        PullSequence(values: base)
    }
}

extension RACExtension {
    /// The dictionary's keys as a `PullSequence`, copied now, in the dictionary's order.
    /// RAC: `-[NSDictionary rac_keySequence]`.
    ///
    /// ```
    /// ["a": 1].rac.keySequence():  "a"
    /// ```
    public func keySequence<Key, Value>() -> PullSequence<Key> where Base == [Key: Value] {
        PullSequence(values: base.keys)
    }

    /// The dictionary's values as a `PullSequence`, copied now, in the dictionary's order (the same
    /// order as `keySequence()`). RAC: `-[NSDictionary rac_valueSequence]`.
    ///
    /// ```
    /// ["a": 1].rac.valueSequence():  1
    /// ```
    public func valueSequence<Key, Value>() -> PullSequence<Value> where Base == [Key: Value] {
        PullSequence(values: base.values)
    }
}
