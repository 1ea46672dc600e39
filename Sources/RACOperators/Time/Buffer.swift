// RAC's `-bufferWithTime:onScheduler:`: values sent in batches, an interval after each batch's first;
// and buffer(for:count:on:), which also sends a batch as soon as it is full; with the state of the
// buffer operators (their timing is in Batching.swift).

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
        batches(
            interval, count: nil, periodic: false, on: scheduler, call: "buffer(for:on:)", "-bufferWithTime:",
            BufferBatching.self)
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
        batches(
            interval, count: count, periodic: false, on: scheduler, call: "buffer(for:count:on:)",
            "-bufferWithTime:", BufferBatching.self)
    }
}

/// One subscription of `buffer(for:on:)`, `buffer(for:count:on:)` or `buffer(every:count:on:)`:
/// the batch in progress, an array (its timing, the timer and the lock are `Batching`'s). A
/// periodic batch is sent at the end of its period even if empty; a batch that starts with its
/// first value is never empty.
///
/// ```
/// -a-b-c----d-|  (for 4, count 2)  →  ---x-----y--(z|)     x = [a, b], y = [c], z = [d]
/// ```
@usableFromInline
final class BufferBatching<Value, Failure: Error>: Batching<Value, Failure, [Value]>, @unchecked Sendable {
    /// The values of the batch in progress. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var batch: [Value] = []

    /// The end of a batch's time (or of a period): sends the batch (if it holds a value, or
    /// periodic).
    @usableFromInline
    override func timeUp() {
        if !timing.isPeriodic { cancelTimer() }
        guard !timer.isDisposed, timing.isPeriodic || !batch.isEmpty else { return }
        let values = batch
        batch = []
        downstream.sendNext(values)
    }

    /// A value: joins the batch (the first of a batch that starts with it starts its timer); a full
    /// batch is sent at once (and restarts the period).
    @inlinable
    override func receive(_ value: Value) {
        lock.withLock {
            if !timing.isPeriodic && batch.isEmpty { startBatch() }
            batch.append(value)
            guard batch.count >= timing.limit else { return }
            let values = batch
            batch = []
            if timing.isPeriodic { startBatch() } else { cancelTimer() }
            downstream.sendNext(values)
        }
    }

    /// The end of the source: on completion, sends the batch if it holds a value; on an error,
    /// drops it.
    @inlinable
    override func end(failing error: Failure?) {
        let values = batch
        batch = []
        if error == nil, !values.isEmpty { downstream.sendNext(values) }
    }
}
