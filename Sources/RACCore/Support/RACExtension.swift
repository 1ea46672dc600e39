/// The `.rac` namespace: reactive members added to existing types without clashing with their own.
///
/// RAC: the `rac_` prefixed categories (`-[NSArray rac_sequence]`,
/// `-[NSNotificationCenter rac_addObserverForName:object:]` …) become `value.rac.member`. Any module
/// adds members with `extension RACExtension where Base: SomeType { … }` (or `Base == SomeType`),
/// reaching the wrapped value through `base`; RACCore adds `sequence` on collections, and the
/// Foundation bridge adds notification, file-handle and defaults members.
///
/// ```
/// [1, 2, 3].rac.sequence          // RAC: array.rac_sequence
/// center.rac.notifications(named: name)
/// ```
public struct RACExtension<Base> {
    /// The value the members act on.
    public let base: Base

    /// Wraps `base`; usually reached through `base.rac`.
    public init(_ base: Base) {
        self.base = base
    }
}

extension RACExtension: Sendable where Base: Sendable {}

/// A type whose values offer reactive members under `.rac`.
///
/// Conform a type (`extension MyType: RACCompatible {}`) to get `rac` for free; then extend
/// `RACExtension where Base == MyType` (or `Base: MyClass` for a class and its subclasses) with the
/// members. Non-final classes can conform too (`RACBase` is inferred as the class, so the
/// requirement never names `Self`); through the default implementation a subclass instance's
/// `rac` is typed with the subclass. RAC: the `rac_` category prefix.
///
/// ```
/// extension MyType: RACCompatible {}
/// extension RACExtension where Base == MyType { var changes: Signal<Int, Never> { … } }
/// myValue.rac.changes
/// ```
public protocol RACCompatible {
    /// The type `rac` wraps: the conforming type itself (inferred from the default `rac`).
    associatedtype RACBase

    /// The reactive namespace of this value.
    var rac: RACExtension<RACBase> { get }
}

extension RACCompatible {
    /// The reactive namespace of this value: `value.rac.member`.
    public var rac: RACExtension<Self> {
        RACExtension(self)
    }
}

extension Array: RACCompatible {}
extension ArraySlice: RACCompatible {}
extension ContiguousArray: RACCompatible {}
extension Dictionary: RACCompatible {}
extension Set: RACCompatible {}
extension String: RACCompatible {}
extension Substring: RACCompatible {}
extension String.UTF8View: RACCompatible {}
extension String.UTF16View: RACCompatible {}
extension String.UnicodeScalarView: RACCompatible {}
extension Range: RACCompatible {}
extension ClosedRange: RACCompatible {}
