// BlockingWaitWatch: lets a blocking operator see that it would wait for work queued on the serial
// scheduler whose thread it blocks, which cannot run until it returns, and stop loudly instead of
// hanging (Docs/Concepts.md, "Blocking on the main thread, or on a serial scheduler's thread").

import Dispatch
import Foundation
import RACCore

/// Stops a blocking operator (`toArray()`, `first()`, `waitUntilCompleted()` …) that waits on
/// the thread of a serial scheduler while an action of that scheduler is due.
///
/// Only that thread runs those actions, one at a time: the main thread for `Scheduler.main`, and,
/// for a `QueueScheduler` of one's own, the thread running its current action. A blocking
/// operator that waits there while one is due waits for work that cannot start until it returns:
/// if the signal needs that work, the program hangs with no output (a command-line tool on Linux
/// that never drains the main queue, a `Command` made with its default scheduler, or a callback on
/// `clock` that waits for `Signal.timer(after:on: clock)`). That is a programmer error, reported
/// as such, naming the call and the scheduler.
///
/// ```
/// on clock's thread:  Signal.timer(after: 10 ms, on: clock).first()
///                     -> the timer's action comes due on clock: stop, naming first() and clock
/// ```
package enum BlockingWaitWatch {
    /// The due actions of `Scheduler.main`.
    static let mainQueue = DueActions()

    /// Blocks until `isFinished()` is true, waiting on `semaphore` (which is signalled when it
    /// becomes true). On a thread that no serial scheduler needs it only waits. On the main
    /// thread, or inside an action of a `QueueScheduler`, it stops the process, with a message
    /// naming `call` and the scheduler, as soon as an action of that scheduler is due while the
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
        guard let (scheduler, dueActions) = blockedScheduler() else {
            while !isFinished() {
                if semaphore.wait(timeout: deadline) == .timedOut { return isFinished() }
            }
            return true
        }
        return dueActions.waking(semaphore) {
            while !isFinished() {
                let waiting = dueActions.count
                if waiting > 0 {
                    blocked(scheduler, call, waiting)
                }
                if semaphore.wait(timeout: deadline) == .timedOut { return isFinished() }
            }
            return true
        }
    }

    /// The serial scheduler that only this thread can run now, if any: `Scheduler.main` on the
    /// main thread, or the `QueueScheduler` whose action is running on this thread.
    private static func blockedScheduler() -> (name: String, dueActions: DueActions)? {
        if Thread.isMainThread {
            return ("Scheduler.main", mainQueue)
        }
        if let queueScheduler = Scheduler.current as? QueueScheduler {
            return ("the QueueScheduler \"\(queueScheduler.name)\"", queueScheduler.dueActions)
        }
        return nil
    }

    private static func blocked(_ scheduler: String, _ call: String, _ waiting: Int) -> Never {
        let thread =
            scheduler == "Scheduler.main" ? "the main thread" : "a thread running an action of \(scheduler)"
        racProgrammerError(
            call,
            "called on \(thread) while \(waiting) action(s) scheduled on \(scheduler) wait to run; "
                + "only this thread runs them, one at a time, so they cannot run until \(call) returns, "
                + "and a signal that needs them never ends (this would hang). Pass another scheduler "
                + "(e.g. Command(scheduler: QueueScheduler()), deliver(on:)), call \(call) elsewhere, "
                + "or subscribe instead of blocking"
                + (scheduler == "Scheduler.main" ? " and drain the main queue (dispatchMain())" : ""))
    }
}
