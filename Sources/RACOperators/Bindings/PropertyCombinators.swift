// Property.combineLatest and Property.zip of any number of properties, flatMapLatest on a
// property, and and/or/negate on Bool properties (ReactiveSwift's property operators).

extension Property {
    /// RAC: none (ReactiveSwift `Property.combineLatest(_:_:…)`; RAC `+combineLatest:` on the
    /// properties' signals). A property of the tuple of the current values of all `properties`,
    /// changing whenever any of them changes. Keeps them all alive; its signal completes when all
    /// of theirs have.
    ///
    /// ```
    /// a:                        1--2--------
    /// b:                        x-----y-----
    /// c:                        p--------q--
    /// Property.combineLatest:   u--v--w--z--     u = (1, x, p), v = (2, x, p), w = (2, y, p), z = (2, y, q)
    /// ```
    ///
    /// - Parameters:
    ///   - first: the first property.
    ///   - rest: the other properties, any number, each with its own value type.
    /// - Returns: a property whose value is the tuple of their current values, in argument order.
    public static func combineLatest<First: PropertyProtocol, each Rest: PropertyProtocol>(
        _ first: First, _ rest: repeat each Rest
    ) -> Property<(First.Value, repeat (each Rest).Value)>
    where Value == (First.Value, repeat (each Rest).Value) {
        joined(first, repeat each rest, byLatest: true, call: "Property.combineLatest(_:_:)")
    }

    /// RAC: none (ReactiveSwift `Property.zip(_:_:…)`; RAC `+zip:` on the properties' signals). A
    /// property of tuples: the current values of all `properties` first, then the n-th change of
    /// each of them together, once every one has made its n-th change. Keeps them all alive.
    ///
    /// ```
    /// a:              1--2--3-----
    /// b:              x-----y--z--
    /// Property.zip:   u-----v--w--     u = (1, x), v = (2, y), w = (3, z)
    /// ```
    ///
    /// - Parameters:
    ///   - first: the first property.
    ///   - rest: the other properties, any number, each with its own value type.
    /// - Returns: a property whose value is the tuple of their values with the same index (the
    ///   current values first), in argument order.
    public static func zip<First: PropertyProtocol, each Rest: PropertyProtocol>(
        _ first: First, _ rest: repeat each Rest
    ) -> Property<(First.Value, repeat (each Rest).Value)>
    where Value == (First.Value, repeat (each Rest).Value) {
        joined(first, repeat each rest, byLatest: false, call: "Property.zip(_:_:)")
    }

    /// `Property.combineLatest` (`byLatest`) and `Property.zip`: the property of the joined
    /// signals of `first` and `rest`, keeping them all alive.
    private static func joined<First: PropertyProtocol, each Rest: PropertyProtocol>(
        _ first: First, _ rest: repeat each Rest, byLatest: Bool, call: String
    ) -> Property<(First.Value, repeat (each Rest).Value)>
    where Value == (First.Value, repeat (each Rest).Value) {
        var sources: [AnyObject] = [first]
        for property in repeat each rest { sources.append(property) }
        let joined =
            byLatest
            ? Signal<Value, Never>.combineLatest(first.signal, repeat (each rest).signal)
            : Signal<Value, Never>.zip(first.signal, repeat (each rest).signal)
        return Property(deriving: joined, retaining: sources, call: call)
    }
}

extension PropertyProtocol {
    /// RAC: none (ReactiveSwift `Property.flatMap(.latest)`; RAC `-flattenMap:` then
    /// `-switchToLatest` on the property's signal). A property that follows the property
    /// `transform` makes of this one's current value: when this value changes, it switches to the
    /// property made of the new one. Keeps this property alive, and the property it follows for as
    /// long as it follows it.
    ///
    /// ```
    /// self:                       1-----2------
    /// transform(1):               a--b--       (a property)
    /// transform(2):                     x--y---
    /// flatMapLatest(transform):   a--b--x--y---
    /// ```
    public func flatMapLatest<Inner: PropertyProtocol>(
        _ transform: @escaping (Value) -> Inner
    ) -> Property<Inner.Value> {
        let followed = signal.flatMapLatest { value -> Signal<Inner.Value, Never> in
            let inner = transform(value)
            // The signal of a property does not keep it alive: the subscription does, while it
            // lasts.
            return inner.signal.doDisposed { withExtendedLifetime(inner) {} }
        }
        return Property(deriving: followed, retaining: [self], call: "Property.flatMapLatest(_:)")
    }
}

extension PropertyProtocol where Value == Bool {
    /// RAC: none (ReactiveSwift `Property.negate()`; RAC `-not` on the property's signal). A
    /// property that is `true` when this one is `false`, and the reverse.
    ///
    /// ```
    /// self:       t--f--t--
    /// negate():   f--t--f--
    /// ```
    ///
    /// - Returns: a property holding the opposite of this one's value; it keeps this one alive.
    public func negate() -> Property<Bool> {
        Property(deriving: signal.not(), retaining: [self], call: "Property.negate()")
    }

    /// RAC: none (ReactiveSwift `Property.and(_:)`; RAC `-and` on the combined signals). A
    /// property that is `true` while this one and `other` both are. Keeps both alive.
    ///
    /// ```
    /// self:         t--t--f--
    /// other:        f--t-----
    /// and(other):   f--t--f--
    /// ```
    ///
    /// - Parameter other: the second boolean property.
    /// - Returns: a property that is `true` while both are; it keeps both alive.
    public func and<Other: PropertyProtocol>(_ other: Other) -> Property<Bool> where Other.Value == Bool {
        Property(
            deriving: signal.combineLatest(with: other.signal).map { $0 && $1 }, retaining: [self, other],
            call: "Property.and(_:)")
    }

    /// RAC: none (ReactiveSwift `Property.or(_:)`; RAC `-or` on the combined signals). A property
    /// that is `true` while this one or `other` is. Keeps both alive.
    ///
    /// ```
    /// self:        f--t--f--
    /// other:       f-----f--
    /// or(other):   f--t--f--
    /// ```
    ///
    /// - Parameter other: the second boolean property.
    /// - Returns: a property that is `true` while either is; it keeps both alive.
    public func or<Other: PropertyProtocol>(_ other: Other) -> Property<Bool> where Other.Value == Bool {
        Property(
            deriving: signal.combineLatest(with: other.signal).map { $0 || $1 }, retaining: [self, other],
            call: "Property.or(_:)")
    }
}
