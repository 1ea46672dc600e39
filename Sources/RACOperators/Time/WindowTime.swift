// window(for:count:on:), which ends a window by time or count, whichever comes first, with the state
// of the window time operators (window(for:on:) is in HigherOrder/Window.swift; their timing is in
// Batching.swift).

extension Signal {
    /// RAC: none (RxSwift `window(timeSpan:count:scheduler:)`, but a window opens with its first
    /// value). `window(for:on:)`, but a window also completes as soon as it holds `count` values,
    /// whichever comes first: the time (`interval` after it opened) or the count; the next value
    /// opens the next window and its own interval. Windows are never empty
    /// (`window(every:count:on:)` opens one every interval). Completion and errors go to the open
    /// window first, then to the result. Subscribe to a window when it arrives: it is hot. `count`
    /// must be positive.
    ///
    /// ```
    /// self:                      -a-b-c----d-|      (interval = 4 frames)
    /// window(for: 4, count: 2):  -x---y----z-|
    /// window x:                  -a-(b|)
    /// window y:                      -c---|
    /// window z:                           -d-|
    /// ```
    ///
    /// - Parameters:
    ///   - interval: how long a window stays open after its first value, if not full before (`> 0`).
    ///   - count: how many values fill a window, which then completes (`> 0`).
    ///   - scheduler: where the windows are timed (not an `ImmediateScheduler`).
    /// - Returns: a signal of hot, never-empty window signals; it completes or fails when this signal
    ///   does, after the open window.
    @inlinable
    public func window(for interval: Duration, count: Int, on scheduler: Scheduler) -> Signal<
        Signal<Value, Failure>, Failure
    > {
        batches(
            interval, count: count, periodic: false, on: scheduler, call: "window(for:count:on:)",
            "windowWithTime:", WindowBatching.self)
    }
}

/// One subscription of `window(for:on:)`, `window(for:count:on:)` or `window(every:count:on:)`:
/// the open window and how many values it holds (its timing, the timer and the lock are
/// `Batching`'s). A periodic window opens with its period, even if no value comes; otherwise a
/// window opens with its first value.
///
/// ```
/// -a-b-c----d-|  (for 4, count 2)  →  -x---y----z-|     x = -a-(b|), y = -c---|, z = -d-|
/// ```
@usableFromInline
final class WindowBatching<Value, Failure: Error>: Batching<Value, Failure, Signal<Value, Failure>>,
    @unchecked Sendable
{
    /// The open window. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var window: Subject<Value, Failure>?
    /// How many values the open window holds. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var filled = 0

    /// A batch starts: its timer starts and its window opens (sent downstream).
    @usableFromInline
    override func startBatch() {
        restartTimer()
        open()
    }

    /// Opens a new window and sends it downstream. Called under `lock`.
    @usableFromInline
    func open() {
        let next = Subject<Value, Failure>(name: SignalDebugNames.name("window"))
        window = next
        filled = 0
        downstream.sendNext(next)
    }

    /// The end of a window's time (or of a period): completes the window (a periodic one opens the
    /// next).
    @usableFromInline
    override func timeUp() {
        if !timing.isPeriodic { cancelTimer() }
        guard let closing = window else { return }
        window = nil
        closing.sendCompleted()
        if timing.isPeriodic, !timer.isDisposed { open() }
    }

    /// A value: goes into the open window; a full window completes (periodic: the next opens at
    /// once and the period restarts). With no window open, the value opens one: the first value of
    /// a window that opens with it, or (periodic) a value sent back into the source from a window
    /// that was filling up.
    @inlinable
    override func receive(_ value: Value) {
        lock.withLock {
            if window == nil {
                guard !timer.isDisposed else { return }
                startBatch()
            }
            guard let current = window else { return }
            filled += 1
            guard filled >= timing.limit else { return current.sendNext(value) }
            // Closed before the value is sent, so that a value the window's subscriber sends back
            // into the source goes to the next window.
            window = nil
            if !timing.isPeriodic { cancelTimer() }
            current.sendNext(value)
            current.sendCompleted()
            if timing.isPeriodic, window == nil, !timer.isDisposed { startBatch() }
        }
    }

    /// The end of the source: goes to the open window first.
    @inlinable
    override func end(failing error: Failure?) {
        let open = window.take()
        if let error { open?.sendError(error) } else { open?.sendCompleted() }
    }
}
