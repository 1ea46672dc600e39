import RACOperators
import RACTestSupport
import Testing

@Suite("Command (RACCommand)", .checksRelease)
struct CommandTests {
    @Test("executing and enabled: current value first, then transitions in order")
    func stateTransitions() {
        let scheduler = VirtualTimeScheduler()
        let work = Subject<Int, TestError>()
        let command = Command<Int, Int, TestError>(scheduler: scheduler) { _ in work }
        let executing = EventLog<Bool, Never>()
        let enabled = EventLog<Bool, Never>()
        executing.record(command.executing)
        enabled.record(command.enabled)
        #expect(executing.values == [false])
        #expect(enabled.values == [true])

        command.execute(1)
        scheduler.run()
        #expect(executing.values == [false, true])
        #expect(enabled.values == [true, false])
        #expect(work.subscriberCount == 1)

        work.sendCompleted()
        scheduler.run()
        #expect(executing.values == [false, true, false])
        #expect(enabled.values == [true, false, true])
        expectReleased(command, "the command")
        expectReleased(work, "the work subject")
    }

    @Test("execute returns a hot, replayed signal: a late subscriber sees every event")
    func replayedExecution() {
        let scheduler = VirtualTimeScheduler()
        let command = Command<Int, Int, TestError>(scheduler: scheduler) { input in
            Signal(values: [input, input * 10])
        }
        let execution = command.execute(3)
        scheduler.run()
        var events: [Event<Int, CommandError<TestError>>] = []
        let observation = execution.observe { events.append($0) }
        #expect(events == [.next(3), .next(30), .completed])
        expectReleased(observation, "the late subscriber")
        expectReleased(execution, "the execution signal")
        expectReleased(command, "the command")
    }

    @Test("executing while an execution runs is refused unless concurrent execution is allowed")
    func concurrency() {
        let scheduler = VirtualTimeScheduler()
        var starts = 0
        let command = Command<Int, Int, TestError>(scheduler: scheduler) { _ in
            starts += 1
            return .never
        }
        command.execute(1)
        var refusal: [Event<Int, CommandError<TestError>>] = []
        let refused = command.execute(2).observe { refusal.append($0) }
        #expect(refusal == [.error(.notEnabled)])
        scheduler.run()
        #expect(starts == 1)
        expectReleased(refused, "the refused execution's subscriber")

        command.allowsConcurrentExecution = true
        var second: [Event<Int, CommandError<TestError>>] = []
        let concurrent = command.execute(3).observe { second.append($0) }
        scheduler.run()
        #expect(second.isEmpty)
        #expect(starts == 2)
        concurrent.dispose()
        expectReleased(concurrent, "the concurrent execution's subscriber, once disposed")
    }

    @Test("a disabled command starts no work; the enabled input is followed")
    func enabledInput() {
        let scheduler = VirtualTimeScheduler()
        let input = BehaviorSubject<Bool, Never>(value: false)
        var starts = 0
        let command = Command<Int, Int, TestError>(enabled: input, scheduler: scheduler) { _ in
            starts += 1
            return .empty
        }
        let enabled = EventLog<Bool, Never>()
        enabled.record(command.enabled)
        #expect(enabled.values == [false])
        var refusal: [Event<Int, CommandError<TestError>>] = []
        let refused = command.execute(1).observe { refusal.append($0) }
        scheduler.run()
        #expect(refusal == [.error(.notEnabled)])
        #expect(starts == 0)
        expectReleased(refused, "the refused execution's subscriber")

        input.sendNext(true)
        scheduler.run()
        #expect(enabled.values == [false, true])
        command.execute(1)
        scheduler.run()
        #expect(starts == 1)
        #expect(enabled.values == [false, true, false, true])
        expectReleased(command, "the command")
    }

