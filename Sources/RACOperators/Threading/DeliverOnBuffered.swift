// `deliver(on:)` with a bound: the events waiting for the scheduler kept as a `BufferingPolicy`
// says, and counted.

import RACSchedulers

extension Signal {
    /// RAC: none (`-deliverOn:` queued without a limit). Sends every event to the subscriber from
    /// `scheduler`, as `deliver(on:)`, keeping at most what `bufferingPolicy` allows of the values
    /// waiting for the scheduler: a producer faster than the scheduler (a busy serial queue, a
    /// slow subscriber) then uses bounded memory. The value being delivered does not count; the
    /// others wait in order. The completion or error is never dropped: it follows the kept values.
    /// `.failWhenFull` disposes the source at the value that does not fit and fails after the
    /// values already waiting. `statistics`, if given, counts the dropped values and the most that
    /// waited (for every subscription of the result).
    ///
    /// RAC's push model has no backpressure: the producer is never slowed, only its values are
    /// dropped (Docs/Concepts.md, "Fast producer, slow consumer"). With `.unbounded` and no
    /// statistics this is `deliver(on:)` itself, at its speed. Unlike `deliver(on:)`, which
    /// schedules one action per event, at most one action per subscription is pending at a time:
    /// each delivers one event and schedules the next.
    ///
    /// ```
    /// self:                                                   -(abc)-d-|
    /// deliver(on: s, bufferingPolicy: .bufferingNewest(1)):   -c-d-|
    /// deliver(on: s, bufferingPolicy: .bufferingOldest(1)):   -a-d-|
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: where the subscriber's callbacks run.
    ///   - bufferingPolicy: how many values may wait for `scheduler`, and which to drop (or whether
    ///     to fail) when more arrive.
    ///   - statistics: if given, counts the values dropped and the most that waited.
    /// - Returns: a signal of the values `bufferingPolicy` keeps, each sent from `scheduler`; it
    ///   completes and fails after the values kept, when this signal does (or, with
    ///   `.failWhenFull`, when a value does not fit).
    public func deliver(
        on scheduler: Scheduler, bufferingPolicy: BufferingPolicy<Failure>,
        statistics: HandOffStatistics? = nil
    ) -> Signal<Value, Failure> {
        if case .unbounded = bufferingPolicy.storage, statistics == nil {
            return deliver(on: scheduler)
        }
        return Signal(name: SignalDebugNames.name("[\(self.name)] -deliverOn: \(scheduler.name) (bounded)")) {
            subscriber in
            let queue = HandOffQueue<Value, Failure>(
                HandOffBuffer(policy: bufferingPolicy, statistics: statistics))
            // The subscriber holds the queue (its buffer), which holds neither it nor the source:
            // the chain is held from its source down (Docs/Internals.md, "Who holds whom").
            subscriber.add(queue)
            let handler: (Event<Value, Failure>) -> Void = { event in
                if queue.receive(event) { queue.scheduleDrain(on: scheduler, into: subscriber) }
            }
            let upstream =
                if let lock = subscriber.lockForUpstream {
                    Subscriber<Value, Failure>(handler, sharing: lock)
                } else {
                    Subscriber<Value, Failure>(handler)
                }
            queue.upstream = upstream
            subscriber.link(upstream)
            _ = self.subscribe(claiming: upstream)
            return nil
        }
    }
}

/// One subscription of `deliver(on:bufferingPolicy:statistics:)`: the events waiting for the
/// scheduler, behind a lock of its own, never held while sending. At most one drain action is
/// pending; it delivers the first waiting event and, if more wait, schedules the next. The
/// downstream subscriber holds it as a resource and disposes it when the subscription ends, which
/// empties the buffer and cancels the pending action.
///
/// ```
/// source:  1 2 3 4 |   (before the scheduler runs; .bufferingNewest(2))
/// buffer:  [1] [1 2] [2 3] [3 4] [3 4 |]   →   delivered: 3, 4, |
/// ```
final class HandOffQueue<Value, Failure: Error>: Disposable, @unchecked Sendable {
    private let lock = PthreadLock()
    /// Guarded by `lock`.
    private var buffer: HandOffBuffer<Value, Failure>
    /// Whether a drain action is scheduled or running. Guarded by `lock`.
    private var draining = false
    /// How many drain actions were scheduled: the number of the current one. Guarded by `lock`.
    private var drains: UInt64 = 0
    /// The pending drain action, to cancel on disposal. Guarded by `lock`.
    private var pendingDrain: (any Disposable)?
    /// Whether the source has ended or overflowed: later events are ignored. Guarded by `lock`.
    private var inputEnded = false
    /// Whether the subscription has ended. Guarded by `lock`.
    private var stopped = false
    /// The source's subscriber, disposed when `.failWhenFull` overflows. Set before subscribing.
    weak var upstream: Subscriber<Value, Failure>?

    init(_ buffer: HandOffBuffer<Value, Failure>) {
        self.buffer = buffer
    }

    /// The most values waiting now (for tests).
    var waitingCount: Int { lock.withLock { buffer.valueCount } }

    /// An event from the source: kept as the policy says. Returns `true` if the caller must
    /// schedule a drain (none is pending).
    func receive(_ event: Event<Value, Failure>) -> Bool {
        lock.lock()
        guard !stopped, !inputEnded else {
            lock.unlock()
            return false
        }
        let overflowed = buffer.append(event)
        if overflowed || event.isTerminal { inputEnded = true }
        let mustSchedule = !draining
        draining = true
        lock.unlock()
        if overflowed { upstream?.dispose() }
        return mustSchedule
    }

    /// Schedules the drain action (the caller has set `draining`).
    func scheduleDrain(on scheduler: Scheduler, into downstream: Subscriber<Value, Failure>) {
        let number = lock.withLock { () -> UInt64 in
            drains &+= 1
            return drains
        }
        let action = scheduler.schedule { [self] in drain(on: scheduler, into: downstream) }
        lock.lock()
        if stopped {
            lock.unlock()
            action?.dispose()
            return
        }
        // Only if it is still the current drain (an immediate scheduler has run it already).
        if drains == number && draining { pendingDrain = action }
        lock.unlock()
    }

    /// The drain action: delivers the first waiting event, then schedules the next drain if more
    /// wait.
    private func drain(on scheduler: Scheduler, into downstream: Subscriber<Value, Failure>) {
        lock.lock()
        pendingDrain = nil
        guard !stopped, let event = buffer.removeFirst() else {
            draining = false
            lock.unlock()
            return
        }
        lock.unlock()
        downstream.send(event)
        lock.lock()
        let more = !stopped && !buffer.isEmpty
        if !more { draining = false }
        lock.unlock()
        if more { scheduleDrain(on: scheduler, into: downstream) }
    }

    var isDisposed: Bool { lock.withLock { stopped } }

    /// The subscription's end: the waiting events are released (outside the lock) and the pending
    /// drain cancelled.
    func dispose() {
        lock.lock()
        guard !stopped else {
            lock.unlock()
            return
        }
        stopped = true
        let released = buffer.removeAll()
        let action = pendingDrain.take()
        lock.unlock()
        action?.dispose()
        withExtendedLifetime(released) {}
    }
}
