// The deliverOnMainThread() programs, run by DeliverOnMainThreadTests as child processes. Unlike
// the blocking programs of main.swift, these drive the main queue: with `RunLoop.main.run()`, which
// drains it on the main thread, or with `dispatchMain()`, after which Linux drains it on a worker
// thread. Each prints what its subscriber received, and where, at the points the test checks, then
// exits.

import Dispatch
import Foundation
import RACOperators

/// Where the caller runs: on the main thread, on the main queue drained by another thread, or
/// elsewhere.
func whereRunning() -> String {
    if Thread.isMainThread { return "main thread" }
    return DispatchQueue.getSpecific(key: mainQueueKey) == true ? "main queue" : "other thread"
}

/// Marks the main queue, so that `whereRunning()` can tell it from other queues.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Makes the main thread drain the main queue for good: `run-loop` or `dispatch-main`.
func driveMainQueue(_ driver: String) -> Never {
    _ = mainQueueKey
    switch driver {
    case "run-loop":
        while true { RunLoop.main.run() }
    case "dispatch-main":
        dispatchMain()
    default:
        print("unknown driver \(driver)")
        exit(2)
    }
}

/// Subscribes to `subject.deliverOnMainThread()` and returns the list of what it receives, each
/// event with where it was delivered; the program prints the list, one event a line, and exits when
/// the terminal event is delivered.
func logDeliveries(of subject: Subject<Int, CocoaError>) -> Locked<[String]> {
    _ = mainQueueKey
    let lines = Locked<[String]>([])
    subject.deliverOnMainThread().observe { event in
        let description =
            switch event {
            case .next(let value): "next(\(value))"
            case .error(let error): "error(\(error.code.rawValue))"
            case .completed: "completed"
            }
        lines.withValue { $0.append("\(description) on \(whereRunning())") }
        if event.isTerminal {
            print(lines.current.joined(separator: "\n"))
            exit(0)
        }
    }
    return lines
}

/// What the programs keep reachable once the main thread has called `dispatchMain()`: that call
/// ends the main thread, whose stack held the only reference to a program's subject, and
/// LeakSanitizer (CI's address-sanitizer pass) would report the subject and its subscriptions
/// as leaked when the process exits.
let keptUntilExit = Locked<[AnyObject]>([])

/// The events delivered so far, on one line, for a checkpoint.
func summary(_ lines: Locked<[String]>) -> String {
    "[" + lines.current.joined(separator: ", ") + "]"
}

/// Runs `body` on a new thread and waits for it to return.
func onBackgroundThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    done.wait()
}

/// `deliverOnMainThread-from-background DRIVER completed|error`: a background thread sends five
/// values, then the terminal event, while the main thread drains the main queue.
func deliverFromBackground(driver: String, terminal: String) -> Never {
    let subject = Subject<Int, CocoaError>()
    keptUntilExit.withValue { $0.append(subject) }
    _ = logDeliveries(of: subject)
    Thread {
        for value in 1...5 { subject.sendNext(value) }
        if terminal == "error" {
            subject.sendError(CocoaError(.userCancelled))
        } else {
            subject.sendCompleted()
        }
    }.start()
    driveMainQueue(driver)
}

/// `deliverOnMainThread-on-main-thread`: values sent on the main thread are delivered before
/// `sendNext` returns; once a background thread has queued one, later ones queue behind it, and
/// arrive in order once the main thread drains the main queue.
func deliverOnMainThread() -> Never {
    let subject = Subject<Int, CocoaError>()
    keptUntilExit.withValue { $0.append(subject) }
    let log = logDeliveries(of: subject)
    subject.sendNext(1)
    print("after sendNext(1): \(summary(log))")
    subject.sendNext(2)
    print("after sendNext(2): \(summary(log))")
    onBackgroundThread { subject.sendNext(3) }
    print("after sendNext(3) from a background thread: \(summary(log))")
    subject.sendNext(4)
    print("after sendNext(4): \(summary(log))")
    subject.sendCompleted()
    print("after sendCompleted(): \(summary(log))")
    driveMainQueue("run-loop")
}

/// `deliverOnMainThread-on-main-queue DRIVER`: values sent from a block running on the main queue
/// are delivered before `sendNext` returns, whichever thread drains the queue.
func deliverOnMainQueue(driver: String) -> Never {
    let subject = Subject<Int, CocoaError>()
    keptUntilExit.withValue { $0.append(subject) }
    let log = logDeliveries(of: subject)
    DispatchQueue.main.async {
        print("sender on \(whereRunning())")
        subject.sendNext(1)
        print("after sendNext(1): \(summary(log))")
        subject.sendNext(2)
        print("after sendNext(2): \(summary(log))")
        subject.sendCompleted()
        print("sendCompleted() returned before the completion was delivered")
    }
    driveMainQueue(driver)
}
