// buffer(every:count:on:): a batch every interval from subscription, empty ones included, with its
// state, and the code it shares with window(every:count:on:) (WindowEvery.swift).

extension Signal {
    /// RAC: none (RxSwift `buffer(timeSpan:count:scheduler:)`). Sends a batch every `interval`
    /// from subscription, on `scheduler`: the values of that period, or an empty array if none
    /// came, so that a silent source shows. With a `count`, a batch is also sent as soon as it
    /// holds `count` values, and the period restarts from there. Completion sends the batch in
    /// progress if it holds a value, then completes; an error is forwarded and the batch in
    /// progress dropped. `buffer(for:on:)` starts its batches with their first value instead, and
    /// never sends an empty one. `count`, when given, must be positive.
    ///
    /// ```
    /// self:              -a-b-------c-|      (interval = 4 frames)
    /// buffer(every: 4):  ----x---y---z|      x = [a, b], y = [], z = [c]
    /// ```
    ///
    /// - Parameters:
    ///   - interval: the period: a batch is sent every `interval` from subscription (`> 0`).
    ///   - count: how many values make a full batch, sent at once, restarting the period (`> 0`);
    ///     `nil` for no limit.
    ///   - scheduler: where the periods are timed and the batches sent (not an `ImmediateScheduler`).
    /// - Returns: a signal of one batch per period, empty ones included; it completes after sending
    ///   the batch in progress (if not empty), and fails when this signal does (the batch dropped).
    @inlinable
    public func buffer(every interval: Duration, count: Int? = nil, on scheduler: Scheduler) -> Signal<
        [Value], Failure
    > {
        periodicBatches(
            every: interval, count: count, on: scheduler, call: "buffer(every:count:on:)", "-bufferEvery:"
        ) {
            PeriodicBufferState(feeding: $0)
        }
    }

    /// `buffer(every:count:on:)` and `window(every:count:on:)`: checks the arguments (naming `call`
    /// in a failure), names the signal with the debug `selector`, then at each subscription makes
    /// its state, starts its first period and feeds it the source's events.
    @inlinable
    func periodicBatches<Batch>(
        every interval: Duration, count: Int?, on scheduler: Scheduler,
        call: String, _ selector: String,
        _ makeState:
            @escaping @Sendable (Subscriber<Batch, Failure>) -> PeriodicBatching<Value, Failure, Batch>
    ) -> Signal<Batch, Failure> {
        TimeValidation.requirePositive(interval, call)
        TimeValidation.requireDeferringScheduler(scheduler, call)
        if let count { TimeValidation.requirePositive(count: count, call) }
        let limit = count ?? .max
        return Signal<Batch, Failure>(name: SignalDebugNames.name("[\(self.name)] \(selector) \(interval)")) {
            subscriber in
            let state = makeState(subscriber)
            subscriber.add(state.timer)
            state.startPeriod(every: interval, on: scheduler)
            return self.subscribe(linkedTo: subscriber) { event in
                switch event {
                case .next(let value): state.receive(value, limit: limit, every: interval, on: scheduler)
                case .error(let failure): state.receive(error: failure)
                case .completed: state.receiveCompleted()
                }
            }
        }
    }
}

/// One subscription of `buffer(every:count:on:)` (a batch is an array) or `window(every:count:on:)`
/// (a batch is a window signal), as `periodicBatches` drives it: the period's repeating timer and
/// the batch's downstream, behind one recursive lock held while sending (the timer sends from the
/// scheduler: Docs/Internals.md, "Building an operator"). The timer holds the state, never the
/// scheduler; the downstream holds the timer's slot and disposes it when it ends. A subclass holds
/// the batch in progress and handles the events.
///
/// ```
/// -a-b-------c-|  (every 4)  →  ----x---y---z|     x = [a, b], y = [], z = [c]
/// ```
@usableFromInline
class PeriodicBatching<Value, Failure: Error, Batch>: @unchecked Sendable {
    @usableFromInline let lock = PthreadLock(recursive: true)
    @usableFromInline let downstream: Subscriber<Batch, Failure>
    /// The period's timer.
    @usableFromInline let timer = SerialDisposable()
    /// The number of the period in progress: a tick of a timer replaced meanwhile (a full batch
    /// restarted the period while it waited for the lock) does nothing. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var period = 0

    @inlinable
    init(feeding downstream: Subscriber<Batch, Failure>) {
        self.downstream = downstream
    }

    /// Starts a new period and its timer, which ticks every `interval` until replaced; then
    /// `periodStarted()`.
    @inlinable
    final func startPeriod(every interval: Duration, on scheduler: Scheduler) {
        lock.withLock {
            period &+= 1
            let current = period
            timer.inner = scheduler.schedule(after: interval, repeatingEvery: interval) { [self] in
                lock.withLock { if current == period { periodEnded() } }
            }
            periodStarted()
        }
    }

    /// A period has started. Called under `lock`.
    @usableFromInline
    func periodStarted() {}

    /// The timer of the period in progress has ticked. Called under `lock`.
    @usableFromInline
    func periodEnded() {}

    /// A value; the `limit`-th of a batch ends it and restarts the period.
    @usableFromInline
    func receive(_ value: Value, limit: Int, every interval: Duration, on scheduler: Scheduler) {
        preconditionFailure("PeriodicBatching.receive(_:limit:every:on:): a subclass handles the values")
    }

    /// The error that ends the source.
    @usableFromInline
    func receive(error: Failure) {
        preconditionFailure("PeriodicBatching.receive(error:): a subclass handles the error")
    }

    /// The completion of the source.
    @usableFromInline
    func receiveCompleted() {
        preconditionFailure("PeriodicBatching.receiveCompleted(): a subclass handles the completion")
    }
}

/// One subscription of `buffer(every:count:on:)`: the batch in progress, an array (the timer and
/// the lock are `PeriodicBatching`'s).
///
/// ```
/// -a-b-------c-|  (every 4)  →  ----x---y---z|     x = [a, b], y = [], z = [c]
/// ```
@usableFromInline
final class PeriodicBufferState<Value, Failure: Error>: PeriodicBatching<Value, Failure, [Value]>,
    @unchecked Sendable
{
    /// The values of the period in progress. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var batch: [Value] = []

    /// The end of a period: sends its batch, empty or not.
    @usableFromInline
    override func periodEnded() {
        guard !timer.isDisposed else { return }
        let values = batch
        batch = []
        downstream.sendNext(values)
    }

    /// A value: joins the batch; a full batch is sent at once and restarts the period.
    @inlinable
    override func receive(_ value: Value, limit: Int, every interval: Duration, on scheduler: Scheduler) {
        lock.withLock {
            batch.append(value)
            guard batch.count >= limit else { return }
            let values = batch
            batch = []
            startPeriod(every: interval, on: scheduler)
            downstream.sendNext(values)
        }
    }

    /// The error: drops the batch and is forwarded.
    @inlinable
    override func receive(error: Failure) {
        lock.withLock {
            batch = []
            timer.dispose()
            downstream.sendError(error)
        }
    }

    /// The completion: sends the batch if it holds a value, then completes.
    @inlinable
    override func receiveCompleted() {
        lock.withLock {
            timer.dispose()
            let values = batch
            batch = []
            if !values.isEmpty { downstream.sendNext(values) }
            downstream.sendCompleted()
        }
    }
}
