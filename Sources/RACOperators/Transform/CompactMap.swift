// compactMap and compacted(): values transformed or unwrapped, `nil` dropped, with their stage.

extension Signal {
    /// RAC: none (`-map:` then `-ignore:nil`, written as one). Sends `transform(value)` for each
    /// value whose result is not `nil`; a `nil` result is dropped. As Swift's and Combine's
    /// `compactMap`.
    ///
    /// ```
    /// self:                      -1-x-3-|
    /// compactMap { Int($0) }:    -1---3-|
    /// ```
    ///
    /// - Parameter transform: Called with each value; a non-`nil` result is sent, `nil` drops the
    ///   value.
    /// - Returns: A signal of the non-`nil` results, which completes or fails when this signal does.
    ///
    /// ```swift
    /// let typed = Subject<String, Never>()
    /// let ages = typed.compactMap { Int($0) }   // text that is not a number is dropped
    /// let subscription = ages.subscribe(next: { print("age", $0) })
    /// typed.sendNext("42")      // prints age 42
    /// typed.sendNext("forty")   // prints nothing
    /// typed.sendNext("7")       // prints age 7
    /// subscription.dispose()
    /// ```
    @inlinable
    public func compactMap<NewValue>(_ transform: @escaping (Value) -> NewValue?) -> Signal<NewValue, Failure>
    {
        lift(CompactMapStage.self, transform, named: SignalDebugNames.name("[\(self.name)] -compactMap:"))
    }

    /// RAC: `-ignore:nil` on a signal of optionals. Sends the wrapped value of each value that is
    /// not `nil`.
    ///
    /// ```
    /// self:          -a-n-b-|      (n = nil)
    /// compacted():   -a---b-|
    /// ```
    ///
    /// - Returns: a signal of the source's values that are not `nil`, unwrapped; it completes or fails
    ///   when the source does.
    @inlinable
    public func compacted<Wrapped>() -> Signal<Wrapped, Failure> where Value == Wrapped? {
        lift(CompactMapStage.self, { $0 }, named: SignalDebugNames.name("[\(self.name)] -ignore: nil"))
    }
}

/// A subscription of `compactMap(_:)`: sends `transform(value)` unless it is `nil`.
///
/// ```
/// -1-x-3-|  →  -1---3-|     (compactMap { Int($0) })
/// ```
@usableFromInline
final class CompactMapStage<Value, NewValue, Failure: Error>:
    OperatorStage<Value, Failure, NewValue, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let transform: (Value) -> NewValue?

    @inlinable
    init(_ transform: @escaping (Value) -> NewValue?, feeding downstream: Subscriber<NewValue, Failure>) {
        self.transform = transform
        super.init(feeding: downstream, as: CompactMapStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        if let newValue = transform(value) { emitNext(newValue) }
    }
}
