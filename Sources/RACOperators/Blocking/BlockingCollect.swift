// The mechanism of the blocking operators: subscribe, then wait for the values and the end.

import Dispatch

/// The outcome a blocking operator waits for: values gathered so far and how the signal ended.
final class BlockingOutcome<Value, Failure: Error>: @unchecked Sendable {
    let lock = PthreadLock()
    var values: [Value] = []
    var failure: Failure?
    /// Set (under `lock`) before `finished` is signalled.
    var isFinished = false
    let finished = DispatchSemaphore(value: 0)

    /// Marks the wait as over and wakes the waiting thread.
    func finish() {
        lock.withLock { isFinished = true }
        finished.signal()
    }

    /// Whether the wait is over.
    var hasFinished: Bool { lock.withLock { isFinished } }

    /// Subscribes to `signal` on a fresh trampoline (so that a synchronous signal completes even
    /// when called inside a subscription) with a subscriber that gathers values until `limit`
    /// of them have arrived or the signal ends; returns that subscriber, to dispose after the wait.
    func start(_ signal: Signal<Value, Failure>, limit: Int) -> Subscriber<Value, Failure> {
        let subscriber = Subscriber<Value, Failure> { [self] event in
            switch event {
            case .next(let value):
                let reachedLimit = lock.withLock {
                    values.append(value)
                    return values.count >= limit
                }
                if reachedLimit { finish() }
            case .error(let error):
                lock.withLock { failure = error }
                finish()
            case .completed:
                finish()
            }
        }
        SubscriptionTrampoline.isolated {
            _ = signal.subscribe(subscriber)
        }
        return subscriber
    }
}

extension Signal {
    /// Subscribes and blocks the calling thread until the signal terminates (or `limit` values have
    /// arrived), returning the values and the failure, if any. The subscription runs on a fresh
    /// trampoline so that a synchronous signal completes even when called inside a subscription.
    ///
    /// On the main thread, waiting while an action of `Scheduler.main` is due stops the process
    /// with a message naming `call`: that action cannot run before the wait ends, so a signal that
    /// needs it would hang (`BlockingWaitWatch`).
    func blockingCollect(limit: Int, call: String) -> (values: [Value], failure: Failure?) {
        let outcome = BlockingOutcome<Value, Failure>()
        let subscriber = outcome.start(self, limit: limit)
        BlockingWaitWatch.wait(on: outcome.finished, until: { outcome.hasFinished }, in: call)
        subscriber.dispose()
        return outcome.lock.withLock { (outcome.values, outcome.failure) }
    }
}
