// flattenMap: maps each value to a signal and merges their values.

extension Signal {
    /// RAC: `-flattenMap:`. Maps each value to a signal, subscribes to it at once and merges the
    /// values of all of them; completes when the source and every inner signal have completed. RAC's
    /// `nil` result (treated as `empty` by `RACStream.m -flattenMap:`) is `.empty` here.
    ///
    /// ```
    /// self:              -1-----2---|
    /// transform(1):       a--b|
    /// transform(2):             c--d|
    /// flattenMap:        -a--b--c--d|
    /// ```
    @inlinable
    public func flattenMap<NewValue>(
        _ transform: @escaping (Value) -> Signal<NewValue, Failure>
    ) -> Signal<NewValue, Failure> {
        return Signal<NewValue, Failure>(name: SignalDebugNames.name("[\(self.name)] -flattenMap:")) {
            subscriber in
            let merge = MergeSubscription<NewValue, Failure>(downstream: subscriber)
            subscriber.link(state: merge)
            let sourceSubscriber = Subscriber<Value, Failure> { event in
                merge.receiveSource(event) { merge.add(transform($0)) }
            }
            merge.subscribe(self, by: sourceSubscriber)
            return nil
        }
    }
}
