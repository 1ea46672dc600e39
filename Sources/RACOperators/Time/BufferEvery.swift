// buffer(every:count:on:): a batch every interval from subscription, empty ones included (its
// state, `BufferBatching`, is in Buffer.swift; its timing in Batching.swift).

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
        batches(
            interval, count: count, periodic: true, on: scheduler, call: "buffer(every:count:on:)",
            "-bufferEvery:", BufferBatching.self)
    }
}
