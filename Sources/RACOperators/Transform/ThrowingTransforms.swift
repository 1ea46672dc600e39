// The forms of scan, aggregate and reduceEach whose closure may throw the signal's `Failure`
// (RxSwift lets these closures throw). Each is built on `tryMap(_:)`'s stage, so the plain forms
// keep their own stages and cost: a throwing closure in those stages would cost every caller
// (Docs/Performance.md, "Closures that may throw"). A closure that does not throw picks the plain
// form (these are `@_disfavoredOverload`). `map` has no such form: its throwing form is
// `tryMap(_:)` (RAC's name), for the reason Performance.md gives.

extension Signal {
    /// RAC: none (RxSwift's `scan(_:accumulator:)` with a throwing closure). As `scan(_:_:)`, with a
    /// `reduce` that may throw the signal's `Failure`: a thrown error disposes the source, then is
    /// sent. Each subscription starts again from `initial`.
    ///
    /// ```
    /// self:                                  -1-2-3-|
    /// scan(0) { $1 == 3 ? throw e : $0 + $1 }:  -1-3-#
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The accumulation before the first value (not sent itself).
    ///   - reduce: Called with the accumulation so far and a value; its result is the new
    ///     accumulation, which is sent; an error it throws ends the result.
    /// - Returns: A signal that sends one accumulation per value; it completes when this signal does,
    ///   and fails with this signal's error or the first error `reduce` throws.
    @inlinable @_disfavoredOverload
    public func scan<Accumulation>(
        _ initial: Accumulation, _ reduce: @escaping (Accumulation, Value) throws(Failure) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        scan(into: initial) { (running, value) throws(Failure) in running = try reduce(running, value) }
    }

    /// RAC: none (RxSwift's `scan(into:accumulator:)` with a throwing closure). As
    /// `scan(into:_:)`, with an `update` that may throw the signal's `Failure`: a thrown error
    /// disposes the source, then is sent (the accumulation it may have changed is not). Each
    /// subscription starts from its own copy of `initial`.
    ///
    /// ```
    /// self:                                                  -a-b-c-|
    /// scan(into: []) { $1 == c ? throw e : $0.append($1) }:  -x-y-#     x = [a], y = [a, b]
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The accumulation before the first value, copied for each subscription (not sent
    ///     itself).
    ///   - update: Called with the accumulation (`inout`) and a value; changes the accumulation in
    ///     place, which is then sent; an error it throws ends the result.
    /// - Returns: A signal that sends one accumulation per value; it completes when this signal does,
    ///   and fails with this signal's error or the first error `update` throws.
    @inlinable @_disfavoredOverload
    public func scan<Accumulation>(
        into initial: Accumulation, _ update: @escaping (inout Accumulation, Value) throws(Failure) -> Void
    ) -> Signal<Accumulation, Failure> {
        Signal<Accumulation, Failure>.defer {
            // One accumulation per subscription; its values arrive one at a time.
            var running = initial
            return self.tryMap { (value) throws(Failure) -> Accumulation in
                try update(&running, value)
                return running
            }
        }
    }

    /// RAC: none (RxSwift's `reduce(_:accumulator:)` with a throwing closure). As
    /// `aggregate(_:_:)`, with a `reduce` that may throw the signal's `Failure`: a thrown error
    /// disposes the source, then is sent; nothing else is.
    ///
    /// ```
    /// self:                                     -1-2-3-|
    /// aggregate(0) { $0 + $1 }:                 -------(6|)
    /// aggregate(0) { $1 == 2 ? throw e : … }:   ---#
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The accumulation before the first value; sent as it is if this signal completes
    ///     without a value.
    ///   - reduce: Called with the accumulation so far and a value; its result is the new
    ///     accumulation; an error it throws ends the result.
    /// - Returns: A signal that sends the final accumulation once, when this signal completes, then
    ///   completes; it fails with this signal's error or the first error `reduce` throws, and then
    ///   sends nothing.
    @inlinable @_disfavoredOverload
    public func aggregate<Accumulation>(
        _ initial: Accumulation, _ reduce: @escaping (Accumulation, Value) throws(Failure) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        scan(initial, reduce).startWith(initial).takeLast(1)
    }

    /// RAC: none (the result selector of RxSwift's `combineLatest` and `zip`, which may throw). As
    /// `reduceEach(_:)`, with a `reduce` that may throw the signal's `Failure`: a thrown error
    /// disposes the source, then is sent.
    ///
    /// ```
    /// self:                                      -x-y-|     x = (1, 2), y = (3, 4)
    /// reduceEach { $0 > 2 ? throw e : $0 + $1 }: -3-#
    /// ```
    ///
    /// - Parameter reduce: makes the value to send from the elements of one tuple, given as separate
    ///   arguments, or throws this signal's error to end it.
    /// - Returns: a signal of `reduce(elements…)` for each tuple of the source; it fails with the first
    ///   error `reduce` throws (disposing the source), or completes or fails when the source does.
    @inlinable @_disfavoredOverload
    public func reduceEach<each Element, NewValue>(
        _ reduce: @escaping (repeat each Element) throws(Failure) -> NewValue
    ) -> Signal<NewValue, Failure> where Value == (repeat each Element) {
        tryMap { (tuple: (repeat each Element)) throws(Failure) -> NewValue in try reduce(repeat each tuple) }
    }
}
