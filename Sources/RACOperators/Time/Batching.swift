// The code shared by the batching time operators, buffer(for:on:), buffer(for:count:on:),
// buffer(every:count:on:) and their window forms: the timing of the batches (a batch that starts
// with its first value and ends an interval later, or a period every interval from subscription;
// either also ends with its count-th value), and the lock and terminal events. What a batch is
// (an array, a window signal) is in Buffer.swift (`BufferBatching`) and WindowTime.swift
// (`WindowBatching`).

extension Signal {
    /// The batching time operators: checks the arguments (naming `call` in a failure; no
    /// `count`: by time only), names the signal with the debug `selector`, then at each
    /// subscription makes its `State`, starts it (a `periodic` one starts its first period) and
    /// feeds it the source's events.
    ///
    /// ```
    /// self:                                -a-b------c--|       (interval = 4 frames)
    /// batches(4, …, BufferBatching.self):  -----x-------(y|)    x = [a, b], y = [c]
    /// ```
    @inlinable
    func batches<Batch, State: Batching<Value, Failure, Batch>>(
        _ interval: Duration, count: Int?, periodic: Bool, on scheduler: Scheduler, call: String,
        _ selector: String,
        _ state: State.Type
    ) -> Signal<Batch, Failure> {
        TimeValidation.requireBatching(interval, count: count, on: scheduler, call)
        let timing = BatchTiming(
            interval: interval, limit: count ?? .max, isPeriodic: periodic, scheduler: scheduler)
        let name = SignalDebugNames.name(
            "[\(self.name)] \(selector) \(interval)" + (count.map { " count: \($0)" } ?? ""))
        return Signal<Batch, Failure>(name: name) { subscriber in
            let state = State(feeding: subscriber, timing)
            subscriber.add(state.timer)
            state.start()
            return self.subscribe(linkedTo: subscriber) { event in
                switch event {
                case .next(let value): state.receive(value)
                case .error(let failure): state.receive(error: failure)
                case .completed: state.receiveCompleted()
                }
            }
        }
    }
}

/// How a batching time operator times its batches: `interval` after a batch's first value, or
/// (`isPeriodic`) every `interval` from subscription, on `scheduler`; a batch also ends with its
/// `limit`-th value.
@usableFromInline
struct BatchTiming: Sendable {
    @usableFromInline let interval: Duration
    @usableFromInline let limit: Int
    @usableFromInline let isPeriodic: Bool
    @usableFromInline let scheduler: Scheduler

    @inlinable
    init(interval: Duration, limit: Int, isPeriodic: Bool, scheduler: Scheduler) {
        self.interval = interval
        self.limit = limit
        self.isPeriodic = isPeriodic
        self.scheduler = scheduler
    }
}

/// One subscription of a batching time operator, as `batches` drives it: the timer of the batch
/// (or period) in progress and the batches' downstream, behind one recursive lock held while
/// sending (the timer sends from the scheduler: Docs/Internals.md, "Building an operator"). The
/// timer holds the state, never the scheduler; the downstream holds the timer's slot and disposes
/// it when it ends. A subclass holds the batch in progress (`BufferBatching`, `WindowBatching`)
/// and handles the values.
///
/// ```
/// -a-b------c--|  (for 4)    →  -----x-------(y|)     x = [a, b], y = [c]
/// -a-b-------c-|  (every 4)  →  ----x---y---z|        x = [a, b], y = [], z = [c]
/// ```
@usableFromInline
class Batching<Value, Failure: Error, Batch>: @unchecked Sendable {
    @usableFromInline let lock = PthreadLock(recursive: true)
    @usableFromInline let downstream: Subscriber<Batch, Failure>
    @usableFromInline let timing: BatchTiming
    /// The timer of the batch (or period) in progress.
    @usableFromInline let timer = SerialDisposable()
    /// The number of the batch (or period) in progress: a timer replaced or cancelled meanwhile (a
    /// batch filled up while its timer waited for the lock) does nothing. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var number = 0

    @inlinable
    required init(feeding downstream: Subscriber<Batch, Failure>, _ timing: BatchTiming) {
        self.downstream = downstream
        self.timing = timing
    }

    /// The subscription has started: a periodic state starts its first period.
    @inlinable
    final func start() {
        guard timing.isPeriodic else { return }
        lock.withLock { startBatch() }
    }

    /// Starts the timer of a new batch (or period), replacing the previous one: `interval` later
    /// (and, periodic, every `interval` after) it calls `timeUp()`, unless replaced or cancelled
    /// by then. Called under `lock`.
    @inlinable
    final func restartTimer() {
        number &+= 1
        let current = number
        let fire: () -> Void = { [self] in
            lock.withLock { if current == number { timeUp() } }
        }
        timer.inner =
            timing.isPeriodic
            ? timing.scheduler.schedule(after: timing.interval, repeatingEvery: timing.interval, fire)
            : timing.scheduler.schedule(after: timing.interval, fire)
    }

    /// Cancels the timer of the batch in progress (it ended by count, or its time is up): one that
    /// fired meanwhile (waiting for the lock) does nothing. Called under `lock`.
    @inlinable
    final func cancelTimer() {
        number &+= 1
        timer.inner?.dispose()
    }

    /// A batch (or period) starts: its timer starts. Called under `lock`.
    @usableFromInline
    func startBatch() {
        restartTimer()
    }

    /// The timer of the batch (or period) in progress is up. Called under `lock`.
    @usableFromInline
    func timeUp() {
        preconditionFailure("Batching.timeUp(): a subclass ends its batch")
    }

    /// A value; the `limit`-th of a batch ends it.
    @usableFromInline
    func receive(_ value: Value) {
        preconditionFailure("Batching.receive(_:): a subclass handles the values")
    }

    /// The source has ended, with `error` or (`nil`) completed: the batch in progress ends too.
    /// Called under `lock`, the timer stopped, before the result ends.
    @usableFromInline
    func end(failing error: Failure?) {
        preconditionFailure("Batching.end(failing:): a subclass ends its batch")
    }

    /// The error: ends the batch in progress (`end(failing:)`), then, outside `lock`, the result.
    /// A timer that fires meanwhile finds its batch ended and sends nothing.
    @inlinable
    final func receive(error: Failure) {
        lock.withLock {
            timer.dispose()
            end(failing: error)
        }
        downstream.sendError(error)
    }

    /// The completion: ends the batch in progress (`end(failing:)`), then, outside `lock`, the
    /// result.
    @inlinable
    final func receiveCompleted() {
        lock.withLock {
            timer.dispose()
            end(failing: nil)
        }
        downstream.sendCompleted()
    }
}
