import Dispatch
import RACOperators
import RACTestSupport
import Testing

/// `executing` and `enabled` end on the command's real state: a publication sends the state as it
/// is when it runs on the scheduler, so publications that reach the scheduler out of order, run
/// concurrently or nest cannot leave a stale value behind (issue: `Command`'s state can end stale).
@Suite("Command: executing and enabled end on the real state", .checksRelease)
struct CommandStateTests {
    @Test("a publication that reaches the scheduler after a newer change does not undo it")
    func publicationsOutOfOrder() {
        let scheduler = HandRunScheduler()
        let first = Subject<Int, TestError>()
        let command = Command<Int, Int, TestError>(allowsConcurrentExecution: true, scheduler: scheduler) {
            input in input == 1 ? first : .never
        }
        let executing = EventLog.of(command.executing)
        command.execute(1)
        scheduler.runAll()
        #expect(executing.values == [false, true])

        // Execution 1 ends on this thread, off the scheduler. The first thing its end schedules
        // (its delivery; before the fix, the publication of a snapshot) runs the hook inside the
        // scheduling call: execution 2 starts, and what it schedules is queued first.
        scheduler.beforeNextSchedule { command.execute(2) }
        first.sendCompleted()
        scheduler.runAll()
        // Execution 2 still runs.
        #expect(executing.values == [false, true])
    }

    @Test("a change of the enabled input undone before its publication runs leaves enabled as it is")
    func enabledInputOutOfOrder() {
        let scheduler = HandRunScheduler()
        let input = BehaviorSubject<Bool, Never>(value: true)
        let command = Command<Int, Int, TestError>(enabled: input, scheduler: scheduler) { _ in .empty }
        let enabled = EventLog.of(command.enabled)
        scheduler.beforeNextSchedule { input.sendNext(true) }
        input.sendNext(false)
        scheduler.runAll()
        #expect(enabled.values == [true])
        command.execute(1)
        scheduler.runAll()
        #expect(enabled.values == [true, false, true])
    }

    @Test("a refused execute publishes nothing: the work that ends meanwhile leaves the command idle")
    func refusedExecutePublishesNothing() {
        let scheduler = HandRunScheduler()
        let first = Subject<Int, TestError>()
        let command = Command<Int, Int, TestError>(scheduler: scheduler) { input in
            input == 1 ? first : .never
        }
        let executing = EventLog.of(command.executing)
        let enabled = EventLog.of(command.enabled)
        command.execute(1)
        scheduler.runAll()

        // If the refused execute schedules anything, execution 1 ends inside that call, so that the
        // refusal's publication reaches the scheduler last; if it schedules nothing, it ends after.
        scheduler.beforeNextSchedule { first.sendCompleted() }
        let scheduled = scheduler.scheduleCount
        let refused = EventLog.of(command.execute(2))
        #expect(scheduler.scheduleCount == scheduled)
        scheduler.runHookIfPending()
        scheduler.runAll()
        #expect(refused.events == [.error(.notEnabled)])
        #expect(executing.values == [false, true, false])
        #expect(enabled.values == [true, false, true])
    }

    @Test("on Scheduler.immediate, a subscriber of executing executes again: that state is sent after")
    func reentrantExecute() {
        let first = Subject<Int, TestError>()
        let command = Command<Int, Int, TestError>(scheduler: Scheduler.immediate) { input in
            input == 1 ? first : .never
        }
        let executing = EventLog<Bool, Never>()
        let retried = Locked(false)
        executing.record(command.executing) { [weak command] event in
            // Execute again when the first execution has ended.
            guard event == .next(false), executing.count > 1 else { return }
            let firstTime = retried.withValue { done in
                defer { done = true }
                return !done
            }
            if firstTime { command?.execute(2) }
        }
        let enabled = EventLog.of(command.enabled)
        command.execute(1)
        first.sendCompleted()
        // Execution 2 runs: the command is executing and, without concurrent execution, disabled.
        #expect(executing.values == [false, true, false, true])
        #expect(enabled.values == [true, false])
    }

    @Test(
        "stress: 8 threads execute and wait, many rounds; once the scheduler drains, the state is real",
        arguments: [false, true])
    func stressExecuteAndWait(concurrent: Bool) {
        let scheduler = QueueScheduler(name: "command")
        let workQueue = QueueScheduler(name: "work")
        for round in 0..<stressRounds {
            let command = Command<Int, Int, Never>(
                allowsConcurrentExecution: concurrent, scheduler: scheduler
            ) {
                Signal(value: $0).deliver(on: workQueue)
            }
            let executing = EventLog.of(command.executing)
            let enabled = EventLog.of(command.enabled)
            onThreads(8) { index in
                // Refused executions fail at once (.notEnabled); started ones end on the scheduler.
                try? command.execute(index).waitUntilCompleted()
            }
            drain(workQueue)
            drain(scheduler)
            // Idle and enabled, reached by real changes only.
            guard isIdle(executing.values, enabled: enabled.values) else {
                Issue.record("round \(round): executing \(executing.values), enabled \(enabled.values)")
                return
            }
        }
    }

    @Test("stress: 8 threads execute and wait on Scheduler.immediate, many rounds; the state is real")
    func stressImmediate() {
        let workQueue = QueueScheduler(name: "work")
        for round in 0..<stressRounds {
            let command = Command<Int, Int, Never>(
                allowsConcurrentExecution: true, scheduler: Scheduler.immediate
            ) {
                Signal(value: $0).deliver(on: workQueue)
            }
            let executing = EventLog.of(command.executing)
            onThreads(8) { index in
                try? command.execute(index).waitUntilCompleted()
            }
            drain(workQueue)
            guard isIdle(executing.values, enabled: [true]) else {
                Issue.record("round \(round): executing \(executing.values)")
                return
            }
        }
    }
}

/// Rounds of the stress tests: the stale state showed about once in 100 to 1 000 rounds.
private let stressRounds = 1_000

/// Whether `executing` and `enabled` sent only changes (each value differs from the one before
/// it) and ended idle and enabled.
private func isIdle(_ executing: [Bool], enabled: [Bool]) -> Bool {
    func onlyChanges(_ values: [Bool]) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { $0 != $1 }
    }
    return executing.last == false && enabled.last == true && onlyChanges(executing) && onlyChanges(enabled)
}

/// Waits until `scheduler` has run everything scheduled on it so far (a serial scheduler).
private func drain(_ scheduler: Scheduler) {
    let done = DispatchSemaphore(value: 0)
    scheduler.schedule { done.signal() }
    #expect(done.wait(timeout: .now() + 30) == .success)
}
