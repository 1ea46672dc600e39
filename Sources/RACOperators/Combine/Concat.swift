// concat(_:) and Signal.concat: subscribe to signals one after another.

extension Signal {
    /// RAC: `-concat:`. Forwards this signal's values, then, once it completes, subscribes to
    /// `other` and forwards its events. An error ends the result and `other` is never subscribed.
    ///
    /// ```
    /// self:    -a-b|
    /// other:       c-d|
    /// concat:  -a-bc-d|
    /// ```
    ///
    /// - Parameter other: The signal subscribed once this signal completes (never if it fails).
    /// - Returns: A signal that forwards this signal's values, then `other`'s events; it fails with
    ///   this signal's error (and `other` is not subscribed), and completes when `other` does.
    ///
    /// ```swift
    /// let cached = Signal<String, Never>(values: ["cached headline"])
    /// let fresh = Signal<String, Never>(values: ["fresh headline 1", "fresh headline 2"])
    /// let headlines = cached.concat(fresh)   // fresh is subscribed once cached completes
    /// print(headlines.toArray())   // ["cached headline", "fresh headline 1", "fresh headline 2"]
    /// ```
    @inlinable
    public func concat(_ other: Signal<Value, Failure>) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -concat: \(other)")) { subscriber in
            let sourceSubscriber = Subscriber<Value, Failure> { event in
                if case .completed = event {
                    other.subscribe(subscriber)
                } else {
                    subscriber.send(event)
                }
            }
            subscriber.link(sourceSubscriber)
            self.subscribe(sourceSubscriber)
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
    ///
    /// - Parameter signals: The signals to subscribe to one after another, in order.
    /// - Returns: A signal that forwards each signal's values in turn and completes after the last one
    ///   (at once if there is none); it fails with the first error, and the signals after it are not
    ///   subscribed.
    @inlinable
    public static func concat(_ signals: some Sequence<Signal<Value, Failure>>) -> Signal<Value, Failure> {
        let signals = ContiguousArray(signals)
        return Signal(name: SignalDebugNames.name("+concat: \(signals)")) { subscriber in
            guard let first = signals.first else {
                subscriber.sendCompleted()
                return nil
            }
            // The next signal's index is the number started so far.
            let loop = SerialSubscription<Value, Failure>(downstream: subscriber) { event, started in
                guard case .completed = event, started < signals.count else { return nil }
                return signals[started]
            }
            subscriber.link(state: loop)
            loop.start(first)
            return nil
        }
    }
}
