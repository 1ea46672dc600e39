// RAC's `-throttle:` and `-throttle:valuesPassingTest:`: values held until a quiet interval.

extension Signal {
    /// RAC: `-throttle:valuesPassingTest:`. A value that passes `predicate` is held until
    /// `interval` passes with no newer value (a newer value replaces it: "debounce"); a value that
    /// fails `predicate` drops the held one and is sent at once. Completion sends the held value
    /// first; an error drops it. A value is never sent before `interval` has passed with no newer
    /// one, even when its timer fires as a newer value arrives.
    ///
    /// ```
    /// self:                              -a-B-c---|   (interval = 3 frames; B fails the test)
    /// throttle(3, valuesPassingTest:):   ---B----c|
    /// ```
    @inlinable
    public func throttle(
        _ interval: Duration, on scheduler: Scheduler, valuesPassingTest predicate: @escaping (Value) -> Bool
    ) -> Signal<Value, Failure> {
        TimeValidation.requireNonNegative(interval, "throttle(_:on:valuesPassingTest:)")
        TimeValidation.requireDeferringScheduler(scheduler, "throttle(_:on:valuesPassingTest:)")
        return Signal(name: SignalDebugNames.name("[\(self.name)] -throttle: \(interval)")) { subscriber in
            let state = ThrottleState(interval, on: scheduler, feeding: subscriber)
            subscriber.add(state)
            return self.subscribe(linkedTo: subscriber) { event in
                switch event {
                case .next(let value): state.receive(value, throttled: predicate(value))
                case .error(let failure): state.receive(error: failure)
                case .completed: state.receiveCompleted()
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
    @inlinable
    public func throttle(_ interval: Duration, on scheduler: Scheduler) -> Signal<Value, Failure> {
        throttle(interval, on: scheduler, valuesPassingTest: { _ in true })
    }
}

/// One subscription of `throttle`: the held value and its timer, behind one lock. Not an
/// `OperatorStage`: the timer sends from the scheduler, outside the upstream's deliveries (the
/// documented exception, Docs/Internals.md). Each value takes the lock once.
///
/// A timer that has fired cannot be cancelled: its action may already be waiting for the lock
/// when a newer value replaces the held one. So each timer carries the number of the hold it was
/// scheduled for (`holds`) and sends only if that hold is still the current one.
///
/// ```
/// -a-b------  (interval 3)  →  ------b---      a's timer is cancelled when b arrives
/// ```
@usableFromInline
final class ThrottleState<Value, Failure: Error>: Disposable, @unchecked Sendable {
    @usableFromInline let lock = RecursiveLock()
    @usableFromInline let interval: Duration
    @usableFromInline let scheduler: Scheduler
    @usableFromInline let downstream: Subscriber<Value, Failure>
    /// The value waiting for a quiet interval. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var held: Value?
    /// How many values have been held: the number of the current hold. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var holds: UInt64 = 0
    /// The current hold's timer. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var timer: (any Disposable)?

    @inlinable
    init(_ interval: Duration, on scheduler: Scheduler, feeding downstream: Subscriber<Value, Failure>) {
        self.interval = interval
        self.scheduler = scheduler
        self.downstream = downstream
    }

    @usableFromInline
    var isDisposed: Bool { downstream.isDisposed }

    /// Cancels the timer and drops the held value (the subscription has ended).
    @usableFromInline
    func dispose() {
        lock.lock()
        let cancelled = timer.take()
        held = nil
        lock.unlock()
        cancelled?.dispose()
    }

    /// A value: replaces the held one (cancelling its timer) and starts its own timer, or, if it
    /// is not `throttled`, drops the held one and is sent at once.
    @inlinable
    func receive(_ value: Value, throttled: Bool) {
        lock.lock()
        let cancelled = timer.take()
        guard throttled else {
            held = nil
            downstream.sendNext(value)
            lock.unlock()
            cancelled?.dispose()
            return
        }
        held = value
        holds &+= 1
        let hold = holds
        timer = scheduler.schedule(after: interval) { [self] in timerFired(for: hold) }
        lock.unlock()
        // Outside the lock: a timer that fires meanwhile finds a newer hold and does nothing.
        cancelled?.dispose()
    }

    /// The action of hold number `hold`'s timer: sends the held value if that hold is current.
    @inlinable
    func timerFired(for hold: UInt64) {
        lock.lock()
        guard holds == hold, let value = held else {
            lock.unlock()
            return
        }
        held = nil
        timer = nil
        downstream.sendNext(value)
        lock.unlock()
    }

    /// The error: drops the held value and passes the error on.
    @inlinable
    func receive(error: Failure) {
        dispose()
        downstream.sendError(error)
    }

    /// The completion: sends the held value at once, then completes.
    @inlinable
    func receiveCompleted() {
        lock.lock()
        let cancelled = timer.take()
        let value = held.take()
        if let value { downstream.sendNext(value) }
        lock.unlock()
        cancelled?.dispose()
        downstream.sendCompleted()
    }
}
