// The arguments of operator stages (`lift(_:_:named:)`) that are closures whose types mention a
// concrete type (`Bool`, `Int`, `Void`), shared by several operators.
//
// A closure stored as a generic value (the `Arguments` a `LiftedSignal` keeps) is kept in its most general form, every argument and
// result passed indirectly. A closure such as `(Value) -> Bool` is used by the operator's generic
// code in another form (the `Bool` returned directly), so taking it out of the signal on each
// subscription would go through a reabstraction thunk allocated on the heap. Kept in a field of a
// struct declared with the operator's own closure type, it has the same form in the struct as in
// the operator, and moves in and out without conversion. Closures over generic types only
// (`map`'s `(Value) -> NewValue`) have one form and need no wrapper.

/// The predicate of `filter`, `skip(while:)`, `take(until:)`, `any` …, as a stage's arguments.
@usableFromInline
struct Predicate<Value> {
    @usableFromInline let test: (Value) -> Bool

    @inlinable
    init(_ test: @escaping (Value) -> Bool) {
        self.test = test
    }
}

/// The equivalence of `distinctUntilChanged(by:)`, as a stage's arguments.
@usableFromInline
struct Equivalence<Value> {
    @usableFromInline let isEquivalent: (Value, Value) -> Bool

    @inlinable
    init(_ isEquivalent: @escaping (Value, Value) -> Bool) {
        self.isEquivalent = isEquivalent
    }
}

/// The start value and indexed reduction of `scan(_:withIndex:)` and `aggregate(_:withIndex:)`,
/// as a stage's arguments.
@usableFromInline
struct IndexedReduction<Accumulation, Value> {
    @usableFromInline let initial: Accumulation
    @usableFromInline let reduce: (Accumulation, Value, Int) -> Accumulation

    @inlinable
    init(_ initial: Accumulation, _ reduce: @escaping (Accumulation, Value, Int) -> Accumulation) {
        self.initial = initial
        self.reduce = reduce
    }
}

/// The check of `attempt(_:)`, as a stage's arguments.
@usableFromInline
struct Check<Value, Failure: Error> {
    @usableFromInline let check: (Value) throws(Failure) -> Void

    @inlinable
    init(_ check: @escaping (Value) throws(Failure) -> Void) {
        self.check = check
    }
}
