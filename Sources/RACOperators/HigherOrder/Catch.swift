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
    @inlinable
    public func `catch`<NewFailure: Error>(to signal: Signal<Value, NewFailure>) -> Signal<Value, NewFailure>
    {
        `catch` { _ in signal }
    }
}
