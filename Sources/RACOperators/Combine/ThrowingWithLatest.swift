// The form of withLatest(from:_:) whose result selector may throw the signal's `Failure`
// (RxSwift's `withLatestFrom(_:resultSelector:)` lets it throw), built on `tryMap(_:)`'s stage:
// the plain form keeps its own state and cost (Docs/Performance.md, "Closures that may throw").

extension Signal {
    /// RAC: none (RxSwift's `withLatestFrom(_:resultSelector:)` with a throwing selector). As
    /// `withLatest(from:_:)`, with a `combine` that may throw the signal's `Failure`: a thrown
    /// error disposes both inputs, then is sent.
    ///
    /// ```
    /// self:                                      -a---b--c-|
    /// other:                                     --1-2-----3-|
    /// withLatest(from:) { c ? throw e : $0+$1 }:  -----x--#       x = b2
    /// ```
    ///
    /// - Parameters:
    ///   - other: the signal whose latest value goes with each of this signal's values.
    ///   - combine: makes the value to send from this signal's value and `other`'s latest; an
    ///     error it throws fails the result.
    /// - Returns: a signal of `combine(value, latest)`, as `withLatest(from:_:)`; it also fails,
    ///   disposing both inputs, with the first error `combine` throws.
    @inlinable @_disfavoredOverload
    public func withLatest<Other, Result>(
        from other: Signal<Other, Failure>, _ combine: @escaping (Value, Other) throws(Failure) -> Result
    ) -> Signal<Result, Failure> {
        withLatest(from: other).tryMap { (pair) throws(Failure) -> Result in try combine(pair.0, pair.1) }
    }
}
