/// The error `timeout(_:on:)` sends when a signal that cannot otherwise fail runs out of time.
/// RAC: `RACSignalErrorTimedOut` in `RACSignalErrorDomain`.
public struct TimeoutError: Error, Equatable, CustomStringConvertible {
    /// How long the signal was given.
    public let interval: Duration

    /// Creates the error for a signal that did not terminate within `interval`.
    public init(interval: Duration) {
        self.interval = interval
    }

    /// "timed out after 2.0 seconds".
    public var description: String { "timed out after \(interval)" }
}

extension Signal {
    /// RAC: `-throttle:valuesPassingTest:`. A value that passes `predicate` is held until
    /// `interval` passes with no newer value (a newer value replaces it: "debounce"); a value that
    /// fails `predicate` drops the held one and is sent at once. Completion sends the held value
    /// first; an error drops it.
    ///
    /// ```
    /// self:                              -a-B-c---|   (interval = 3 frames; B fails the test)
    /// throttle(3, valuesPassingTest:):   ---B----c|
    /// ```
    public func throttle(
        _ interval: Duration, on scheduler: Scheduler, valuesPassingTest predicate: @escaping (Value) -> Bool
    ) -> Signal<Value, Failure> {
        TimeValidation.requireNonNegative(interval, "throttle(_:on:valuesPassingTest:)")
        TimeValidation.requireDeferringScheduler(scheduler, "throttle(_:on:valuesPassingTest:)")
        return Signal(name: SignalDebugNames.name("[\(self.name)] -throttle: \(interval)")) { subscriber in
            let lock = PthreadLock(recursive: true)
            var held: Value?
            let timer = SerialDisposable()
            subscriber.add(timer)

            /// Cancels the timer and sends (or drops) the held value.
            func flush(send: Bool) {
                lock.withLock {
                    timer.inner?.dispose()
                    guard let value = held else { return }
                    held = nil
                    if send { subscriber.sendNext(value) }
                }
            }

            return self.relay(into: subscriber) { event in
                switch event {
                case .next(let value):
                    let shouldThrottle = predicate(value)
                    lock.withLock {
                        flush(send: false)
                        guard shouldThrottle else {
                            subscriber.sendNext(value)
                            return
                        }
                        held = value
                        timer.inner = scheduler.schedule(after: interval) { flush(send: true) }
                    }
                case .error(let failure):
                    lock.withLock {
                        held = nil
                        timer.dispose()
                    }
                    subscriber.sendError(failure)
                case .completed:
                    flush(send: true)
                    subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-throttle:`. Sends a value only once `interval` has passed without a newer one;
    /// completion sends the last held value at once.
    ///
    /// ```
    /// self:          -a-b-----c-|      (interval = 3 frames)
    /// throttle(3):   ------b----(c|)
    /// ```
    public func throttle(_ interval: Duration, on scheduler: Scheduler) -> Signal<Value, Failure> {
        throttle(interval, on: scheduler, valuesPassingTest: { _ in true })
    }

    /// RAC: `-delay:`. Sends each value and the completion `interval` later on `scheduler`; an
    /// error is sent at once. Disposing cancels everything still waiting.
    ///
    /// ```
    /// self:       -a-b-|
    /// delay(2):   ---a-b-|
    /// ```
    public func delay(_ interval: Duration, on scheduler: Scheduler) -> Signal<Value, Failure> {
        TimeValidation.requireNonNegative(interval, "delay(_:on:)")
        return Signal(name: SignalDebugNames.name("[\(self.name)] -delay: \(interval)")) { subscriber in
            let pending = CompoundDisposable()
            subscriber.add(pending)
            /// Schedules `event` and forgets its disposable once it has run.
            func scheduleLater(_ event: Event<Value, Failure>) {
                let slot = SerialDisposable()
                pending.add(slot)
                slot.inner = scheduler.schedule(after: interval) { [weak pending, weak slot] in
                    if let pending, let slot { pending.remove(slot) }
                    subscriber.send(event)
                }
            }
            return self.relay(into: subscriber) { event in
                switch event {
                case .next, .completed: scheduleLater(event)
                case .error: subscriber.send(event)
                }
            }
        }
    }

    /// RAC: `-bufferWithTime:onScheduler:`. Collects values; `interval` after the first value of a
    /// batch, sends the batch as one array. Completion sends the pending batch, then completes; an
    /// error is forwarded and the pending batch dropped. Empty batches are never sent.
    ///
    /// ```
    /// self:            -a-b------c--|      (interval = 4 frames)
    /// buffer(for: 4):  -----x-------(y|)   x = [a, b], y = [c]
    /// ```
    public func buffer(for interval: Duration, on scheduler: Scheduler) -> Signal<[Value], Failure> {
        TimeValidation.requirePositive(interval, "buffer(for:on:)")
        TimeValidation.requireDeferringScheduler(scheduler, "buffer(for:on:)")
        return Signal<[Value], Failure>(
            name: SignalDebugNames.name("[\(self.name)] -bufferWithTime: \(interval)")
        ) { subscriber in
            let lock = PthreadLock(recursive: true)
            var batch: [Value] = []
            let timer = SerialDisposable()
            subscriber.add(timer)

            func flush() {
                lock.withLock {
                    timer.inner?.dispose()
                    guard !batch.isEmpty else { return }
                    let values = batch
                    batch = []
                    subscriber.sendNext(values)
                }
            }

            return self.relay(into: subscriber) { event in
                switch event {
                case .next(let value):
                    lock.withLock {
                        if batch.isEmpty {
                            timer.inner = scheduler.schedule(after: interval) { flush() }
                        }
                        batch.append(value)
                    }
                case .error(let failure):
                    lock.withLock {
                        batch = []
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

    /// RAC: `-timeout:onScheduler:`. Forwards the signal, but if it has not terminated `interval`
    /// after subscription, disposes it and fails with `error()`.
    ///
    /// ```
    /// self:            -a-b------|     (interval = 5 frames)
    /// timeout(5):      -a-b-#
    /// ```
    public func timeout(
        _ interval: Duration, on scheduler: Scheduler, raising error: @escaping @autoclosure () -> Failure
    ) -> Signal<Value, Failure> {
        TimeValidation.requireNonNegative(interval, "timeout(_:on:raising:)")
        TimeValidation.requireDeferringScheduler(scheduler, "timeout(_:on:raising:)")
        return Signal(name: SignalDebugNames.name("[\(self.name)] -timeout: \(interval)")) { subscriber in
            // Linked, not held: the forwarding subscriber's handler holds `subscriber`.
            let source = UnownedSerialDisposable()
            subscriber.add(
                scheduler.schedule(after: interval) {
                    source.dispose()
                    subscriber.sendError(error())
                })
            // A forwarding subscriber: disposing `source` must stop the receiver, not `subscriber`.
            let forwarder = Subscriber<Value, Failure> { event in subscriber.send(event) }
            forwarder.setHeir(subscriber)
            source.replace(with: forwarder)
            self.subscribe(forwarder)
            return source
        }
    }
}

extension Signal where Failure == Never {
    /// RAC: `-timeout:onScheduler:` for a signal that cannot otherwise fail: fails with
    /// `TimeoutError` if the signal has not terminated `interval` after subscription.
    ///
    /// ```
    /// self:            -a-b------|     (interval = 5 frames)
    /// timeout(5):      -a-b-#          (# = TimeoutError)
    /// ```
    public func timeout(_ interval: Duration, on scheduler: Scheduler) -> Signal<Value, TimeoutError> {
        let promoted = Signal<Value, TimeoutError>(name: name) { subscriber in
            self.relay(into: subscriber) { event in
                switch event {
                case .next(let value): subscriber.sendNext(value)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
        return promoted.timeout(interval, on: scheduler, raising: TimeoutError(interval: interval))
    }
}

extension Signal where Value == Int, Failure == Never {
    /// RAC: `+interval:onScheduler:withLeeway:`. Sends a tick every `interval` on `scheduler`,
    /// forever; disposing stops the timer. The values are the tick numbers 0, 1, 2, … (RAC sends
    /// the current `NSDate`; a tick number is deterministic under virtual time — map it to
    /// `Date()` if you want RAC's value).
    ///
    /// ```
    /// interval(2):   --0-1-2-3-…
    /// ```
    public static func interval(
        _ interval: Duration, on scheduler: Scheduler, leeway: Duration = .zero
    ) -> Signal<Int, Never> {
        TimeValidation.requirePositive(interval, "Signal.interval(_:on:leeway:)")
        TimeValidation.requireDeferringScheduler(scheduler, "Signal.interval(_:on:leeway:)")
        if leeway < .zero {
            racProgrammerError("Signal.interval(_:on:leeway:)", "leeway must be >= 0, got \(leeway)")
        }
        return Signal(name: SignalDebugNames.name("+interval: \(interval)")) { subscriber in
            var tick = 0
            return scheduler.schedule(after: interval, repeatingEvery: interval, leeway: leeway) {
                subscriber.sendNext(tick)
                tick += 1
            }
        }
    }
}
