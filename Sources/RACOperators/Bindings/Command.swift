// Command: an action with observable state (RAC's RACCommand).

/// An action with observable state: it turns an input into a signal of work, tracks whether
/// work is running, refuses to start while disabled, and reports every error separately.
///
/// RAC: `RACCommand`. Every signal of a command delivers on the `scheduler` given at creation (the
/// main queue by default): `executing`, `enabled`, `errors`, `executionSignals`, and the values
/// and end of each execution, both on the signal `execute(_:)` returns and inside
/// `executionSignals`, even when the work sends them from another thread. Tests pass a
/// `TestScheduler` and need no run loop. With the default, the work starts only when the main
/// queue runs: on Linux, only while the main thread drains it (`dispatchMain()`). A command-line
/// tool that blocks on the main thread instead (`execute(x).toArray()`) would wait forever, so the
/// blocking operator stops the process with a message naming it (see `toArray()`); such a tool
/// passes `scheduler: QueueScheduler()`.
///
/// Departure from RAC: `RACCommand.m -execute:` subscribes the work on the main thread scheduler
/// but passes its values on from whatever thread the work sends them, so an execution's values
/// came off the main thread whenever the work ran elsewhere (an `async` service, a background
/// queue). Here they are moved onto `scheduler` as well, in the order the work sent them: one
/// rule for every signal of a command, so that with `Scheduler.main`, binding a command's results
/// to main-actor state (`session <~ command.executionSignals.switchToLatest()`) is safe under
/// Swift 6's isolation checking.
///
/// Rules (RAC's, apart from the delivery above):
/// - `execute(_:)` while disabled returns a signal that fails with `.notEnabled`, starts nothing
///   and changes nothing;
/// - otherwise it marks the command executing, then subscribes to the work on `scheduler`, and
///   returns a hot, replayed signal of that execution (late subscribers still see every event);
/// - `executing` and `enabled` send their current value at once, then each change, in order. A
///   change is published by an action on the scheduler that sends the command's state as it is
///   when the action runs, so once the scheduler has run, they show the real state (a change
///   undone before its publication ran is not seen);
/// - when an execution's end is delivered on the scheduler, the execution stops counting as
///   running (a subscriber of the end may execute again at once), an action is queued that sends
///   its error on `errors` and then publishes `executing` and `enabled`, and the execution's
///   signal ends (and its inner signal of `executionSignals`). So the end arrives first and the
///   state changes one action later, as in RAC, whose `executing` came through `deliverOn:`:
///   what a subscriber queued on the scheduler for the last values (`deliver(on:)`) runs before
///   it, and a thread woken by the end (`waitUntilCompleted()`) finds it already queued;
/// - `executionSignals` sends each execution's signal with its error removed; `errors` sends every
///   execution error and never terminates.
///
/// ```
/// execute(1):         work:  --a-b-|
/// executing:          f-t---------f
/// enabled:            t-f---------t      (allowsConcurrentExecution == false)
/// executionSignals:   --[--a-b-|]
/// ```
public final class Command<Input, Output, Failure: Error>: @unchecked Sendable {
    private let state: CommandState
    private let work: (Input) -> Signal<Output, Failure>
    /// Where `work` was formed, when that was an actor-isolated context: `execute(_:)` checks it.
    private let workSite: IsolatedCallSite?
    private let scheduler: Scheduler
    private let enabledInputSubscription = SerialDisposable()

    private let concurrentExecutionSubject: BehaviorSubject<Bool, Never>
    private let executionSignalsSubject = Subject<Signal<Output, Never>, Never>(name: "executionSignals")
    private let errorsSubject = Subject<Failure, Never>(name: "errors")

    /// `executing` as a read-only property: `isExecuting.value` is the value `executing` sent
    /// last, readable at any time without subscribing, and `isExecuting.signal` is `executing`.
    /// It follows `executing`, so it changes on the scheduler, as `executing` does; when the
    /// command goes away it keeps its last value and its signal completes. RAC: `executing`
    /// (ReactiveSwift `Action.isExecuting`).
    ///
    /// ```
    /// execute ... done:      f-t----f
    /// isExecuting.value:     f t    f
    /// ```
    public let isExecuting: Property<Bool>

