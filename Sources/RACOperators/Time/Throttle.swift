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
    ///
    /// - Parameters:
    ///   - interval: how long a value must go without a newer one before it is sent (`>= 0`).
    ///   - scheduler: where the timers run and the held values are sent from.
    ///   - predicate: whether a value is held (`true`) or sent at once (`false`).
    /// - Returns: a signal of the values that passed `predicate` and were not replaced within
    ///   `interval`, and of those that failed it, at once; it completes (after sending the held
    ///   value) and fails when this signal does.
    @inlinable
    public func throttle(
        _ interval: Duration, on scheduler: Scheduler, valuesPassingTest predicate: @escaping (Value) -> Bool
    ) -> Signal<Value, Failure> {
        TimeValidation.requireNonNegative(interval, "throttle(_:on:valuesPassingTest:)")
        TimeValidation.requireDeferringScheduler(scheduler, "throttle(_:on:valuesPassingTest:)")
        return Signal(name: SignalDebugNames.name("[\(self.name)] -throttle: \(interval)")) { subscriber in
            let state = ThrottleState(interval, feeding: subscriber)
            // The subscriber's end cancels the timer. It holds the timer's slot, not the state,
            // which holds the subscriber: the chain is held from its source down, and a source
            // released without ending releases it (Docs/Internals.md, "Who holds whom").
            subscriber.add(state.timer)
            return self.subscribe(linkedTo: subscriber) { event in
                switch event {
                case .next(let value): state.receive(value, throttled: predicate(value), on: scheduler)
                case .error(let failure): state.receive(error: failure)
                case .completed: state.receiveCompleted()
                }
            }
        }
    }

    /// RAC: `-throttle:`. Sends a value only once `interval` has passed without a newer one;
    /// completion sends the last held value at once.
    ///
    /// Peers: this is RxSwift's and Combine's `debounce` (ReactiveSwift's
    /// `debounce(_:on:discardWhenCompleted: false)`), not their `throttle`. A source that never
    /// pauses for `interval` sends nothing until it ends: `alerts.throttle(.seconds(30), on: s)`
    /// with an alert every 10 s never sends while the alerts keep coming. One value per interval,
    /// at once (RxSwift `throttle(_:latest: false, scheduler:)`, Combine
    /// `throttle(for:scheduler:latest: false)`), is `rateLimit(_:on:)`.
    ///
    /// ```
    /// self:                     -a-b-----c-|      (interval = 3 frames)
    /// throttle(3):              ------b----(c|)
    /// alerts:                   -a-b-c-d-e-f-g-h-|       (never 3 quiet frames)
    /// throttle(3) of alerts:    -----------------(h|)    (only the last, at the end)
    /// rateLimit(3) of alerts:   -a---c---e---g---|       (their throttle, latest false)
    /// ```
    ///
    /// A search box that searches once typing has paused for 300 ms:
    ///
    /// ```swift
    /// let scheduler = TestScheduler()       // in an app: Scheduler.main or a QueueScheduler
    /// let searchField = Subject<String, Never>()
    /// let queries = searchField.throttle(.milliseconds(300), on: scheduler)
    /// let subscription = queries.subscribe(next: { print("search for", $0) })
    /// searchField.sendNext("s")
    /// searchField.sendNext("sw")
    /// scheduler.advance(by: .milliseconds(100))
    /// searchField.sendNext("swi")                   // replaces "sw"
    /// scheduler.advance(by: .milliseconds(300))     // search for swi
    /// subscription.dispose()
    /// ```
    ///
    /// - Parameters:
    ///   - interval: how long a value must go without a newer one before it is sent (`>= 0`).
    ///   - scheduler: where the timers run and the values are sent from.
    /// - Returns: a signal of the values not replaced within `interval`, each sent `interval` after
    ///   it arrived; it completes (after sending the held value) and fails when this signal does.
    @inlinable
    public func throttle(_ interval: Duration, on scheduler: Scheduler) -> Signal<Value, Failure> {
        throttle(interval, on: scheduler, valuesPassingTest: { _ in true })
    }
}

