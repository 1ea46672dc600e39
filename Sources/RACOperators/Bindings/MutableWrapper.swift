// @Mutable: a MutableProperty as a property wrapper, for a class's stored property.

/// A stored property backed by a `MutableProperty`: `@Mutable var name = ""` reads and writes
/// `name` as a plain value, and `$name` is the `MutableProperty` behind it, for its `signal`, for
/// binding (`$name <~ signal`) and for deriving properties (`$name.map …`).
///
/// RAC: none (RAC observed a KVO property with `RACObserve`; ReactiveSwift declares a
/// `MutableProperty` and reads `.value`). Named for what `$name` is, a `MutableProperty`, as
/// Combine's `@Published` is named for its `$name`, a publisher; not `@Observable`, `@Observed` or
/// `@Bindable`, which name Observation's and SwiftUI's.
///
/// Writes are the property's: thread-safe, delivered to `$name.signal` before the setter returns.
/// The property goes away with the object that holds it, unless something else keeps `$name`;
/// then its signal completes and every binding into it ends.
///
/// ```
/// final class Form { @Mutable var name = "" }
/// form.name = "a"      form.$name.signal:   ""--a--|   (| when form goes away)
/// ```
@propertyWrapper
public struct Mutable<Value>: Sendable {
    /// The property behind the wrapped value: `$name`.
    ///
    /// ```
    /// form.$name.value == form.name
    /// ```
    public let projectedValue: MutableProperty<Value>

    /// Wraps a new property holding `wrappedValue` (the declaration's initial value).
    ///
    /// ```
    /// @Mutable var count = 0      $count.value == 0
    /// ```
    ///
    /// - Parameter wrappedValue: the property's initial value.
    public init(wrappedValue: Value) {
        projectedValue = MutableProperty(wrappedValue)
    }

    /// The property's current value; setting it sets the property's `value`.
    ///
    /// ```
    /// name = "a"     $name.signal:   --a--
    /// ```
    public var wrappedValue: Value {
        get { projectedValue.value }
        nonmutating set { projectedValue.value = newValue }
    }
}
