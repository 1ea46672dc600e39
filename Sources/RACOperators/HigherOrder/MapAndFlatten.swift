// flatMapLatest, concatMap and flattenMap(maxConcurrent:): map then flatten, in one call.

extension Signal {
    /// RAC: none (RxSwift `flatMapLatest`; Combine and RxJS `switchMap`). Maps each value to a
    /// signal and forwards only the latest one's values: a new value disposes the running inner
    /// signal (`map` then `switchToLatest()`). Completes when the source and the latest inner
    /// signal have completed; an error from either is forwarded.
    ///
    /// ```
    /// self:            -1----2------|
    /// transform(1):     a-b-c-d|
    /// transform(2):          e---f|
    /// flatMapLatest:   -a-b-ce---f--|     (transform(1) disposed when 2 arrives)
    /// ```
    ///
    /// - Parameter transform: Called with each value; returns the signal whose values are sent for it,
    ///   until the next value replaces it (the previous one is disposed).
    /// - Returns: A signal that forwards the values of the signal `transform` returned for the latest
    ///   value; it completes when this signal and that signal have completed, and fails with the
    ///   first error of either.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let query = Subject<String, Never>()
    /// func search(_ text: String) -> Signal<String, Never> {   // a lookup that takes 3 frames
    ///     Signal(value: "results for \(text)").delay(scheduler.frames(3), on: scheduler)
    /// }
    /// let results = query.flatMapLatest(search)
    /// let subscription = results.subscribe(next: { print($0) })
    /// query.sendNext("sw")
    /// scheduler.advance(frames: 1)
    /// query.sendNext("swift")   // the search for "sw" is disposed
    /// scheduler.run()           // prints results for swift
    /// subscription.dispose()
    /// ```
    @inlinable
    public func flatMapLatest<NewValue>(
        _ transform: @escaping (Value) -> Signal<NewValue, Failure>
    ) -> Signal<NewValue, Failure> {
        switchMap(name: "[\(self.name)] -flatMapLatest:", transform)
    }

    /// RAC: none (RxSwift `concatMap`). Maps each value to a signal and subscribes to them one
    /// after another, in the order of the values (`map` then `concat()`): a signal waits for the
    /// previous one to complete. Completes when the source and every inner signal have completed;
    /// an error from either is forwarded.
    ///
    /// ```
    /// self:            -1-2-------|
    /// transform(1):     a---b|
    /// transform(2):       c-d|
    /// concatMap:       -a---bc-d--|      (transform(2) waits for transform(1))
    /// ```
    ///
    /// - Parameter transform: maps each value to the signal to subscribe to in its turn.
    /// - Returns: a signal of the inner signals' values, one signal after another; it completes
    ///   when the source and every inner signal have completed, and fails with the first error.
    @inlinable
    public func concatMap<NewValue>(
        _ transform: @escaping (Value) -> Signal<NewValue, Failure>
    ) -> Signal<NewValue, Failure> {
        flattenSignals(maxConcurrent: 1, name: "[\(self.name)] -concatMap:", transform)
    }

    /// RAC: none (RxSwift `flatMap` then `merge(maxConcurrent:)`; Combine `flatMap(maxPublishers:)`).
    /// As `flattenMap(_:)`, with at most `maxConcurrent` inner signals subscribed at once; the
    /// others wait, in order, for a running one to complete (`map` then `flatten(maxConcurrent)`).
    ///
    /// - Important: `maxConcurrent` must be positive: unlike RAC's `flatten(0)`, `0` does not mean
    ///   "no limit" (that is `flattenMap(_:)`). A value below 1 stops the process with a message
    ///   naming the call and the value.
    ///
    /// ```
    /// self:                          -1-2-3------|
    /// transform(1):                   a---b|
    /// transform(2):                     c-d|
    /// transform(3):                       e|
    /// flattenMap(maxConcurrent: 2):  -a-c-(bd)e-----|   (transform(3) waits for a free slot)
    /// ```
    ///
    /// - Parameters:
    ///   - maxConcurrent: How many of the signals `transform` returns run at once; at least 1.
    ///   - transform: Called with each value; returns the signal whose values are sent for it,
    ///     subscribed when a slot is free.
    /// - Returns: A signal that merges the values of every signal `transform` returns; it completes
    ///   when this signal and all of those have completed, and fails with the first error of any of
    ///   them (disposing the others).
    @inlinable
    public func flattenMap<NewValue>(
        maxConcurrent: Int, _ transform: @escaping (Value) -> Signal<NewValue, Failure>
    ) -> Signal<NewValue, Failure> {
        if maxConcurrent < 1 {
            racProgrammerError(
                "flattenMap(maxConcurrent:_:)", "maxConcurrent must be >= 1, got \(maxConcurrent)")
        }
        return flattenSignals(
            maxConcurrent: maxConcurrent, name: "[\(self.name)] -flattenMap: maxConcurrent: \(maxConcurrent)",
            transform)
    }
}