    @Test("errors go to `errors`, not to executionSignals; the command keeps working")
    func errorsSeparated() {
        let scheduler = VirtualTimeScheduler()
        let command = Command<Int, Int, TestError>(scheduler: scheduler) { input in
            input < 0 ? Signal(error: TestError(input)) : Signal(value: input)
        }
        let errors = EventLog<TestError, Never>()
        errors.record(command.errors)
        var inner: [[Event<Int, Never>]] = []
        let executions = command.executionSignals.subscribe(next: { signal in
            var events: [Event<Int, Never>] = []
            signal.observe { events.append($0) }
            inner.append(events)
        })
        var failed: [Event<Int, CommandError<TestError>>] = []
        let failing = command.execute(-1).observe { failed.append($0) }
        scheduler.run()
        command.execute(5)
        scheduler.run()
        #expect(errors.values == [TestError(-1)])
        #expect(failed == [.error(.failed(TestError(-1)))])
        // The execution signals are delivered when each execution starts, before its work runs;
        // subscribing then sees the events as they come, with the error turned into completion.
        #expect(inner.count == 2)
        let executing = EventLog<Bool, Never>()
        executing.record(command.executing)
        #expect(executing.values == [false])
        expectReleased(failing, "the failed execution's subscriber")
        expectReleased(executions, "the executionSignals subscriber")
        expectReleased(command, "the command")
    }

    @Test("executionSignals + switchToLatest-style use: each execution's values are observable")
    func executionSignalValues() {
        let scheduler = VirtualTimeScheduler()
        let command = Command<String, String, Never>(scheduler: scheduler) { name in
            Signal(values: ["hello", name])
        }
        var values: [String] = []
        let executions = command.executionSignals.subscribe(next: { signal in
            signal.subscribe(next: { values.append($0) })
        })
        command.execute("world")
        scheduler.run()
        #expect(values == ["hello", "world"])
        expectReleased(executions, "the executionSignals subscriber")
        expectReleased(command, "the command")
    }

    @Test("work that sends from another thread: its values and end wait for the scheduler and arrive there")
    func executionDeliversOnScheduler() {
        let scheduler = VirtualTimeScheduler()
        let work = Subject<Int, TestError>()
        let command = Command<Int, Int, TestError>(scheduler: scheduler) { _ in work }
        let offScheduler = Log<String>()
        let inner = EventLog<Int, Never>()
        // The scheduler holds the command's last actions, which hold these subscribers: weakly.
        let executions = command.executionSignals.subscribe(next: { [weak scheduler] signal in
            inner.record(signal) { _ in
                if Scheduler.current !== scheduler { offScheduler.append("inner") }
            }
        })
        let execution = EventLog<Int, CommandError<TestError>>()
        execution.record(command.execute(1)) { [weak scheduler] _ in
            if Scheduler.current !== scheduler { offScheduler.append("execute") }
        }
        scheduler.run()
        #expect(work.subscriberCount == 1)

        // The work sends on a thread of its own, which has ended when onThreads returns.
        onThreads(1) { _ in
            work.sendNext(1)
            work.sendNext(2)
            work.sendCompleted()
        }
        #expect(execution.events.isEmpty)
        #expect(inner.events.isEmpty)
        scheduler.run()
        #expect(execution.events == [.next(1), .next(2), .completed])
        #expect(inner.events == [.next(1), .next(2), .completed])
        #expect(offScheduler.all.isEmpty)
        expectReleased(executions, "the executionSignals subscriber")
        expectReleased(command, "the command")
    }

    @Test("a value the work sends on the scheduler waits behind values still queued there")
    func executionKeepsOrder() {
        let scheduler = VirtualTimeScheduler()
        let work = Subject<Int, TestError>()
        let command = Command<Int, Int, TestError>(scheduler: scheduler) { _ in work }
        let execution = EventLog.of(command.execute(1))
        scheduler.run()
        // Runs on the scheduler before the delivery of 1, which the work sent first, from another
        // thread.
        scheduler.schedule { work.sendNext(2) }
        onThreads(1) { _ in work.sendNext(1) }
        scheduler.run()
        #expect(execution.events == [.next(1), .next(2)])
        work.sendCompleted()
        scheduler.run()
        #expect(execution.events == [.next(1), .next(2), .completed])
    }

