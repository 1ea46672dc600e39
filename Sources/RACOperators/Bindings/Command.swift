// Command: an action with observable state (RAC's RACCommand).

/// An action with observable state: it turns an input into a signal of work, tracks whether
/// work is running, refuses to start while disabled, and reports every error separately.
///
/// RAC: `RACCommand`. What RAC delivered on the main thread is delivered here on the `scheduler`
/// given at creation (the main queue by default), so tests pass a `TestScheduler` and need no
/// run loop. With the default, the work starts only when the main queue runs: on Linux, only while
/// the main thread drains it (`dispatchMain()`). A command-line tool that blocks on the main
/// thread instead (`execute(x).toArray()`) would wait forever, so the blocking operator stops the
/// process with a message naming it (see `toArray()`); such a tool passes
/// `scheduler: QueueScheduler()`. Rules (RAC's):
/// - `execute(_:)` while disabled returns a signal that fails with `.notEnabled` and starts nothing;
/// - otherwise it marks the command executing, then subscribes to the work on `scheduler`, and
///   returns a hot, replayed signal of that execution (late subscribers still see every event);
/// - `executing` and `enabled` send their current value at once, then each change, in order;
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
    private let lock = PthreadLock()
    private let work: (Input) -> Signal<Output, Failure>
    private let scheduler: Scheduler
    private var runningExecutions = 0
    private var enabledInput = true
    private var concurrentExecution: Bool
    private let enabledInputSubscription = SerialDisposable()

    private let executingSubject: BehaviorSubject<Bool, Never>
    private let enabledSubject: BehaviorSubject<Bool, Never>
    private let concurrentExecutionSubject: BehaviorSubject<Bool, Never>
    private let executionSignalsSubject = Subject<Signal<Output, Never>, Never>(name: "executionSignals")
    private let errorsSubject = Subject<Failure, Never>(name: "errors")

    /// Creates a command. RAC: `-initWithEnabled:signalBlock:`.
    /// - Parameters:
    ///   - enabled: while its latest value is `false`, the command is disabled; `nil` means always
    ///     enabled (apart from the executing rule).
    ///   - allowsConcurrentExecution: whether an execution may start while another runs.
    ///   - scheduler: where the work is subscribed and the state signals deliver (RAC: the main
    ///     thread). The default, `Scheduler.main`, needs a main thread that drains the main queue;
    ///     a command-line tool without one passes another scheduler.
    ///   - execute: makes the signal of work for one input; called once per execution.
    public init(
        enabled: Signal<Bool, Never>? = nil,
        allowsConcurrentExecution: Bool = false,
        scheduler: Scheduler = Scheduler.main,
        execute: @escaping (Input) -> Signal<Output, Failure>
    ) {
        self.work = execute
        self.scheduler = scheduler
        self.concurrentExecution = allowsConcurrentExecution
        executingSubject = BehaviorSubject(value: false, name: "executing")
        enabledSubject = BehaviorSubject(value: true, name: "enabled")
        concurrentExecutionSubject = BehaviorSubject(
            value: allowsConcurrentExecution, name: "allowsConcurrentExecution")
        if let enabled {
            // The first value(s) sent during subscription apply at once (RAC: the first `enabled`
            // value is synchronous); later ones are published on the scheduler.
            let subscribing = Locked(true)
            enabledInputSubscription.inner = enabled.subscribe(next: { [weak self] value in
                guard let self else { return }
                self.update { $0.enabledInput = value }
                if subscribing.current {
                    self.enabledSubject.sendNext(self.lock.withLock { self.isEnabledLocked })
                }
            })
            subscribing.withValue { $0 = false }
        }
    }

    deinit {
        enabledInputSubscription.dispose()
        // On the scheduler, where the state signals deliver, after any change still queued there.
        scheduler.schedule {
            [
                executingSubject, enabledSubject, executionSignalsSubject, errorsSubject,
                concurrentExecutionSubject
            ] in
            executingSubject.sendCompleted()
            enabledSubject.sendCompleted()
            executionSignalsSubject.sendCompleted()
            errorsSubject.sendCompleted()
            concurrentExecutionSubject.sendCompleted()
        }
    }

    /// Whether an execution may start while another is running. RAC: `allowsConcurrentExecution`
    /// (default `false`). Changing it re-evaluates `enabled`, and is sent on
    /// `allowsConcurrentExecutionValues`.
    public var allowsConcurrentExecution: Bool {
        get { lock.withLock { concurrentExecution } }
        set {
            update { $0.concurrentExecution = newValue }
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
    /// the scheduler. RAC: `executing`.
    ///
    /// ```
    /// execute ... done:   f-t----f
    /// ```
    public var executing: Signal<Bool, Never> { executingSubject }

    /// Whether `execute(_:)` would start work now: the current value at once, then every change,
    /// delivered on the scheduler. RAC: `enabled`.
    ///
    /// ```
    /// enabled input:  t----f----t
    /// enabled:        t----f----t
    /// ```
    public var enabled: Signal<Bool, Never> { enabledSubject }

    /// Each execution's signal, with its error removed, sent on the scheduler when the execution
    /// starts. Only executions that start after subscribing are seen. RAC: `executionSignals`.
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
    /// its events. When disabled, returns a signal that fails with `.notEnabled` and the work is
    /// not started.
    ///
    /// ```
    /// enabled:     execute(x)  ->  the work's events, replayed:   -a-b-|
    /// disabled:    execute(x)  ->  #  (.notEnabled)
    /// ```
    @discardableResult
    public func execute(_ input: Input) -> Signal<Output, CommandError<Failure>> {
        let started = update { state -> Bool in
            guard state.isEnabledLocked else { return false }
            state.runningExecutions += 1
            return true
        }
        guard started else {
            return Signal(error: .notEnabled)
        }
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
        scheduler.schedule { [weak self] in
            execution.subscribe(
                Subscriber { event in
                    switch event {
                    case .next(let value):
                        replay.sendNext(value)
                    case .error(let failure):
                        self?.finishExecution(failing: failure)
                        replay.sendError(.failed(failure))
                    case .completed:
                        self?.finishExecution(failing: nil)
                        replay.sendCompleted()
                    }
                })
        }
        return replay
    }

    private func finishExecution(failing failure: Failure?) {
        update { $0.runningExecutions -= 1 }
        if let failure {
            scheduler.schedule { [errorsSubject] in errorsSubject.sendNext(failure) }
        }
    }

    private var isEnabledLocked: Bool {
        enabledInput && (concurrentExecution || runningExecutions == 0)
    }

    /// Changes the state under the lock, then publishes the resulting `executing` and `enabled`
    /// values on the scheduler (each subject sends only real changes, in order).
    @discardableResult
    private func update<Result>(_ change: (Command) -> Result) -> Result {
        let (result, executingNow, enabledNow) = lock.withLock {
            let result = change(self)
            return (result, runningExecutions > 0, isEnabledLocked)
        }
        scheduler.schedule { [executingSubject, enabledSubject] in
            if executingSubject.value != executingNow { executingSubject.sendNext(executingNow) }
            if enabledSubject.value != enabledNow { enabledSubject.sendNext(enabledNow) }
        }
        return result
    }
}
