// buffer(every:count:on:): a batch every interval from subscription, empty ones included, with its
// state.

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
    @inlinable
    public func buffer(every interval: Duration, count: Int? = nil, on scheduler: Scheduler) -> Signal<
        [Value], Failure
    > {
        TimeValidation.requirePositive(interval, "buffer(every:count:on:)")
        TimeValidation.requireDeferringScheduler(scheduler, "buffer(every:count:on:)")
        if let count { TimeValidation.requirePositive(count: count, "buffer(every:count:on:)") }
        let limit = count ?? .max
        return Signal<[Value], Failure>(
            name: SignalDebugNames.name("[\(self.name)] -bufferEvery: \(interval)")
        ) {
            subscriber in
            let state = PeriodicBufferState<Value, Failure>(feeding: subscriber)
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

/// One subscription of `buffer(every:count:on:)`: the batch in progress and the period's repeating
/// timer, behind one recursive lock held while sending (the timer sends from the scheduler:
/// Docs/Internals.md, "Building an operator"). The timer holds the state, never the scheduler; the
/// downstream holds the timer's slot and disposes it when it ends.
///
/// ```
/// -a-b-------c-|  (every 4)  →  ----x---y---z|     x = [a, b], y = [], z = [c]
/// ```
@usableFromInline
final class PeriodicBufferState<Value, Failure: Error>: @unchecked Sendable {
    @usableFromInline let lock = PthreadLock(recursive: true)
    @usableFromInline let downstream: Subscriber<[Value], Failure>
    /// The period's timer.
    @usableFromInline let timer = SerialDisposable()
    /// The values of the period in progress. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var batch: [Value] = []
    /// The number of the period in progress: a tick of a timer replaced meanwhile (a full batch
    /// restarted the period while it waited for the lock) does nothing. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var period = 0

    @inlinable
    init(feeding downstream: Subscriber<[Value], Failure>) {
        self.downstream = downstream
    }

    /// Starts a new period and its timer, which ticks every `interval` until replaced.
    @inlinable
    func startPeriod(every interval: Duration, on scheduler: Scheduler) {
        lock.withLock {
            period &+= 1
            let current = period
            timer.inner = scheduler.schedule(after: interval, repeatingEvery: interval) { [self] in
                tick(of: current)
            }
        }
    }

    /// The end of a period: sends its batch, empty or not.
    @usableFromInline
    func tick(of current: Int) {
        lock.withLock {
            guard current == period, !timer.isDisposed else { return }
            let values = batch
            batch = []
            downstream.sendNext(values)
        }
    }

    /// A value: joins the batch; a full batch is sent at once and restarts the period.
    @inlinable
    func receive(_ value: Value, limit: Int, every interval: Duration, on scheduler: Scheduler) {
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
    func receive(error: Failure) {
        lock.withLock {
            batch = []
            timer.dispose()
            downstream.sendError(error)
        }
    }

    /// The completion: sends the batch if it holds a value, then completes.
    @inlinable
    func receiveCompleted() {
        lock.withLock {
            timer.dispose()
            let values = batch
            batch = []
            if !values.isEmpty { downstream.sendNext(values) }
            downstream.sendCompleted()
        }
    }
}
