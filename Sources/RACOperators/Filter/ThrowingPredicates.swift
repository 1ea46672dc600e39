// The forms of filter, skip(while:) and distinctUntilChanged(by:) whose closure may throw the
// signal's `Failure` (RxSwift lets these closures throw), built on `tryMap(_:)`'s stage: the plain
// forms keep their own stages and cost (Docs/Performance.md, "Closures that may throw"). A closure
// that does not throw picks the plain form (these are `@_disfavoredOverload`).

extension Signal {
    /// RAC: none (RxSwift's `filter` with a throwing predicate). As `filter(_:)`, with an
    /// `isIncluded` that may throw the signal's `Failure`: a thrown error disposes the source, then
    /// is sent.
    ///
    /// ```
    /// self:                                     -1-2-3-4-|
    /// filter { $0 == 3 ? throw e : isEven($0) }:  ---2-#
    /// ```
    ///
    /// - Parameter isIncluded: Called with each value: `true` sends it, `false` drops it; an error it
    ///   throws ends the result.
    /// - Returns: A signal of the values `isIncluded` accepts; it completes when this signal does, and
    ///   fails with this signal's error or the first error `isIncluded` throws.
    @inlinable @_disfavoredOverload
    public func filter(_ isIncluded: @escaping (Value) throws(Failure) -> Bool) -> Signal<Value, Failure> {
        tryMap { (value) throws(Failure) -> Value? in try isIncluded(value) ? value : nil }.compacted()
    }

    /// RAC: none (RxSwift's `skip(while:)` with a throwing predicate). As `skip(while:)`, with a
    /// `predicate` that may throw the signal's `Failure` while values are skipped: a thrown error
    /// disposes the source, then is sent. Once a value passes, `predicate` is not called again.
    ///
    /// ```
    /// self:                                      -1-2-3-1-|
    /// skip(while: { $0 > 5 ? throw e : $0 < 3 }):  -----3-1-|
    /// ```
    ///
    /// - Parameter predicate: Called with each value until it returns `false`: that value and every
    ///   later one are sent; an error it throws ends the result.
    /// - Returns: A signal of the values from the first one `predicate` rejects on; it completes when
    ///   this signal does, and fails with this signal's error or the error `predicate` throws.
    @inlinable @_disfavoredOverload
    public func skip(while predicate: @escaping (Value) throws(Failure) -> Bool) -> Signal<Value, Failure> {
        Signal.defer {
            // One skipping phase per subscription; its values arrive one at a time.
            var skipping = true
            return self.tryMap { (value) throws(Failure) -> Value? in
                if skipping {
                    if try predicate(value) { return nil }
                    skipping = false
                }
                return value
            }
            .compacted()
        }
    }

    /// RAC: none (RxSwift's `distinctUntilChanged(_:)` with a throwing comparer). As
    /// `distinctUntilChanged(by:)`, with an `isEquivalent` that may throw the signal's `Failure`: a
    /// thrown error disposes the source, then is sent.
    ///
    /// ```
    /// self:                                         -1-1-2-9-|
    /// distinctUntilChanged { $1 > 5 ? throw e : $0 == $1 }:  -1---2-#
    /// ```
    ///
    /// - Parameter isEquivalent: Called with the last value sent and a new value: `true` drops the new
    ///   value; an error it throws ends the result.
    /// - Returns: A signal of the values not equivalent to the last one it sent (the first value
    ///   always); it completes when this signal does, and fails with this signal's error or the first
    ///   error `isEquivalent` throws.
    @inlinable @_disfavoredOverload
    public func distinctUntilChanged(
        by isEquivalent: @escaping (Value, Value) throws(Failure) -> Bool
    ) -> Signal<Value, Failure> {
        Signal.defer {
            // The last value sent, one per subscription.
            var previous: Value?
            return self.tryMap { (value) throws(Failure) -> Value? in
                if let previous, try isEquivalent(previous, value) { return nil }
                previous = value
                return value
            }
            .compacted()
        }
    }
}
