import Dispatch
import RACSchedulers

/// An object whose deallocation tests observe through a weak reference.
final class Token: @unchecked Sendable {}

/// A thread-safe append-only log, for exact comparisons of what ran and in what order.
final class Log<Element>: @unchecked Sendable {
    private let lock = PthreadLock()
    private var elements: [Element] = []

    var entries: [Element] { lock.withLock { elements } }
    var count: Int { lock.withLock { elements.count } }

    func append(_ element: Element) {
        lock.withLock { elements.append(element) }
    }
}

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
