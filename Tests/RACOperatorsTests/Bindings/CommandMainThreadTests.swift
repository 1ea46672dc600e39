import Foundation
import RACTestSupport
import Testing

/// The programs of `Tests/MainQueueProbe`, run as child processes: a blocking operator called on
/// the main thread, which never drains the main queue, for work queued there (a `Command` with its
/// default scheduler, `delay(_:on: .main)`), or inside an action of a serial `QueueScheduler` for
/// work queued on that scheduler, ends the program with the programmer-error message naming the
/// call and the scheduler instead of hanging; without such work it just runs.
@Suite("Blocking on a serial scheduler's thread for work queued on it stops loudly, in a child process")
struct CommandMainThreadTests {
    @Test(
        "Command(execute:) with the default scheduler, then a blocking operator on the main thread",
        arguments: [
            ("command-toArray", "toArray()"),
            ("command-first", "first()"),
            ("command-waitUntilCompleted", "waitUntilCompleted()"),
        ])
    func commandOnMainQueueStopsLoudly(program: String, call: String) throws {
        let run = try runProbe(program)
        #expect(run.exitedAbnormally)
        #expect(run.output.isEmpty)
        #expect(run.errorOutput.contains("ReactiveCocoa: \(call): called on the main thread while"))
        #expect(run.errorOutput.contains("scheduled on Scheduler.main wait to run"))
    }

    @Test("an action that comes due on the main queue while the main thread waits stops it too")
    func delayOnMainStopsLoudly() throws {
        let run = try runProbe("delay-on-main-toArray")
        #expect(run.exitedAbnormally)
        #expect(run.output.isEmpty)
        #expect(run.errorOutput.contains("ReactiveCocoa: toArray(): called on the main thread while"))
        #expect(run.errorOutput.contains("scheduled on Scheduler.main wait to run"))
    }

    @Test("blocking the main thread with nothing queued on the main queue runs normally")
    func backgroundWorkRuns() throws {
        let run = try runProbe("background-toArray")
        #expect(!run.exitedAbnormally)
        #expect(run.output == "values: [7]\n")
    }

    @Test("an action of Scheduler.main disposed before it ran does not count as queued work")
    func disposedMainActionIsNotWork() throws {
        let run = try runProbe("disposed-main-action-toArray")
        #expect(!run.exitedAbnormally)
        #expect(run.output == "values: [8]\n")
    }

    @Test(
        "a callback on a serial QueueScheduler that blocks for an action of that scheduler stops, naming both",
        arguments: [
            ("serial-scheduler-timer-first", "first()"),
            ("serial-scheduler-deliver-toArray", "toArray()"),
        ])
    func serialSchedulerStopsLoudly(program: String, call: String) throws {
        let run = try runProbe(program)
        #expect(run.exitedAbnormally)
        #expect(run.output.isEmpty)
        #expect(
            run.errorOutput.contains(
                "ReactiveCocoa: \(call): called on a thread running an action of the QueueScheduler \"clock\" while"
            ))
        #expect(run.errorOutput.contains("scheduled on the QueueScheduler \"clock\" wait to run"))
    }

    @Test(
        "blocking on a serial QueueScheduler for work elsewhere, with its own action not yet due, runs normally"
    )
    func serialSchedulerOtherWorkRuns() throws {
        let run = try runProbe("serial-scheduler-other-work-first")
        #expect(!run.exitedAbnormally)
        #expect(run.output == "value: Optional(3)\n")
    }

    @Test("a Command given another scheduler works from a command-line tool's main thread")
    func commandWithSchedulerRuns() throws {
        let run = try runProbe("command-with-scheduler-toArray")
        #expect(!run.exitedAbnormally)
        #expect(run.output == "values: [42]\n")
    }
}
