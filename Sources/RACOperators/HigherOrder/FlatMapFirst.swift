// exhaust() and flatMapFirst: ignore new inner signals while one runs.

extension Signal {
    /// A merge of at most one inner signal that drops, rather than queues, what arrives while one
    /// runs.
    @inlinable
    func exhaustSignals<Inner>(
        name: @autoclosure () -> String, _ inner: @escaping (Value) -> Signal<Inner, Failure>
    ) -> Signal<Inner, Failure> {
        return Signal<Inner, Failure>(name: SignalDebugNames.name(name())) { subscriber in
            let merge = MergeSubscription<Inner, Failure>(downstream: subscriber, maxConcurrent: 1)
            subscriber.link(state: merge)
            let sourceSubscriber = Subscriber<Value, Failure> { event in
                merge.receiveSource(event) { value in merge.addUnlessFull { inner(value) } }
            }
            merge.subscribe(self, by: sourceSubscriber)
            return nil
        }
    }

    /// RAC: none (RxJS `exhaust`, `exhaustAll`; RxSwift `flatMapFirst { $0 }`). Subscribes to an
    /// inner signal only if none is running; those that arrive meanwhile are dropped, never
    /// subscribed. Completes when the source and the running inner signal have completed; an
    /// error from either is forwarded.
    ///
    /// ```
    /// self:      -x-y---z---|      x: a---b|   y: e|   z: c-d|
    /// exhaust:   -a---b-c-d-|      (y arrives while x runs: dropped)
    /// ```
    ///
    /// - Returns: a signal of the values of the inner signals it subscribed to; it completes when the
    ///   source and the running inner signal have completed, and fails with the first error.
    @inlinable
    public func exhaust<Inner>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
        exhaustSignals(name: "[\(self.name)] -exhaust") { $0 }
    }

    /// RAC: none (RxSwift `flatMapFirst`; RxJS `exhaustMap`). Maps a value to a signal and
    /// subscribes to it only if no inner signal is running: while one runs, the source's values
    /// are dropped (`transform` is not even called for them). The opposite of `flatMapLatest`,
    /// which cancels the running signal: a poller written `interval.flatMapFirst { check }` lets
    /// a slow check finish (and report) instead of restarting it at each tick. Completes when the
    /// source and the running inner signal have completed; an error from either disposes both,
    /// then is forwarded.
    ///
    /// ```
    /// self:            -1-2---3---|
    /// transform(1):     a---b|
    /// transform(3):           c-d|
    /// flatMapFirst:    -a---b-c-d-|     (2 arrives while transform(1) runs: dropped)
    /// ```
    ///
    /// - Parameter transform: maps a value, that arrives while no inner signal runs, to a signal.
    /// - Returns: a signal of the values of the inner signals it subscribed to; it completes when the
    ///   source and the running inner signal have completed, and fails with the first error.
    @inlinable
    public func flatMapFirst<NewValue>(
        _ transform: @escaping (Value) -> Signal<NewValue, Failure>
    ) -> Signal<NewValue, Failure> {
        exhaustSignals(name: "[\(self.name)] -flatMapFirst:", transform)
    }
}
