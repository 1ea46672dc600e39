// The mechanism of the blocking operators: subscribe, then wait for the values and the end.

import Dispatch

/// The outcome a blocking operator waits for: values gathered so far and how the signal ended.
final class BlockingOutcome<Value, Failure: Error>: @unchecked Sendable {
    let lock = PthreadLock()
    var values: [Value] = []
    var failure: Failure?
    let finished = DispatchSemaphore(value: 0)
}

extension Signal {
    /// Subscribes and blocks the calling thread until the signal terminates (or `limit` values have
    /// arrived), returning the values and the failure, if any. The subscription runs on a fresh
    /// trampoline so that a synchronous signal completes even when called inside a subscription.
    func blockingCollect(limit: Int) -> (values: [Value], failure: Failure?) {
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
}