    /// `enabled` as a read-only property: `isEnabled.value` is the value `enabled` sent last,
    /// readable at any time without subscribing. It follows `enabled`, on the scheduler; when the
    /// command goes away it keeps its last value and its signal completes. RAC: `enabled`
    /// (ReactiveSwift `Action.isEnabled`).
    ///
    /// ```
    /// enabled:            t----f----t
    /// isEnabled.value:    t    f    t
    /// ```
    public let isEnabled: Property<Bool>

    /// Creates a command. RAC: `-initWithEnabled:signalBlock:`.
    /// - Parameters:
    ///   - enabled: while its latest value is `false`, the command is disabled; `nil` means always
    ///     enabled (apart from the executing rule).
    ///   - allowsConcurrentExecution: whether an execution may start while another runs.
    ///   - scheduler: where the work is subscribed and every signal of the command delivers,
    ///     executions' values included (RAC: the main thread, for all but those values). The
    ///     default, `Scheduler.main`, needs a main thread that drains the main queue; a
    ///     command-line tool without one passes another scheduler.
    ///   - execute: makes the signal of work for one input; called once per execution, by
    ///     `execute(_:)` on its caller's thread. Formed in an actor-isolated context (a
    ///     `@MainActor` view model), it belongs to that actor: `execute(_:)` called off it stops
    ///     the process with a message naming the command's creation, the actor and the thread.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    public init(
        enabled: Signal<Bool, Never>? = nil,
        allowsConcurrentExecution: Bool = false,
        scheduler: Scheduler = Scheduler.main,
        execute: @escaping (Input) -> Signal<Output, Failure>,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) {
        self.work = execute
        self.workSite = IsolatedCallSite(
            isolation, call: "Command.init(enabled:allowsConcurrentExecution:scheduler:execute:)", file: file,
            line: line, signalName: "")
        self.scheduler = scheduler
        state = CommandState(concurrentExecution: allowsConcurrentExecution)
        concurrentExecutionSubject = BehaviorSubject(
            value: allowsConcurrentExecution, name: "allowsConcurrentExecution")
        // Each follows its subject, which sends its current value at once; neither holds `self`.
        isExecuting = Property(initial: false, then: state.executing)
        isEnabled = Property(initial: true, then: state.enabled)
        if let enabled {
            // The first value(s) sent during subscription apply at once (RAC: the first `enabled`
            // value is synchronous); later ones are published on the scheduler.
            let subscribing = Locked(true)
            let state = self.state
            enabledInputSubscription.inner = enabled.subscribe(next: { value in
                state.change { $0.enabledInput = value }
                if subscribing.current {
                    state.publish()
                } else {
                    scheduler.schedule { state.publish() }
                }
            })
            subscribing.withValue { $0 = false }
        }
    }

    deinit {
        enabledInputSubscription.dispose()
        // On the scheduler, where the state signals deliver, after any change still queued there.
        scheduler.schedule { [state, executionSignalsSubject, errorsSubject, concurrentExecutionSubject] in
            state.executing.sendCompleted()
            state.enabled.sendCompleted()
            executionSignalsSubject.sendCompleted()
            errorsSubject.sendCompleted()
            concurrentExecutionSubject.sendCompleted()
        }
    }

    /// Whether an execution may start while another is running. RAC: `allowsConcurrentExecution`
    /// (default `false`). Changing it re-evaluates `enabled`, and is sent on
    /// `allowsConcurrentExecutionValues`.
    public var allowsConcurrentExecution: Bool {
        get { state.change { $0.concurrentExecution } }
        set {
            state.change { $0.concurrentExecution = newValue }
            schedulePublication()
            concurrentExecutionSubject.sendNext(newValue)
        }
    }

    /// `allowsConcurrentExecution` as a signal: its value at once, then every assignment, sent on
    /// the assigning thread (as RAC's KVO observation of the property did); completes, on the
    /// scheduler, when the command goes away. RAC: `RACObserve(command, allowsConcurrentExecution)`.
    ///
    /// ```
    /// assignments:                      ---t----f-
    /// allowsConcurrentExecutionValues:  f--t----f-   (| when the command goes away)
    /// ```
    public var allowsConcurrentExecutionValues: Signal<Bool, Never> { concurrentExecutionSubject }

    /// `true` while any execution runs: the current value at once, then every change, delivered on
    /// the scheduler. An execution runs from `execute(_:)` until its end has been delivered on the
    /// scheduler. RAC: `executing`.
    ///
    /// ```
    /// execute ... done:   f-t----f
    /// ```
    public var executing: Signal<Bool, Never> { state.executing }

    /// Whether `execute(_:)` would start work now: the current value at once, then every change,
    /// delivered on the scheduler. RAC: `enabled`.
    ///
    /// ```
    /// enabled input:  t----f----t
    /// enabled:        t----f----t
    /// ```
    public var enabled: Signal<Bool, Never> { state.enabled }

    /// Each execution's signal, with its error removed, sent on the scheduler when the execution
    /// starts. Only executions that start after subscribing are seen. RAC: `executionSignals`.
    ///
    /// The values and the end of each inner signal are delivered on the scheduler too, whatever
    /// thread the work sends them on (RAC passed them on from the work's thread; see `Command`).
    /// A subscriber that subscribes to an inner signal on the scheduler, as `switchToLatest()` or
    /// `flatten()` does on receiving it, sees all its events there.
    ///
    /// ```
    /// execute(1), execute(2):   --[-a|]--[-b|]
    /// switchToLatest():         ---a------b
    /// ```
    public var executionSignals: Signal<Signal<Output, Never>, Never> { executionSignalsSubject }

    /// Every error of every execution, as values, on the scheduler; never terminates while the
    /// command lives. RAC: `errors`.
    ///
    /// ```
    /// execution 1: --#(e1)      execution 2: ---#(e2)
    /// errors:      --e1---e2
    /// ```
    public var errors: Signal<Failure, Never> { errorsSubject }

    /// Starts the work for `input`, unless the command is disabled. RAC: `-execute:`.
    ///
    /// Returns a hot, replayed signal of this execution: every subscriber, however late, sees all
    /// its events. The work's values and end are delivered on the scheduler, in the order the work
    /// sent them, also when it sends them from another thread (RAC delivered them on the work's
    /// thread; see `Command`); a subscriber that arrives after some were delivered receives those
    /// at once, while subscribing. When the execution ends, its end is delivered first; `errors`,
    /// `executing` and `enabled` follow in the next action on the scheduler. When disabled,
    /// returns a signal that fails with `.notEnabled`; the work is not started and nothing is
    /// published.
    ///
    /// ```
    /// enabled:     execute(x)  ->  the work's events, replayed, on the scheduler:   -a-b-|
    /// disabled:    execute(x)  ->  #  (.notEnabled)
    /// ```
    ///
    /// - Parameter input: the value the command's work is started with.
    /// - Returns: this execution's events, replayed to every subscriber and delivered on the
    ///   scheduler: the work's values, then its completion or its error (as
    ///   `CommandError.failed`); or at once `.notEnabled` when the command is disabled.
    @discardableResult
    public func execute(_ input: Input) -> Signal<Output, CommandError<Failure>> {
        let started = state.change { state -> Bool in
            guard state.isEnabled else { return false }
            state.runningExecutions += 1
            return true
        }
        guard started else {
            return Signal(error: .notEnabled)
        }
        workSite?.check("execute")
        schedulePublication()
        let execution = work(input)
        let replay = ReplaySubject<Output, CommandError<Failure>>(name: "execution")
        let withoutErrors = Signal<Output, Never>(name: "execution") { subscriber in
            replay.subscribe(
                Subscriber { event in
                    switch event {
                    case .next(let value): subscriber.sendNext(value)
                    case .error, .completed: subscriber.sendCompleted()
                    }
                })
        }
        scheduler.schedule { [executionSignalsSubject] in
            executionSignalsSubject.sendNext(withoutErrors)
        }
        scheduler.schedule { [scheduler, state, errorsSubject] in
            // The work's events are moved onto the scheduler: an event sent on it (it is
            // `Scheduler.current`) while none is waiting is delivered at once; any other is queued
            // on it, behind those still waiting.
            let onScheduler = execution.deliver(
                on: scheduler, immediatelyWhen: { Scheduler.current === scheduler })
            // At the end, the execution no longer runs; the state is published in the next
            // action, queued before the end is sent, so that it is on the scheduler by the time a
            // thread waiting for the end resumes.
            onScheduler.subscribe(
                Subscriber { event in
                    switch event {
                    case .next(let value):
                        replay.sendNext(value)
                    case .error(let failure):
                        state.change { $0.runningExecutions -= 1 }
                        scheduler.schedule {
                            errorsSubject.sendNext(failure)
                            state.publish()
                        }
                        replay.sendError(.failed(failure))
                    case .completed:
                        state.change { $0.runningExecutions -= 1 }
                        scheduler.schedule { state.publish() }
                        replay.sendCompleted()
                    }
                })
        }
        return replay
    }

    /// Publishes the state on the scheduler, as it is when the action runs.
    private func schedulePublication() {
        scheduler.schedule { [state] in state.publish() }
    }
}

