// RAC's `-bufferWithTime:onScheduler:`: values sent in batches, an interval after each batch's first.

extension Signal {
    /// RAC: `-bufferWithTime:onScheduler:`. Collects values; `interval` after the first value of a
    /// batch, sends the batch as one array. Completion sends the pending batch, then completes; an
    /// error is forwarded and the pending batch dropped. Empty batches are never sent.
    ///
    /// ```
    /// self:            -a-b------c--|      (interval = 4 frames)
    /// buffer(for: 4):  -----x-------(y|)   x = [a, b], y = [c]
    /// ```
    @inlinable
    public func buffer(for interval: Duration, on scheduler: Scheduler) -> Signal<[Value], Failure> {
        TimeValidation.requirePositive(interval, "buffer(for:on:)")
        TimeValidation.requireDeferringScheduler(scheduler, "buffer(for:on:)")
        return Signal<[Value], Failure>(
            name: SignalDebugNames.name("[\(self.name)] -bufferWithTime: \(interval)")
        ) { subscriber in
            let lock = PthreadLock(recursive: true)
            let batch = GuardedVar<[Value]>([])
            let timer = SerialDisposable()
            subscriber.add(timer)

            func flush() {
                lock.withLock {
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
                            timer.inner = scheduler.schedule(after: interval) { flush() }
                        }
                        batch.value.append(value)
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
