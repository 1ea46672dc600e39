import Dispatch
import RACSchedulers

/// Generous upper bound for asynchronous work; only a failure guard, never a timing assertion.
let failureGuard = DispatchTimeInterval.seconds(10)

extension DispatchSemaphore {
    /// Waits for a signal; `false` if the failure guard ran out first.
    func waitOrFail() -> Bool {
        wait(timeout: .now() + failureGuard) == .success
    }
}

extension QueueScheduler {
    /// Waits until every action scheduled so far (without delay) has run.
    func drain() {
        queue.sync {}
    }
}
