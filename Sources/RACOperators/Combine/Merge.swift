// merge(_:) and Signal.merge: forward the values of several signals as they arrive.

extension Signal {
    /// RAC: `-merge:`. Forwards the values of both signals as they arrive; completes when both
    /// have; an error from either disposes both and is forwarded.
    ///
    /// ```
    /// self:   -a---c-|
    /// other:  --b-d---|
    /// merge:  -ab-dc--|
    /// ```
    ///
    /// - Parameter other: The signal subscribed together with this one.
    /// - Returns: A signal that forwards the values of both as they arrive; it completes when both
    ///   have completed, and fails with the first error of either (disposing the other).
    ///
    /// ```swift
    /// let mouseClicks = Subject<String, Never>()
    /// let keyPresses = Subject<String, Never>()
    /// let input = mouseClicks.merge(keyPresses)
    /// let subscription = input.subscribe(next: { print($0) })
    /// mouseClicks.sendNext("click at (10, 20)")   // prints click at (10, 20)
    /// keyPresses.sendNext("key Return")           // prints key Return
    /// subscription.dispose()
    /// ```
    @inlinable
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
    ///
    /// - Parameter signals: The signals to subscribe to, all at once, in order.
    /// - Returns: A signal that forwards the values of all of them as they arrive; it completes when
    ///   all have completed (at once if there is none), and fails with the first error of any
    ///   (disposing the others).
    @inlinable
    public static func merge(_ signals: some Sequence<Signal<Value, Failure>>) -> Signal<Value, Failure> {
        let signals = ContiguousArray(signals)
        return merge(signals, name: "+merge: \(signals)")
    }

    @inlinable
    static func merge(
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
}
