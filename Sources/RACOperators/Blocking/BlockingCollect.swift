import Dispatch

/// The outcome a blocking operator waits for: values gathered so far and how the signal ended.
private final class BlockingOutcome<Value, Failure: Error>: @unchecked Sendable {
    let lock = PthreadLock()
    var values: [Value] = []
    var failure: Failure?
    let finished = DispatchSemaphore(value: 0)
}

extension Signal {
    /// Subscribes and blocks the calling thread until the signal terminates (or `limit` values have
    /// arrived), returning the values and the failure, if any. The subscription runs on a fresh
    /// trampoline so that a synchronous signal completes even when called inside a subscription.
    private func blockingCollect(limit: Int) -> (values: [Value], failure: Failure?) {
        let outcome = BlockingOutcome<Value, Failure>()
        let subscriber = Subscriber<Value, Failure> { event in
            switch event {
            case .next(let value):
                let reachedLimit = outcome.lock.withLock {
                    outcome.values.append(value)
                    return outcome.values.count >= limit
                }
                if reachedLimit { outcome.finished.signal() }
            case .error(let failure):
                outcome.lock.withLock { outcome.failure = failure }
                outcome.finished.signal()
            case .completed:
                outcome.finished.signal()
            }
        }
        SubscriptionTrampoline.isolated {
            _ = subscribe(subscriber)
        }
        outcome.finished.wait()
        subscriber.dispose()
        return outcome.lock.withLock { (outcome.values, outcome.failure) }
    }

    /// RAC: `-first`. Blocks until the first value and returns it (disposing the subscription),
    /// returns `nil` if the signal completes without a value, or throws its error.
    ///
    /// ```
    /// self:     --a-b-|
    /// first():  a        (the subscription is disposed after a)
    /// self:     ---|     first() == nil
    /// ```
    public func first() throws(Failure) -> Value? {
        let (values, failure) = blockingCollect(limit: 1)
        if let value = values.first { return value }
        if let failure { throw failure }
        return nil
    }

    /// RAC: `-firstOrDefault:`. Like `first()`, but returns `defaultValue` for an empty signal.
    ///
    /// ```
    /// self:                 ---|
    /// first(default: z):    z
    /// ```
    public func first(default defaultValue: Value) throws(Failure) -> Value {
        try first() ?? defaultValue
    }

    /// RAC: `-waitUntilCompleted:`. Blocks until the signal completes, or throws its error.
    ///
    /// ```
    /// self:  -a-b-|      returns after |
    /// self:  -a-#        throws
    /// ```
    public func waitUntilCompleted() throws(Failure) {
        let (_, failure) = blockingCollect(limit: .max)
        if let failure { throw failure }
    }

    /// RAC: `-toArray`. Blocks until the signal completes and returns all its values, or throws
    /// its error.
    ///
    /// ```
    /// self:       -a-b-c-|
    /// toArray():  [a, b, c]
    /// ```
    public func toArray() throws(Failure) -> [Value] {
        let (values, failure) = blockingCollect(limit: .max)
        if let failure { throw failure }
        return values
    }
}
