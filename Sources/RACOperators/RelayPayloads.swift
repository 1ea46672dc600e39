// The payloads of `RelaySignal`s whose closures mention a concrete type (`Bool`, `Int`, `Void`).
//
// A closure stored as a generic payload is kept in its most general form, every argument and
// result passed indirectly. A closure such as `(Value) -> Bool` is used by the operator's generic
// code in another form (the `Bool` returned directly), so taking it out of the payload on each
// subscription would go through a reabstraction thunk allocated on the heap. Kept in a field of a
// struct declared with the operator's own closure type, it has the same form in the struct as in
// the operator, and moves in and out without conversion. Closures over generic types only
// (`map`'s `(Value) -> NewValue`) have one form and need no wrapper.

/// The predicate of `filter`, `skip(while:)`, `take(until:)`, `any` … as a `RelaySignal` payload.
@usableFromInline
struct Predicate<Value> {
    @usableFromInline let test: (Value) -> Bool

    @inlinable
    init(_ test: @escaping (Value) -> Bool) {
        self.test = test
    }
}

/// The transform and predicate of `map(_:)` followed by `filter(_:)`, fused into one stage, as a
/// `RelaySignal` payload.
@usableFromInline
struct RelayMapFilter<Value, NewValue> {
    @usableFromInline let transform: (Value) -> NewValue
    @usableFromInline let isIncluded: (NewValue) -> Bool

    @inlinable
    init(_ transform: @escaping (Value) -> NewValue, _ isIncluded: @escaping (NewValue) -> Bool) {
        self.transform = transform
        self.isIncluded = isIncluded
    }
}

/// The equivalence of `distinctUntilChanged(by:)` as a `RelaySignal` payload.
@usableFromInline
struct Equivalence<Value> {
    @usableFromInline let isEquivalent: (Value, Value) -> Bool

    @inlinable
    init(_ isEquivalent: @escaping (Value, Value) -> Bool) {
        self.isEquivalent = isEquivalent
    }
}

/// The start value and indexed reduction of `scan(_:withIndex:)` and `aggregate(_:withIndex:)` as
/// a `RelaySignal` payload.
@usableFromInline
struct RelayIndexedReduction<Accumulation, Value> {
    @usableFromInline let initial: Accumulation
    @usableFromInline let reduce: (Accumulation, Value, Int) -> Accumulation

    @inlinable
    init(_ initial: Accumulation, _ reduce: @escaping (Accumulation, Value, Int) -> Accumulation) {
        self.initial = initial
        self.reduce = reduce
    }
}

/// The check of `attempt(_:)` as a `RelaySignal` payload.
@usableFromInline
struct RelayCheck<Value, Failure: Error> {
    @usableFromInline let check: (Value) throws(Failure) -> Void

    @inlinable
    init(_ check: @escaping (Value) throws(Failure) -> Void) {
        self.check = check
    }
}
