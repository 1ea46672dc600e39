// flatten, flatten(_:) and concat(): merge, or concatenate, the inner signals of a signal of signals.

extension Signal {
    /// Subscribes to each inner signal, at most `maxConcurrent` at once, queueing the others in
    /// order; `maxConcurrent == .max` means no limit.
    /// `inner` gives the signal of each value.
    @inlinable
    func flattenSignals<Inner>(
        maxConcurrent: Int, name: @autoclosure () -> String,
        _ inner: @escaping (Value) -> Signal<Inner, Failure>
    ) -> Signal<Inner, Failure> {
        return Signal<Inner, Failure>(name: SignalDebugNames.name(name())) { subscriber in
            let merge = MergeSubscription<Inner, Failure>(
                downstream: subscriber, maxConcurrent: maxConcurrent)
            subscriber.link(state: merge)
            let sourceSubscriber = Subscriber<Value, Failure> { event in
                merge.receiveSource(event) { merge.add(inner($0)) }
            }
            merge.subscribe(self, by: sourceSubscriber)
            return nil
        }
    }

    /// RAC: `-flatten`. Subscribes to every inner signal as it arrives and merges their values;
    /// completes when the source and every inner signal have completed.
    ///
    /// ```
    /// self:     -x------y-----|      x: a--b|   y: c-d|
    /// flatten:  -a--b---c-d---|
    /// ```
    ///
    /// - Returns: A signal that merges the values of every inner signal; it completes when this signal
    ///   and every inner signal have completed, and fails with the first error of any of them
    ///   (disposing the others).
    ///
    /// ```swift
    /// let uploads = Subject<Signal<String, Never>, Never>()
    /// let progress = uploads.flatten()
    /// let subscription = progress.subscribe(next: { print($0) })
    /// let photo = Subject<String, Never>()
    /// let video = Subject<String, Never>()
    /// uploads.sendNext(photo)
    /// uploads.sendNext(video)
    /// photo.sendNext("photo 50%")    // prints photo 50%
    /// video.sendNext("video 10%")    // prints video 10%
    /// photo.sendNext("photo done")   // prints photo done
    /// subscription.dispose()
    /// ```
    @inlinable
    public func flatten<Inner>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
        flattenSignals(maxConcurrent: .max, name: "[\(self.name)] -flatten") { $0 }
    }

    /// RAC: `-flatten` on a signal that may send `nil` ("should accept nil signals"). As
    /// `flatten()`, with a `nil` inner signal counting as an empty one: it sends nothing and
    /// keeps nothing from completing.
    ///
    /// ```
    /// self:     -x-n-y---|      x: a--b|   y: c|   (n = nil)
    /// flatten:  -a--bc---|
    /// ```
    ///
    /// - Returns: A signal that merges the values of every inner signal that is not `nil`; it completes
    ///   when this signal and every inner signal have completed, and fails with the first error of
    ///   any of them (disposing the others).
    @inlinable
    public func flatten<Inner>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure>? {
        flattenSignals(maxConcurrent: .max, name: "[\(self.name)] -flatten") { $0 ?? .empty }
    }

    /// RAC: `-flatten:`. Like `flatten()`, but subscribes to at most `maxConcurrent` inner signals at
    /// once; the others wait, in order, for a running one to complete.
    ///
    /// - Important: as RAC's `flatten:0`, **`flatten(0)` means no limit** (it is `flatten()`),
    ///   not "subscribe to nothing" (ReactiveObjC's `RACSignal+Operations.m -flatten:` queues an
    ///   inner signal only when `maxConcurrent > 0`).
    ///
    /// `maxConcurrent` must be `>= 0`; a negative value stops the process with a message naming
    /// the call and the value.
    ///
    /// ```
    /// self:        -x-y-------|      x: a---b|   y: c-d|
    /// flatten(1):  -a---bc-d--|      (y waits for x)
    /// flatten(0):  -a-c-(bd)-----|  (no limit, as flatten())
    /// ```
    ///
    /// - Parameter maxConcurrent: How many inner signals run at once; `0` means no limit, a negative
    ///   value is a programmer error.
    /// - Returns: A signal that merges the values of every inner signal; it completes when this signal
    ///   and every inner signal have completed, and fails with the first error of any of them
    ///   (disposing the others).
    @inlinable
    public func flatten<Inner>(_ maxConcurrent: Int) -> Signal<Inner, Failure>
    where Value == Signal<Inner, Failure> {
        racRequireNonNegative(maxConcurrent, "maxConcurrent", "flatten(_:)")
        if maxConcurrent == 0 { return flatten() }
        return flattenSignals(maxConcurrent: maxConcurrent, name: "[\(self.name)] -flatten: \(maxConcurrent)")
        { $0 }
    }

    /// RAC: `-concat` on a signal of signals (`flatten:1`). Subscribes to the inner signals one
    /// after another, in the order they arrived.
    ///
    /// ```
    /// self:    -x-y-------|      x: a---b|   y: c-d|
    /// concat:  -a---bc-d--|
    /// ```
    ///
    /// - Returns: A signal that sends the values of each inner signal in turn, in the order they
    ///   arrived; it completes when this signal and every inner signal have completed, and fails with
    ///   the first error of any of them (disposing the others).
    @inlinable
    public func concat<Inner>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
        flattenSignals(maxConcurrent: 1, name: "[\(self.name)] -concat") { $0 }
    }
}
