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
    ///
    /// - Parameter transform: Called with each value; returns the signal whose values are sent for it,
    ///   subscribed at once.
    /// - Returns: A signal that merges the values of every signal `transform` returns; it completes
    ///   when this signal and all of those have completed, and fails with the first error of any of
    ///   them (disposing the others).
    ///
    /// ```swift
    /// let folders = Subject<String, Never>()
    /// func files(in folder: String) -> Signal<String, Never> {   // a directory listing, say
    ///     Signal(values: ["\(folder)/a.txt", "\(folder)/b.txt"])
    /// }
    /// let allFiles = folders.flattenMap(files(in:))
    /// let subscription = allFiles.subscribe(next: { print($0) })
    /// folders.sendNext("docs")   // prints docs/a.txt, docs/b.txt
    /// folders.sendNext("logs")   // prints logs/a.txt, logs/b.txt
    /// subscription.dispose()
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
