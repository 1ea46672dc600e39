// catch: on an error, continues with another signal.

extension Signal {
    /// RAC: `-catch:`. On an error, subscribes to the signal `handler` returns for it and forwards
    /// that signal's events instead; the failure type may change.
    ///
    /// ```
    /// self:      -a-b-#
    /// handler:        c-d|
    /// catch:     -a-b-c-d|
    /// ```
    ///
    /// Headlines from the cache when the network fails:
    ///
    /// ```swift
    /// enum FeedError: Error { case offline }
    /// let live = Signal<String, FeedError>(error: .offline)
    /// let cached = Signal<String, Never>(values: ["Swift 6.3 released (cached)"])
    /// let headlines = live.catch { error in
    ///     print("live feed failed:", error)
    ///     return cached
    /// }
    /// headlines.subscribe(next: { print($0) })
    /// // live feed failed: offline
    /// // Swift 6.3 released (cached)
    /// ```
    ///
    /// - Parameter handler: makes the signal to continue with from the error.
    /// - Returns: a signal of this signal's values, then, if it fails, of the events of the signal
    ///   `handler` returns: it completes when either completes and fails only as that signal does.
    @inlinable
    public func `catch`<NewFailure: Error>(
        _ handler: @escaping (Failure) -> Signal<Value, NewFailure>
    ) -> Signal<Value, NewFailure> {
        return Signal<Value, NewFailure>(name: SignalDebugNames.name("[\(self.name)] -catch:")) {
            subscriber in
            let sourceSubscriber = Subscriber<Value, Failure> { event in
                switch event {
                case .next(let value):
                    subscriber.sendNext(value)
                case .error(let error):
                    handler(error).subscribe(subscriber)
                case .completed:
                    subscriber.sendCompleted()
                }
            }
            subscriber.link(sourceSubscriber)
            self.subscribe(sourceSubscriber)
            return nil
        }
    }

    /// RAC: `-catchTo:`. On an error, forwards `signal`'s events instead.
    ///
    /// ```
    /// self:       -a-#
    /// signal:        c|
    /// catch(to:): -a-c|
    /// ```
    ///
    /// - Parameter signal: the signal to continue with after an error.
    /// - Returns: a signal of this signal's values, then, if it fails, of `signal`'s events: it
    ///   completes when either completes and fails only as `signal` does.
    @inlinable
    public func `catch`<NewFailure: Error>(to signal: Signal<Value, NewFailure>) -> Signal<Value, NewFailure>
    {
        `catch` { _ in signal }
    }
}
