// Combining operators that run signals one after another or side by side: startWith, concat,
// merge, then, sample. zip and combineLatest are in CombineZip.swift and CombineLatest.swift.

extension Signal {
    /// RAC: `-startWith:`. Sends `value` first, then the signal's events.
    ///
    /// ```
    /// self:          --a-b-|
    /// startWith(z):  z-a-b-|
    /// ```
    public func startWith(_ value: Value) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -startWith: \(value)")) { subscriber in
            subscriber.sendNext(value)
            self.subscribe(subscriber)
            return nil
        }
    }

    /// RAC: `-concat:`. Forwards this signal's values, then, once it completes, subscribes to
    /// `other` and forwards its events. An error ends the result and `other` is never subscribed
    /// (RAC R63).
    ///
    /// ```
    /// self:    -a-b|
    /// other:       c-d|
    /// concat:  -a-bc-d|
    /// ```
    public func concat(_ other: Signal<Value, Failure>) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -concat: \(other)")) { subscriber in
            let source = Subscriber<Value, Failure> { event in
                if case .completed = event {
                    other.subscribe(subscriber)
                } else {
                    subscriber.send(event)
                }
            }
            subscriber.link(source)
            self.subscribe(source)
            return nil
        }
    }

    /// RAC: `+concat:`. Subscribes to the signals one after another, each once the previous one
    /// has completed; an error ends the result. No signals: completes at once. Any number of
    /// synchronous signals runs without growing the stack.
    ///
    /// ```
    /// signals:  [ -a|, -b-c|, -d| ]
    /// concat:   -a-b-c-d|
    /// ```
    public static func concat(_ signals: some Sequence<Signal<Value, Failure>>) -> Signal<Value, Failure> {
        let signals = ContiguousArray(signals)
        return Signal(name: SignalDebugNames.name("+concat: \(signals)")) { subscriber in
            guard let first = signals.first else {
                subscriber.sendCompleted()
                return nil
            }
            var index = 1
            let loop = SerialSubscription<Value, Failure>(downstream: subscriber) { event in
                guard case .completed = event, index < signals.count else { return nil }
                defer { index += 1 }
                return signals[index]
            }
            subscriber.link(state: loop)
            loop.start(first)
            return nil
        }
    }

    /// RAC: `-merge:`. Forwards the values of both signals as they arrive; completes when both
    /// have; an error from either disposes both and is forwarded.
    ///
    /// ```
    /// self:   -a---c-|
    /// other:  --b-d---|
    /// merge:  -ab-dc--|
    /// ```
    public func merge(_ other: Signal<Value, Failure>) -> Signal<Value, Failure> {
        Signal.merge([self, other], name: "[\(self.name)] -merge: \(other)")
    }

    /// RAC: `+merge:`. Subscribes to every signal at once, in order, and forwards their values as
    /// they arrive; completes when all have (at once for none); an error from any disposes all of
    /// them and is forwarded.
    ///
    /// ```
    /// signals:  [ -a---d|, --b|, ---c---| ]
    /// merge:    -abc-d-|
    /// ```
    public static func merge(_ signals: some Sequence<Signal<Value, Failure>>) -> Signal<Value, Failure> {
        let signals = ContiguousArray(signals)
        return merge(signals, name: "+merge: \(signals)")
    }

    private static func merge(
        _ signals: ContiguousArray<Signal<Value, Failure>>, name: @autoclosure () -> String
    ) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name(name())) { subscriber in
            let merge = MergeSubscription<Value, Failure>(downstream: subscriber)
            subscriber.link(state: merge)
            for signal in signals {
                if merge.isDisposed { break }
                merge.add(signal)
            }
            merge.sourceCompleted()
            return nil
        }
    }

    /// RAC: `-then:`. Ignores this signal's values; once it completes, subscribes to the signal
    /// `block` returns (called only then) and forwards its events. An error is forwarded and
    /// `block` is never called (RAC X25).
    ///
    /// ```
    /// self:     -a-b-|
    /// block():       c-d|
    /// then:     -----c-d|
    /// ```
    public func then<NewValue>(
        _ block: @escaping () -> Signal<NewValue, Failure>
    ) -> Signal<NewValue, Failure> {
        Signal<NewValue, Failure>(name: SignalDebugNames.name("[\(self.name)] -then:")) { subscriber in
            let source = Subscriber<Value, Failure> { event in
                switch event {
                case .next:
                    break
                case .error(let error):
                    subscriber.sendError(error)
                case .completed:
                    block().subscribe(subscriber)
                }
            }
            subscriber.link(source)
            self.subscribe(source)
            return nil
        }
    }

    /// RAC: `-sample:`. Each time `sampler` sends a value, sends the latest value of this signal
    /// (nothing if it has sent none yet). Completes, or fails, as soon as either signal does.
    ///
    /// ```
    /// self:     -a--b-c----|
    /// sampler:  --x----x-x---|
    /// sample:   --a----c-c-|
    /// ```
    public func sample<Sampler>(_ sampler: Signal<Sampler, Failure>) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -sample: \(sampler)")) { subscriber in
            let latest = Locked<Value?>(nil)
            let source = Subscriber<Value, Failure> { event in
                if case .next(let value) = event {
                    latest.withValue { $0 = value }
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
