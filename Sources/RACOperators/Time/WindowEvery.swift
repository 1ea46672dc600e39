// window(every:count:on:): a window every interval from subscription, empty ones included (its
// state, `WindowBatching`, is in WindowTime.swift; its timing in Batching.swift).

extension Signal {
    /// RAC: none (RxSwift `window(timeSpan:count:scheduler:)`). Opens a hot window signal at
    /// subscription and every `interval` after, on `scheduler`, completing the previous one: a
    /// period in which the source is silent gets an empty window. With a `count`, a window also
    /// completes as soon as it holds `count` values; the next opens at once, and the period
    /// restarts from there. Completion and errors go to the open window first, then to the result.
    /// Subscribe to a window when it arrives: it is hot. `window(for:on:)` opens a window with a
    /// value instead, and never an empty one. `count`, when given, must be positive.
    ///
    /// ```
    /// self:              -a-b-------c-|      (interval = 4 frames)
    /// window(every: 4):  x---y---z---w|
    /// window x:          -a-b|
    /// window y:              ----|
    /// window z:                  ---c|
    /// window w:                      -|
    /// ```
    ///
    /// - Parameters:
    ///   - interval: the period: a window opens at subscription and every `interval` after (`> 0`).
    ///   - count: how many values fill a window, which then completes and the period restarts
    ///     (`> 0`); `nil` for no limit.
    ///   - scheduler: where the periods are timed (not an `ImmediateScheduler`).
    /// - Returns: a signal of hot window signals, one per period, empty ones included; it completes
    ///   or fails when this signal does, after the open window.
    @inlinable
    public func window(every interval: Duration, count: Int? = nil, on scheduler: Scheduler) -> Signal<
        Signal<Value, Failure>, Failure
    > {
        batches(
            interval, count: count, periodic: true, on: scheduler, call: "window(every:count:on:)",
            "-windowEvery:", WindowBatching.self)
    }
}