/// A command's state, which decides `executing` and `enabled`, and its publication on those two
/// signals. The command's scheduled actions hold it rather than the command, so that what is
/// queued when the command goes away is still published before the signals complete.
///
/// A publication reads the state when it runs and sends only what changed, reading it again after
/// each send until the signals show it: however publications reach the scheduler (out of order
/// from several threads, at once on a scheduler that is not serial, nested in a subscriber that
/// executes), the last one to run leaves the real state.
private final class CommandState: @unchecked Sendable {
    /// The mutable state, guarded by `lock`.
    struct Fields {
        var runningExecutions = 0
        var enabledInput = true
        var concurrentExecution: Bool

        var isEnabled: Bool {
            enabledInput && (concurrentExecution || runningExecutions == 0)
        }
    }

    let executing = BehaviorSubject<Bool, Never>(value: false, name: "executing")
    let enabled = BehaviorSubject<Bool, Never>(value: true, name: "enabled")

    private let lock = PthreadLock()
    private var fields: Fields
    /// Held while publishing: one publication at a time even on a scheduler that runs actions
    /// concurrently (`Scheduler.immediate` called from two threads). Recursive, so that a
    /// subscriber that changes the state, on a scheduler that publishes at once, gets back here.
    private let publishing = PthreadLock(recursive: true)
    /// Guarded by `publishing`: the values last sent (a completed subject keeps its last value),
    /// and whether this thread is inside `publish()` further up its stack.
    private var publishedExecuting = false
    private var publishedEnabled = true
    private var isPublishing = false

    init(concurrentExecution: Bool) {
        fields = Fields(concurrentExecution: concurrentExecution)
    }

    /// Reads or changes the state under the lock.
    func change<Result>(_ body: (inout Fields) -> Result) -> Result {
        lock.withLock { body(&fields) }
    }

    /// Sends the current state on `executing`, then `enabled`, where it differs from what they
    /// show. Called again from a subscriber of theirs (a reentrant change), it returns at once:
    /// the loop further up the stack reads the state again after its send, so no subscriber sees
    /// values nested out of order.
    func publish() {
        publishing.lock()
        defer { publishing.unlock() }
        guard !isPublishing else { return }
        isPublishing = true
        defer { isPublishing = false }
        while true {
            let (executingNow, enabledNow) = change { ($0.runningExecutions > 0, $0.isEnabled) }
            if executingNow != publishedExecuting {
                publishedExecuting = executingNow
                executing.sendNext(executingNow)
            } else if enabledNow != publishedEnabled {
                publishedEnabled = enabledNow
                enabled.sendNext(enabledNow)
            } else {
                return
            }
        }
    }
}