    @Test("an execution's end, then, one scheduler action later, its error on errors, executing, enabled")
    func endBeforeStateChange() {
        let scheduler = VirtualTimeScheduler()
        let work = Subject<Int, TestError>()
        let command = Command<Int, Int, TestError>(scheduler: scheduler) { _ in work }
        let order = Log<String>()
        let subscriptions = [
            command.execute(1).subscribe(error: { order.append("execute: \($0)") }),
            command.errors.subscribe(next: { order.append("errors: \($0)") }),
            command.executing.subscribe(next: { order.append("executing: \($0)") }),
            command.enabled.subscribe(next: { order.append("enabled: \($0)") }),
        ]
        scheduler.run()
        let started = ["executing: false", "enabled: true", "executing: true", "enabled: false"]
        #expect(order.all == started)
        work.sendError(TestError(5))
        #expect(order.all == started)
        #expect(scheduler.run(atMost: 1) == 1)
        let ended = started + ["execute: The command's execution failed: TestError(5)"]
        #expect(order.all == ended)
        #expect(scheduler.run(atMost: 1) == 1)
        #expect(order.all == ended + ["errors: TestError(5)", "executing: false", "enabled: true"])
        #expect(scheduler.isEmpty)
        for subscription in subscriptions { subscription.dispose() }
    }

    @Test("CommandError.underlying: the execution's own error, nil for a refusal")
    func underlyingError() {
        #expect(CommandError<TestError>.failed(TestError(3)).underlying == TestError(3))
        #expect(CommandError<TestError>.notEnabled.underlying == nil)

        let scheduler = VirtualTimeScheduler()
        let command = Command<Int, Int, TestError>(scheduler: scheduler) { Signal(error: TestError($0)) }
        let failing = EventLog.of(command.execute(4))
        let refused = EventLog.of(command.execute(5))
        scheduler.run()
        #expect(failing.events == [.error(.failed(TestError(4)))])
        #expect(failing.error?.underlying == TestError(4))
        #expect(refused.events == [.error(.notEnabled)])
        #expect(refused.error?.underlying == nil)
        expectReleased(command, "the command")
    }

    @Test("releasing the command completes its state signals and frees the work closure")
    func deallocation() {
        let scheduler = VirtualTimeScheduler()
        weak var weakCommand: Command<Int, Int, Never>?
        var completed = 0
        do {
            let command = Command<Int, Int, Never>(scheduler: scheduler) { Signal(value: $0) }
            weakCommand = command
            command.executing.subscribe(completed: { completed += 1 })
            command.enabled.subscribe(completed: { completed += 1 })
            command.execute(1)
            scheduler.run()
        }
        #expect(weakCommand == nil)
        // Completed on the scheduler, not on the releasing thread.
        #expect(completed == 0)
        scheduler.run()
        #expect(completed == 2)
    }

    @Test(
        "allowsConcurrentExecution as a signal: current value, each assignment, completion when the command goes away"
    )
    func allowsConcurrentExecutionValues() {
        let scheduler = VirtualTimeScheduler()
        let log = EventLog<Bool, Never>()
        var later: EventLog<Bool, Never>?
        do {
            let command = Command<Int, Int, Never>(scheduler: scheduler) { Signal(value: $0) }
            log.record(command.allowsConcurrentExecutionValues)
            command.allowsConcurrentExecution = true
            command.allowsConcurrentExecution = false
            command.allowsConcurrentExecution = true
            let late = EventLog<Bool, Never>()
            late.record(command.allowsConcurrentExecutionValues)
            later = late
            #expect(late.events == [.next(true)])
            let disposedLog = EventLog<Bool, Never>()
            disposedLog.record(command.allowsConcurrentExecutionValues).dispose()
            command.allowsConcurrentExecution = true
            // Disposed: nothing after the current value.
            #expect(disposedLog.events == [.next(true)])
        }
        #expect(log.events == [.next(false), .next(true), .next(false), .next(true), .next(true)])
        scheduler.run()
        #expect(log.events.last == .completed && log.events.count == 6)
        #expect(later?.events == [.next(true), .next(true), .completed])

        let concurrent = Command<Int, Int, Never>(allowsConcurrentExecution: true, scheduler: scheduler) {
            Signal(value: $0)
        }
        #expect(EventLog.of(concurrent.allowsConcurrentExecutionValues).events == [.next(true)])
    }
}