/// One subscription of `throttle`: the held value and its timer, behind one lock. Not an
/// `OperatorStage`: the timer sends from the scheduler, outside the upstream's deliveries (the
/// documented exception, Docs/Internals.md). Each value takes the lock once. Held by the source's
/// subscriber and a pending timer's action; it holds the downstream, not the scheduler (the
/// source's subscriber does): a scheduler's pending action holds the state, and a state that
/// held the scheduler would make a cycle that a virtual-time scheduler never advanced keeps.
///
/// A timer that has fired cannot be cancelled: its action may already be waiting for the lock
/// when a newer value replaces the held one. So each timer carries the number of the hold it was
/// scheduled for (`holds`) and sends only if that hold is still the current one.
///
/// ```
/// -a-b------  (interval 3)  →  ------b---      a's timer is cancelled when b arrives
/// ```
@usableFromInline
final class ThrottleState<Value, Failure: Error>: @unchecked Sendable {
    @usableFromInline let lock: RecursiveLock
    @usableFromInline let interval: Duration
    @usableFromInline let downstream: Subscriber<Value, Failure>
    /// The value waiting for a quiet interval. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var held: Value?
    /// How many values have been held: the number of the current hold. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var holds: UInt64 = 0
    /// The current hold's timer, in a slot that the downstream subscriber holds and disposes when
    /// the subscription ends.
    @usableFromInline let timer: ThrottleTimer

    @inlinable
    init(_ interval: Duration, feeding downstream: Subscriber<Value, Failure>) {
        let lock = RecursiveLock()
        self.lock = lock
        self.interval = interval
        self.downstream = downstream
        timer = ThrottleTimer(lock)
    }

    /// A value: replaces the held one (cancelling its timer) and starts its own timer on
    /// `scheduler`, or, if it is not `throttled`, drops the held one and is sent at once.
    @inlinable
    func receive(_ value: Value, throttled: Bool, on scheduler: Scheduler) {
        lock.lock()
        guard !timer.isCancelled else {
            // The subscription has ended (its downstream is stopped): nothing to hold.
            lock.unlock()
            return
        }
        let cancelled = timer.current.take()
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
        timer.current = scheduler.schedule(after: interval) { [self] in timerFired(for: hold) }
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
        timer.current = nil
        downstream.sendNext(value)
        lock.unlock()
    }

    /// The error: drops the held value and passes the error on.
    @inlinable
    func receive(error: Failure) {
        lock.lock()
        held = nil
        lock.unlock()
        timer.dispose()
        downstream.sendError(error)
    }

    /// The completion: sends the held value at once, then completes.
    @inlinable
    func receiveCompleted() {
        lock.lock()
        let cancelled = timer.current.take()
        let value = held.take()
        if let value { downstream.sendNext(value) }
        lock.unlock()
        cancelled?.dispose()
        downstream.sendCompleted()
    }
}

/// The timer slot of a `throttle` subscription: the current hold's timer, guarded by the
/// subscription's lock. The downstream subscriber holds it (as a resource) and disposes it when
/// the subscription ends, which cancels the timer and keeps any later one from being started.
///
/// ```
/// downstream ends  →  dispose(): the pending timer is cancelled
/// ```
@usableFromInline
final class ThrottleTimer: Disposable, @unchecked Sendable {
    @usableFromInline let lock: RecursiveLock
    /// The pending timer. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var current: (any Disposable)?
    /// Whether the subscription has ended. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var isCancelled = false

    @inlinable
    init(_ lock: RecursiveLock) {
        self.lock = lock
    }

    @usableFromInline
    var isDisposed: Bool { lock.withLock { isCancelled } }

    /// Cancels the pending timer (outside the lock) and any later one.
    @usableFromInline
    func dispose() {
        lock.lock()
        isCancelled = true
        let cancelled = current.take()
        lock.unlock()
        cancelled?.dispose()
    }
}
