// sample: sends the receiver's latest value each time a sampler sends.

extension Signal {
    /// RAC: `-sample:`. Each time `sampler` sends a value, sends the latest value of this signal
    /// (nothing if it has sent none yet). Completes, or fails, as soon as either signal does.
    ///
    /// ```
    /// self:     -a--b-c----|
    /// sampler:  --x----x-x---|
    /// sample:   --a----c-c-|
    /// ```
    @inlinable
    public func sample<Sampler>(_ sampler: Signal<Sampler, Failure>) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -sample: \(sampler)")) { subscriber in
            let latest = LatestValue<Value>()
            let source = Subscriber<Value, Failure> { event in
                if case .next(let value) = event {
                    latest.store(value)
                } else {
                    subscriber.send(event)
                }
            }
            let samplerSubscriber = Subscriber<Sampler, Failure> { event in
                switch event {
                case .next:
                    if let value = latest.current {
                        subscriber.sendNext(value)
                    }
                case .error(let error):
                    subscriber.sendError(error)
                case .completed:
                    subscriber.sendCompleted()
                }
            }
            subscriber.link(source)
            subscriber.link(samplerSubscriber)
            self.subscribe(source)
            sampler.subscribe(samplerSubscriber)
            return nil
        }
    }
}
