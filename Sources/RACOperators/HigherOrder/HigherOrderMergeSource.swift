// The source of signals of a `MergeSubscription`, as `flatten`, `flattenMap` and `bind` subscribe
// it: each of its values makes inner signals (its own way for each operator), its error fails the
// merge, and its completion waits for the inner signals.

extension MergeSubscription {
    /// Handles an event of the source: a value by `next` (called at once: it adds no closure call
    /// once inlined), an error by `fail(_:)`, the completion by `sourceCompleted()`.
    @inlinable @inline(__always)
    func receiveSource<SourceValue>(_ event: Event<SourceValue, Failure>, next: (SourceValue) -> Void) {
        switch event {
        case .next(let value):
            next(value)
        case .error(let error):
            fail(error)
        case .completed:
            sourceCompleted()
        }
    }

    /// Registers `sourceSubscriber` (`setSource(_:)`) and subscribes it to `signal`, unless
    /// everything is disposed already.
    @inlinable
    func subscribe<SourceValue>(
        _ signal: Signal<SourceValue, Failure>, by sourceSubscriber: Subscriber<SourceValue, Failure>
    ) {
        if setSource(sourceSubscriber) {
            signal.subscribe(sourceSubscriber)
        }
    }
}
