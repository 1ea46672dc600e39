// MainQueueWatch: lets a blocking operator called on the main thread see that it would wait for
// work queued on the main queue, which cannot run until it returns, and stop loudly instead of
// hanging (issue 17, item 4; Docs/Concepts.md, "Blocking on the main thread").

import Dispatch
import Foundation
import RACCore
import Synchronization

/// Counts the actions of `Scheduler.main` that are due (scheduled with `schedule(_:)`, or with
/// `schedule(after:_:)` once their delay has passed) and have neither run nor been disposed, and
/// wakes a blocking operator that waits on the main thread whenever one becomes due.
///
/// Only the main thread runs those actions. A blocking operator (`toArray()`, `first()`,
/// `waitUntilCompleted()` …) that waits on the main thread while one is due therefore waits for
/// work that cannot start until it returns: if the signal needs that work, the program hangs with
/// no output (a command-line tool on Linux that never drains the main queue, or a `Command` made
/// with its default scheduler). That is a programmer error, reported as such.
package enum MainQueueWatch {
    /// How many actions of `Scheduler.main` are due and still waiting to run.
    private static let due = Atomic<Int>(0)
    /// The semaphore a blocking operator on the main thread waits on, poked when an action becomes
    /// due so that it can look again.
    private static let waiter = Locked<DispatchSemaphore?>(nil)

    /// An action of `Scheduler.main` became due.
    static func actionBecameDue() {
        due.add(1, ordering: .sequentiallyConsistent)
        waiter.current?.signal()
    }

    /// A due action of `Scheduler.main` started running or was disposed.
    static func dueActionLeft() {
        due.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// Blocks until `isFinished()` is true, waiting on `semaphore` (which is signalled when it
    /// becomes true). Off the main thread it only waits. On the main thread it stops the process,
    /// with a message naming `call`, as soon as an action of `Scheduler.main` is due while the
    /// signal has not finished: that action could only run after the wait, so a signal that needs
    /// it would never finish.
    package static func wait(
        on semaphore: DispatchSemaphore, until isFinished: () -> Bool, in call: String
    ) {
        _ = wait(on: semaphore, until: isFinished, deadline: .distantFuture, in: call)
    }

    /// `wait(on:until:in:)` that gives up at `deadline` (the blocking operators with a timeout).
    /// Returns whether `isFinished()` became true; `false` if the deadline passed first.
    package static func wait(
        on semaphore: DispatchSemaphore, until isFinished: () -> Bool, deadline: DispatchTime, in call: String
    ) -> Bool {
        guard Thread.isMainThread else {
            while !isFinished() {
                if semaphore.wait(timeout: deadline) == .timedOut { return isFinished() }
            }
            return true
        }
        let outer = waiter.withValue { slot in
            defer { slot = semaphore }
            return slot
        }
        defer { waiter.withValue { $0 = outer } }
        while !isFinished() {
            let waiting = due.load(ordering: .sequentiallyConsistent)
            if waiting > 0 {
                blockedMainQueue(call, waiting)
            }
            if semaphore.wait(timeout: deadline) == .timedOut { return isFinished() }
        }
        return true
    }

    private static func blockedMainQueue(_ call: String, _ waiting: Int) -> Never {
        racProgrammerError(
            call,
            "called on the main thread while \(waiting) action(s) scheduled on Scheduler.main wait "
                + "to run; only the main thread runs them, so they cannot run until \(call) returns, "
                + "and a signal that needs them never ends (this would hang). Pass another scheduler "
                + "(e.g. Command(scheduler: QueueScheduler()), deliver(on:)), call \(call) off the main "
                + "thread, or subscribe instead of blocking and drain the main queue (dispatchMain())")
    }
}
