// map, combineLatest(with:), zip(with:) and distinctUntilChanged() on properties, giving properties,
// and binding a property with <~.

extension PropertyProtocol {
    /// RAC: none (ReactiveSwift `Property.map`). A property whose value is `transform(value)`,
    /// computed once per change of this one (not at each read). Keeps this property alive.
    ///
    /// ```
    /// self:         1--2--3--
    /// map { $0 * 10 }: 10-20-30-
    /// ```
    public func map<Transformed>(_ transform: @escaping (Value) -> Transformed) -> Property<Transformed> {
        Property(deriving: signal.map(transform), retaining: [self], call: "Property.map(_:)")
    }

    /// RAC: none (ReactiveSwift `Property.combineLatest(with:)`). A property of the pair of this
    /// property's value and `other`'s, changing whenever either changes. Keeps both alive.
    ///
    /// ```
    /// self:                    a--b-----
    /// other:                   1-----2--
    /// combineLatest(with:):    x--y--z--     x = (a, 1), y = (b, 1), z = (b, 2)
    /// ```
    ///
    /// - Parameter other: the property whose value is paired with this one's.
    /// - Returns: a property whose value is `(value, other.value)`.
    public func combineLatest<Other: PropertyProtocol>(with other: Other) -> Property<(Value, Other.Value)> {
        Property(
            deriving: Signal.combineLatest(signal, other.signal), retaining: [self, other],
            call: "Property.combineLatest(with:)")
    }

    /// RAC: none (ReactiveSwift `Property.zip(with:)`). A property of pairs: the current values
    /// first, then the n-th change of this property with the n-th change of `other`. Keeps both
    /// alive.
    ///
    /// ```
    /// self:           a--b--c---
    /// other:          1-----2--3
    /// zip(with:):     x-----y--z     x = (a, 1), y = (b, 2), z = (c, 3)
    /// ```
    ///
    /// - Parameter other: the property whose n-th change is paired with this one's n-th change.
    /// - Returns: a property whose value is the pair of the values with the same index (the
    ///   current values first).
    public func zip<Other: PropertyProtocol>(with other: Other) -> Property<(Value, Other.Value)> {
        Property(
            deriving: signal.zip(with: other.signal), retaining: [self, other], call: "Property.zip(with:)")
    }
}

extension PropertyProtocol where Value: Equatable {
    /// RAC: none (ReactiveSwift `Property.skipRepeats()`; RAC `-distinctUntilChanged` on its
    /// signal). A property that changes only when the value differs from its current one.
    ///
    /// ```
    /// self:                     1--1--2--2--1
    /// distinctUntilChanged():   1-----2-----1
    /// ```
    public func distinctUntilChanged() -> Property<Value> {
        Property(
            deriving: signal.distinctUntilChanged(), retaining: [self],
            call: "Property.distinctUntilChanged()")
    }
}

/// Binds `source` one way into `target`: its current value at once, then every change. RAC:
/// `RAC(object, key) = RACObserve(other, key)`. Ends as `target <~ source.signal` does.
///
/// ```
/// label.rac[\.text] <~ title          title: a--b--    label.text: a--b--
/// ```
///
/// - Parameters:
///   - target: where the values are written.
///   - source: the property whose current value and changes are written.
/// - Returns: a disposable that ends the binding.
@discardableResult
public func <~ <Source: PropertyProtocol>(target: BindingTarget<Source.Value>, source: Source)
    -> any Disposable
{
    target.bind(source.signal)
}

/// Binds `source` one way into `property`: its current value at once, then every change; ends
/// when `source` ends, when `property` is deallocated, or when the returned disposable is disposed.
///
/// ```
/// copy <~ original      original: a--b--    copy: z-a--b--
/// ```
///
/// - Parameters:
///   - property: the property set by each value; not retained.
///   - source: the property whose current value and changes are set.
/// - Returns: a disposable that ends the binding.
@discardableResult
public func <~ <Source: PropertyProtocol>(property: MutableProperty<Source.Value>, source: Source)
    -> any Disposable
{
    property.bindingTarget.bind(source.signal)
}
