// The arguments of the stages of `skip(while:)`, `skip(until:)`, `take(while:)`,
// `take(until:)` with a predicate, `any(_:)` and `all(_:)`.

/// The leading values of a signal that a `skip`/`take` operator with a predicate drops or sends, or
/// that `any`/`all` look past, as a stage's arguments: those for which `test` returns `holds`
/// (`true` for `…(while:)` and `all`, `false` for `…(until:)` and `any`), up to the first for which
/// it does not.
@usableFromInline
struct Prefix<Value> {
    @usableFromInline let test: (Value) -> Bool
    /// The result of `test` for the values of the prefix.
    @usableFromInline let holds: Bool

    @inlinable
    init(_ test: @escaping (Value) -> Bool, while holds: Bool) {
        self.test = test
        self.holds = holds
    }

    /// Whether `value` extends the prefix.
    @inlinable @inline(__always)
    func continues(with value: Value) -> Bool {
        test(value) == holds
    }
}
