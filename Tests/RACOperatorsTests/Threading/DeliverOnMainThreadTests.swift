import Foundation
import RACTestSupport
import Testing

/// `deliverOnMainThread()` itself, on the real main queue: the programs of `Tests/MainQueueProbe`
/// (DeliverOnMainThread.swift), run as child processes whose main thread drains the main queue,
/// either with `RunLoop.main.run()` (on the main thread) or with `dispatchMain()` (Linux then
/// drains the main queue on a worker thread). The test process's own main thread belongs to the
/// test runner. `ThreadingTests` checks the mechanism on a virtual-time scheduler.
@Suite("deliverOnMainThread() on the real main queue, in a child process")
struct DeliverOnMainThreadTests {
    @Test(
        "values sent from a background thread arrive on the main queue, in order, then the terminal event",
        arguments: [
            ("run-loop", "main thread"),
            ("dispatch-main", "main queue"),
        ])
    func fromBackground(driver: String, place: String) throws {
        let completed = try runProbe("deliverOnMainThread-from-background", driver, "completed")
        #expect(!completed.exitedAbnormally)
        #expect(
            completed.output.split(separator: "\n") == [
                "next(1) on \(place)", "next(2) on \(place)", "next(3) on \(place)", "next(4) on \(place)",
                "next(5) on \(place)", "completed on \(place)",
            ])

        let failed = try runProbe("deliverOnMainThread-from-background", driver, "error")
        #expect(!failed.exitedAbnormally)
        #expect(
            failed.output.split(separator: "\n") == [
                "next(1) on \(place)", "next(2) on \(place)", "next(3) on \(place)", "next(4) on \(place)",
                "next(5) on \(place)", "error(\(CocoaError.Code.userCancelled.rawValue)) on \(place)",
            ])
    }

    @Test(
        "sent on the main thread: delivered before sendNext returns; behind a queued event, queued in order")
    func onMainThread() throws {
        let run = try runProbe("deliverOnMainThread-on-main-thread")
        #expect(!run.exitedAbnormally)
        let direct = "[next(1) on main thread, next(2) on main thread]"
        #expect(
            run.output.split(separator: "\n") == [
                "after sendNext(1): [next(1) on main thread]",
                "after sendNext(2): \(direct)",
                "after sendNext(3) from a background thread: \(direct)",
                "after sendNext(4): \(direct)",
                "after sendCompleted(): \(direct)",
                "next(1) on main thread", "next(2) on main thread", "next(3) on main thread",
                "next(4) on main thread", "completed on main thread",
            ])
    }

    @Test(
        "sent from a block on the main queue: delivered before sendNext returns, whichever thread drains it",
        arguments: [
            ("run-loop", "main thread"),
            ("dispatch-main", "main queue"),
        ])
    func onMainQueue(driver: String, place: String) throws {
        let run = try runProbe("deliverOnMainThread-on-main-queue", driver)
        #expect(!run.exitedAbnormally)
        #expect(
            run.output.split(separator: "\n") == [
                "sender on \(place)",
                "after sendNext(1): [next(1) on \(place)]",
                "after sendNext(2): [next(1) on \(place), next(2) on \(place)]",
                "next(1) on \(place)", "next(2) on \(place)", "completed on \(place)",
            ])
    }
}
