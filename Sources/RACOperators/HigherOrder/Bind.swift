// bind: subscribes to the signal a binding closure returns for each value and merges them.
//
// Higher-order operators: signals of signals, and operators that subscribe to new signals as
// events arrive. Every one of them disposes the source and every inner subscription when the
// result is disposed, and an error from any of them disposes everything, then is forwarded.
// Each holds its upstream signal in its creation closure, which `Signal.deinit` releases through
// the `TeardownTrampoline`, so that releasing a chain of a million of them does not nest a million
// `deinit`s.
// The downstream subscriber links (`Subscriber.link(_:)`) the operator's state or source
// subscriber rather than holding it: their handlers hold the downstream, so the subscription is
// held from its sources down only.

extension Signal {
    /// RAC: `-bind:`. Calls `block` once per subscription to get a binding closure, which turns each
    /// source value into a signal to subscribe to at once; their values are merged as they arrive.
    ///
    /// Returning `nil`, or setting `stop` to `true`, disposes the source subscription and counts it
    /// as completed; signals already returned keep running. The result completes when the source
    /// and every inner signal have completed. An error from the source or any inner signal disposes
    /// everything, then is forwarded. (Each rule as in ReactiveObjC's `RACSignal.m -bind:`.)
    ///
    /// ```
    /// self:              -1----2----3-|
    /// block(1):           a-b|
    /// block(2):                c--d|
    /// block(3):  nil (stop)
    /// bind:              -a-b--c--d-|      (3 stops the source: it completes then)
    /// ```
    ///
    /// - Parameter block: called once per subscription; returns the binding closure, which maps a
    ///   value to a signal to merge (or `nil` to stop) and may set its `inout Bool` to stop.
    /// - Returns: a signal of the merged values of the inner signals; it completes when the source
    ///   (or the stop) and every inner signal have completed, and fails with the first error.
    @inlinable
    public func bind<NewValue>(
        _ block: @escaping () -> (Value, inout Bool) -> Signal<NewValue, Failure>?
    ) -> Signal<NewValue, Failure> {
        return Signal<NewValue, Failure>(name: SignalDebugNames.name("[\(self.name)] -bind:")) {
            subscriber in
            let binding = block()
            let merge = MergeSubscription<NewValue, Failure>(downstream: subscriber)
            subscriber.link(state: merge)
            let sourceSubscriber = Subscriber<Value, Failure> { event in
                merge.receiveSource(event) { value in
                    var stop = false
                    let signal = binding(value, &stop)
                    if let signal {
                        merge.add(signal)
                    }
                    if signal == nil || stop {
                        merge.stopSource()
                    }
                }
            }
            merge.subscribe(self, by: sourceSubscriber)
            return nil
        }
    }
}
