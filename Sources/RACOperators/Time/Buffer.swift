// RAC's `-bufferWithTime:onScheduler:`: values sent in batches, an interval after each batch's first;
// and buffer(for:count:on:), which also sends a batch as soon as it is full.

extension Signal {
    /// RAC: `-bufferWithTime:onScheduler:`. Collects values; `interval` after the first value of a
    /// batch, sends the batch as one array. Completion sends the pending batch, then completes; an
    /// error is forwarded and the pending batch dropped. Empty batches are never sent: for a batch
    /// every interval, even an empty one, use `buffer(every:count:on:)`.
    ///
    /// ```
    /// self:            -a-b------c--|      (interval = 4 frames)
    /// buffer(for: 4):  -----x-------(y|)   x = [a, b], y = [c]
    /// ```
    ///
    /// - Parameters:
    ///   - interval: how long after its first value a batch is sent (`> 0`).
    ///   - scheduler: where the batches are timed and sent (not an `ImmediateScheduler`).
    /// - Returns: a signal of the non-empty batches, as arrays; it completes after sending the pending
    ///   batch, and fails when this signal does (the pending batch dropped).
    @inlinable
    public func buffer(for interval: Duration, on scheduler: Scheduler) -> Signal<[Value], Failure> {
        TimeValidation.requirePositive(interval, "buffer(for:on:)")
        TimeValidation.requireDeferringScheduler(scheduler, "buffer(for:on:)")
        return batches(
            for: interval, count: .max, on: scheduler,
            named: SignalDebugNames.name("[\(self.name)] -bufferWithTime: \(interval)"))
    }

    /// RAC: none (RxSwift `buffer(timeSpan:count:scheduler:)`, but a batch starts with its first
    /// value). `buffer(for:on:)`, but a batch is also sent as soon as it holds `count` values,
    /// whichever comes first: the time (`interval` after the batch's first value) or the count;
    /// the next value starts the next batch and its own interval. Completion sends the pending
    /// batch, then completes; an error is forwarded and the pending batch dropped. Empty batches
    /// are never sent (`buffer(every:count:on:)` sends them). `count` must be positive.
    ///
    /// ```
    /// self:                      -a-b-c----d-|        (interval = 4 frames)
    /// buffer(for: 4, count: 2):  ---x-----y--(z|)     x = [a, b], y = [c], z = [d]
    /// ```
    ///
    /// - Parameters:
    ///   - interval: how long after its first value a batch is sent, if not full before (`> 0`).
    ///   - count: how many values make a full batch, sent at once (`> 0`).
    ///   - scheduler: where the batches are timed and sent (not an `ImmediateScheduler`).
    /// - Returns: a signal of the non-empty batches, as arrays; it completes after sending the pending
    ///   batch, and fails when this signal does (the pending batch dropped).
    @inlinable
    public func buffer(for interval: Duration, count: Int, on scheduler: Scheduler) -> Signal<
        [Value], Failure
    > {
        TimeValidation.requirePositive(interval, "buffer(for:count:on:)")
        TimeValidation.requireDeferringScheduler(scheduler, "buffer(for:count:on:)")
        TimeValidation.requirePositive(count: count, "buffer(for:count:on:)")
        return batches(
            for: interval, count: count, on: scheduler,
            named: SignalDebugNames.name("[\(self.name)] -bufferWithTime: \(interval) count: \(count)"))
    }

    /// `buffer(for:on:)` and `buffer(for:count:on:)`: batches that start with their first value and
    /// end `interval` later or with their `count`-th value. Their events leave the upstream's
    /// delivery, so they are sent under a recursive lock of their own.
    @inlinable
    func batches(
        for interval: Duration, count: Int, on scheduler: Scheduler, named name: String
    ) -> Signal<[Value], Failure> {
        Signal<[Value], Failure>(name: name) { subscriber in
            let lock = PthreadLock(recursive: true)
            let batch = GuardedVar<[Value]>([])
            // The number of the current batch: a timer that fired as its batch filled up (waiting
            // for the lock) must not send the next batch.
            let batchNumber = GuardedVar(0)
            let timer = SerialDisposable()
            subscriber.add(timer)

            func flush(batch number: Int? = nil) {
                lock.withLock {
                    if let number, number != batchNumber.value { return }
                    batchNumber.value &+= 1
                    timer.inner?.dispose()
                    guard !batch.value.isEmpty else { return }
                    let values = batch.value
                    batch.value = []
                    subscriber.sendNext(values)
                }
            }

            return self.subscribe(linkedTo: subscriber) { event in
                switch event {
                case .next(let value):
                    lock.withLock {
                        if batch.value.isEmpty {
                            let number = batchNumber.value
                            timer.inner = scheduler.schedule(after: interval) { flush(batch: number) }
                        }
                        batch.value.append(value)
                        if batch.value.count >= count { flush() }
                    }
                case .error(let failure):
                    lock.withLock {
                        batch.value = []
                        timer.dispose()
                    }
                    subscriber.sendError(failure)
                case .completed:
                    flush()
                    subscriber.sendCompleted()
                }
            }
        }
    }
}
