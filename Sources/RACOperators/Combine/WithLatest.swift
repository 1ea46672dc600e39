// withLatest(from:): each value of the receiver, paired with the latest value of another signal.

extension Signal {
    /// RAC: none (RxSwift `withLatestFrom`, ReactiveSwift `withLatest(from:)`). Sends each value of
    /// this signal paired with the latest value of `other`; a value that arrives before `other` has
    /// sent one is dropped. Ends when this signal ends: `other`'s completion is not an end (its
    /// last value keeps being used), its error is. `other` is subscribed first, so a signal that
    /// sends at once (a property, `Signal(value:)`) is ready for this signal's first value.
    ///
    /// Unlike `combineLatest(with:)`, values of `other` do not send anything; unlike `sample(_:)`,
    /// this signal is the trigger.
    ///
    /// ```
    /// self:                -a---b--c-|
    /// other:               --1-2-----3-|
    /// withLatest(from:):   -----x--y-|       x = (b, 2), y = (c, 2)
    /// ```
    @inlinable
    public func withLatest<Other>(from other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
        withLatest(from: other) { ($0, $1) }
    }

    /// RAC: none (RxSwift `withLatestFrom(_:resultSelector:)`). As `withLatest(from:)`, sending
    /// `combine(value, latest)` instead of the pair.
    ///
    /// ```
    /// self:                     -a---b--c-|
    /// other:                    --1-2-----3-|
    /// withLatest(from:, +):     -----x--y-|       x = b2, y = c2
    /// ```
    @inlinable
    public func withLatest<Other, Result>(
        from other: Signal<Other, Failure>, _ combine: @escaping (Value, Other) -> Result
    ) -> Signal<Result, Failure> {
        Signal<Result, Failure>(name: SignalDebugNames.name("[\(self.name)] withLatestFrom: \(other)")) {
            subscriber in
            let latest = LatestValue<Other>()
            let otherSubscriber = Subscriber<Other, Failure> { event in
                switch event {
                case .next(let value):
                    latest.store(value)
                case .error(let error):
                    subscriber.sendError(error)
                case .completed:
                    break
                }
            }
            let source = Subscriber<Value, Failure> { event in
                switch event {
                case .next(let value):
                    if let last = latest.current {
                        subscriber.sendNext(combine(value, last))
                    }
                case .error(let error):
                    subscriber.sendError(error)
                case .completed:
                    subscriber.sendCompleted()
                }
            }
            subscriber.link(otherSubscriber)
            subscriber.link(source)
            other.subscribe(otherSubscriber)
            self.subscribe(source)
            return nil
        }
    }
}
