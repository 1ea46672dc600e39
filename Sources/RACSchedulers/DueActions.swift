// DueActions: how many actions of one serial scheduler are due and have not run yet.

import Dispatch
import Synchronization

/// Counts the actions of one serial `QueueScheduler` that are due (scheduled with `schedule(_:)`,
/// or with `schedule(after:_:)` once their delay has passed) and have neither run nor been
/// disposed, and wakes a blocking operator waiting on that scheduler's thread whenever one becomes
/// due (`BlockingWaitWatch`).
///
/// ```
/// schedule(a)            due: 1      a runs (or is disposed)   due: 0
/// ```
package final class DueActions: Sendable {
    /// How many actions are due and still waiting to run.
    private let due = Atomic<Int>(0)
    /// How many blocking operators wait on this scheduler's thread (then a new due action pokes
    /// `waiter`); zero almost always, so counting an action takes no lock.
    private let waiting = Atomic<Int>(0)
    /// The semaphore the innermost blocking operator waits on.
    private let waiter = Mutex<DispatchSemaphore?>(nil)

    package init() {}

    /// The number of due actions now.
    var count: Int { due.load(ordering: .sequentiallyConsistent) }

    /// An action became due.
    func actionBecameDue() {
        due.add(1, ordering: .sequentiallyConsistent)
        if waiting.load(ordering: .sequentiallyConsistent) > 0 {
            waiter.withLock { _ = $0?.signal() }
        }
    }

    /// A due action started running or was disposed.
    func dueActionLeft() {
        due.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// Runs `body` with `semaphore` as the one a new due action signals (calls nest: the outer
    /// semaphore is restored afterwards).
    func waking<Result>(_ semaphore: DispatchSemaphore, _ body: () -> Result) -> Result {
        let outer = waiter.withLock { slot in
            defer { slot = semaphore }
            return slot
        }
        waiting.add(1, ordering: .sequentiallyConsistent)
        defer {
            waiting.subtract(1, ordering: .sequentiallyConsistent)
            waiter.withLock { $0 = outer }
        }
        return body()
    }
}
