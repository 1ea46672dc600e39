// rac-main-queue-probe: programs that need the process's real main thread and main queue, run as
// child processes by the tests. The first argument picks the program.
//
// The programs of issue 17, item 4 (CommandMainThreadTests) run on the main thread, which never
// drains the main queue (no dispatchMain(), no run loop), as a command-line tool does; the blocking
// ones must end with the programmer-error message naming their call, not hang. The
// deliverOnMainThread() programs (DeliverOnMainThread.swift, DeliverOnMainThreadTests) drive the
// main queue instead.

import Foundation
import RACOperators

/// A refresh command made as a new user makes it: with the default scheduler, `Scheduler.main`.
func refreshCommand() -> Command<Void, Int, Never> {
    Command(execute: { _ in Signal(value: 42) })
}

switch CommandLine.arguments.dropFirst().first {
case "command-toArray":
    // Exactly the program of the issue.
    let values = try refreshCommand().execute(()).toArray()
    print("unreachable: \(values)")
case "command-first":
    let value = try refreshCommand().execute(()).first()
    print("unreachable: \(String(describing: value))")
case "command-waitUntilCompleted":
    try refreshCommand().execute(()).waitUntilCompleted()
    print("unreachable")
case "delay-on-main-toArray":
    // The action comes due while the main thread already waits.
    let values = Signal<Int, Never>(value: 1).delay(.milliseconds(20), on: Scheduler.main).toArray()
    print("unreachable: \(values)")
case "background-toArray":
    // Nothing queued on the main queue: blocking the main thread is fine.
    let values = Signal<Int, Never>(value: 7).delay(.milliseconds(20), on: QueueScheduler()).toArray()
    print("values: \(values)")
case "disposed-main-action-toArray":
    // An action of Scheduler.main that was disposed before it ran is no work: not counted.
    Scheduler.main.schedule { print("unreachable: disposed") }?.dispose()
    let values = Signal<Int, Never>(value: 8).delay(.milliseconds(20), on: QueueScheduler()).toArray()
    print("values: \(values)")
case "command-with-scheduler-toArray":
    // The fix a command-line tool applies: another scheduler.
    let command = Command<Void, Int, Never>(scheduler: QueueScheduler(), execute: { _ in Signal(value: 42) })
    let values = try command.execute(()).toArray()
    print("values: \(values)")
case "serial-scheduler-timer-first":
    // A callback running on a serial scheduler blocks for a timer on that same scheduler.
    let clock = QueueScheduler(name: "clock")
    clock.schedule {
        let value = Signal<Int, Never>.timer(after: .milliseconds(10), on: clock).first()
        print("unreachable: \(String(describing: value))")
    }
    DispatchSemaphore(value: 0).wait()
case "serial-scheduler-deliver-toArray":
    // The same mistake with deliver(on:): the values are queued behind the blocked action.
    let clock = QueueScheduler(name: "clock")
    clock.schedule {
        let values = Signal<Int, Never>(value: 5).deliver(on: clock).toArray()
        print("unreachable: \(values)")
    }
    DispatchSemaphore(value: 0).wait()
case "serial-scheduler-other-work-first":
    // Blocking on a serial scheduler for work on another one is fine, and so is an action of
    // the blocked scheduler that is not due yet.
    let clock = QueueScheduler(name: "clock")
    let done = DispatchSemaphore(value: 0)
    clock.schedule {
        let later = clock.schedule(after: .seconds(3600)) { print("unreachable: not due") }
        let value = Signal<Int, Never>(value: 3).delay(.milliseconds(10), on: QueueScheduler()).first()
        later?.dispose()
        print("value: \(String(describing: value))")
        done.signal()
    }
    done.wait()
case "deliverOnMainThread-from-background":
    let arguments = CommandLine.arguments.dropFirst(2)
    deliverFromBackground(driver: arguments.first ?? "", terminal: arguments.dropFirst().first ?? "")
case "deliverOnMainThread-on-main-thread":
    deliverOnMainThread()
case "deliverOnMainThread-on-main-queue":
    deliverOnMainQueue(driver: CommandLine.arguments.dropFirst(2).first ?? "")
default:
    print("usage: rac-main-queue-probe PROGRAM")
    exit(2)
}
