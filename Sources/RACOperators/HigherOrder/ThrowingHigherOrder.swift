// The forms of flattenMap and groupBy whose closure may throw the signal's `Failure` (RxSwift's
// `flatMap` and `groupBy(keySelector:)` let it throw), built on `tryMap(_:)`'s stage: the plain
// forms keep their own code and cost (Docs/Performance.md, "Closures that may throw"). A closure
// that does not throw picks the plain form (these are `@_disfavoredOverload`).

extension Signal {
    /// RAC: none (RxSwift's `flatMap` with a throwing closure). As `flattenMap(_:)`, with a
    /// `transform` that may throw the signal's `Failure`: a thrown error disposes the source and
    /// every inner signal, then is sent.
    ///
    /// ```
    /// self:                                   -1---2-|
    /// transform(1):                            a--b|
    /// flattenMap { $0 == 2 ? throw e : … }:   -a--b#
    /// ```
    ///
    /// - Parameter transform: Called with each value; returns the signal whose values are sent for it,
    ///   subscribed at once; an error it throws ends the result.
    /// - Returns: A signal that merges the values of every signal `transform` returns; it completes
    ///   when this signal and all of those have completed, and fails with the first error of any of
    ///   them or of `transform` (disposing the others).
    @inlinable @_disfavoredOverload
    public func flattenMap<NewValue>(
        _ transform: @escaping (Value) throws(Failure) -> Signal<NewValue, Failure>
    ) -> Signal<NewValue, Failure> {
        tryMap(transform).flatten()
    }

    /// RAC: none (RxSwift's `groupBy(keySelector:)` with a throwing closure). As
    /// `groupBy(_:transform:)`, with a `keyOf` that may throw the signal's `Failure`: a thrown
    /// error disposes the source, then is sent to the outer signal and to every group.
    ///
    /// ```
    /// self:                                    -1-2-3-|
    /// groupBy { $0 == 3 ? throw e : $0 % 2 }:   -x-y-#     x: group 1 (1, then #), y: group 0 (2, then #)
    /// ```
    ///
    /// - Parameters:
    ///   - keyOf: the key of a value; may throw the signal's `Failure`.
    ///   - transform: maps each value before it is sent into its group.
    /// - Returns: a signal of one hot `GroupedSignal` per key; it completes or fails when the source
    ///   does or `keyOf` throws, and then so does every group.
    @inlinable @_disfavoredOverload
    public func groupBy<Key: Hashable, Transformed>(
        _ keyOf: @escaping (Value) throws(Failure) -> Key,
        transform: @escaping (Value) -> Transformed
    ) -> Signal<GroupedSignal<Key, Transformed, Failure>, Failure> {
        // Each value with its key, computed once.
        tryMap { (value) throws(Failure) -> (key: Key, value: Value) in (try keyOf(value), value) }
            .groupBy(\.key, transform: { transform($0.value) })
    }

    /// RAC: none (RxSwift's `groupBy(keySelector:)` with a throwing closure). As `groupBy(_:)`,
    /// with a `keyOf` that may throw the signal's `Failure`: a thrown error disposes the source,
    /// then is sent to the outer signal and to every group.
    ///
    /// ```
    /// self:                                    -1-2-3-|
    /// groupBy { $0 == 3 ? throw e : $0 % 2 }:   -x-y-#     x: group 1 (1, then #), y: group 0 (2, then #)
    /// ```
    ///
    /// - Parameter keyOf: the key of a value; may throw the signal's `Failure`.
    /// - Returns: a signal of one hot `GroupedSignal` per key; it completes or fails when the source
    ///   does or `keyOf` throws, and then so does every group.
    @inlinable @_disfavoredOverload
    public func groupBy<Key: Hashable>(
        _ keyOf: @escaping (Value) throws(Failure) -> Key
    ) -> Signal<GroupedSignal<Key, Value, Failure>, Failure> {
        groupBy(keyOf, transform: { $0 })
    }
}
