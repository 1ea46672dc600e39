extension Signal {
    /// A signal that sends `value` then completes, to each subscriber. RAC: `+return:`.
    ///
    /// ```
    /// Signal(value: a):  (a|)
    /// ```
    ///
    /// Disfavored: a trailing closure, `Signal { … }`, is the async operation of RACOperators'
    /// `Signal(_:)`, or a compile error, never the value of a signal of closures.
    ///
    /// - Parameter value: the one value each subscriber receives.
    @inlinable @_disfavoredOverload
    public convenience init(value: Value) {
        self.init(name: SignalDebugNames.name("+return: \(value)")) { subscriber in
            subscriber.sendNext(value)
            subscriber.sendCompleted()
            return nil
        }
    }

    /// A signal that fails with `error` at once, to each subscriber. RAC: `+error:`.
    ///
    /// ```
    /// Signal(error: e):  #
    /// ```
    ///
    /// - Parameter error: the error each subscriber receives.
    @inlinable
    public convenience init(error: Failure) {
        self.init(name: SignalDebugNames.name("+error: \(error)")) { subscriber in
            subscriber.sendError(error)
            return nil
        }
    }

    /// A signal of what `body` returns, or of the error it throws. RAC: `+try:`.
    ///
    /// As RAC's `+try:`, `body` runs once, at once (synchronously, inside this call); every
    /// subscriber then receives the same outcome: the value then completion, or the error. For
    /// work that runs again for each subscriber, wrap this in `Signal.defer { … }`. Typed throws
    /// replace RAC's `NSError **`: a `Signal<V, any Error>` accepts any `try`.
    ///
    /// A static function rather than an initialiser: `Signal { … }` with a trailing closure is
    /// the async bridge (the operation runs for each subscription), and an initialiser taking a
    /// synchronous closure would capture the trailing closures that do not `await`.
    ///
    /// ```
    /// Signal.try { a }:          (a|)
    /// Signal.try { throw e }:    #       (# = e)
    /// ```
    ///
    /// - Parameter body: runs once, at once; its result is the value, its thrown error the error.
    /// - Returns: a signal that sends `body`'s result then completes, or fails with its error, the
    ///   same for every subscriber.
    public static func `try`(_ body: () throws(Failure) -> Value) -> Signal<Value, Failure> {
        let outcome: Result<Value, Failure>
        do throws(Failure) {
            outcome = .success(try body())
        } catch {
            outcome = .failure(error)
        }
        return Signal(name: SignalDebugNames.name("+try:")) { subscriber in
            switch outcome {
            case .success(let value):
                subscriber.sendNext(value)
                subscriber.sendCompleted()
            case .failure(let error):
                subscriber.sendError(error)
            }
            return nil
        }
    }

    /// A signal that sends the elements of `values` in order, then completes. RAC: `-signal` on
    /// a sequence.
    ///
    /// ```
    /// Signal(values: [a, b, c]):  (abc|)
    /// ```
    ///
    /// - Parameter values: the elements each subscriber receives, iterated anew per subscription.
    @inlinable
    public convenience init<Values: Sequence>(values: Values) where Values.Element == Value {
        self.init(name: SignalDebugNames.name("+values")) { subscriber in
            for value in values {
                if subscriber.isDisposed { return nil }
                subscriber.sendNext(value)
            }
            subscriber.sendCompleted()
            return nil
        }
    }

    /// A signal that completes at once without values. RAC: `+empty`.
    ///
    /// ```
    /// empty:  |
    /// ```
    @inlinable
    public static var empty: Signal<Value, Failure> {
        Signal(name: "+empty") { subscriber in
            subscriber.sendCompleted()
            return nil
        }
    }

    /// A signal that never sends anything. RAC: `+never`.
    ///
    /// ```
    /// never:  ------
    /// ```
    public static var never: Signal<Value, Failure> {
        Signal(name: "+never") { _ in nil }
    }

    /// A signal that calls `factory` on each subscription and subscribes to what it returns.
    /// RAC: `+defer:`.
    ///
    /// ```
    /// defer { Signal(value: counter += 1) }:  first subscriber (1|), second (2|)
    /// ```
    ///
    /// - Parameter factory: makes the signal to subscribe to, once per subscription.
    /// - Returns: a signal of the events of the signal `factory` returns; it completes and fails when
    ///   that signal does.
    public static func `defer`(_ factory: @escaping () -> Signal<Value, Failure>) -> Signal<Value, Failure> {
        Signal(name: "+defer:") { subscriber in
            factory().subscribe(subscriber)
        }
    }
}
