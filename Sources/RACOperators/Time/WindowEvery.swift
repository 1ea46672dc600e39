// window(every:count:on:): a window every interval from subscription, empty ones included, with its
// state (the code it shares with buffer(every:count:on:) is in BufferEvery.swift).

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
    /// window(every: 4):  x---y---z---w-|
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
        periodicBatches(
            every: interval, count: count, on: scheduler, call: "window(every:count:on:)", "-windowEvery:"
        ) {
            PeriodicWindowState(feeding: $0)
        }
    }
}

/// One subscription of `window(every:count:on:)`: the open window and how many values it holds (the
/// timer and the lock are `PeriodicBatching`'s, in BufferEvery.swift).
///
/// ```
/// -a-b-------c-|  (every 4)  →  x---y---z---w-|     x: -a-b|   y: ----|   z: ---c|   w: -|
/// ```
@usableFromInline
final class PeriodicWindowState<Value, Failure: Error>:
    PeriodicBatching<Value, Failure, Signal<Value, Failure>>, @unchecked Sendable
{
    /// The open window; `nil` once the subscription has ended. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var window: Subject<Value, Failure>?
    /// How many values the open window holds. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var filled = 0

    /// A period opens its window (sent downstream).
    @usableFromInline
    override func periodStarted() {
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

    /// The end of a period: completes its window and opens the next.
    @usableFromInline
    override func periodEnded() {
        guard let closing = window else { return }
        window = nil
        closing.sendCompleted()
        if !timer.isDisposed { open() }
    }

    /// A value: goes into the open window; a full window completes, the next opens at once and the
    /// period restarts.
    @inlinable
    override func receive(_ value: Value, limit: Int, every interval: Duration, on scheduler: Scheduler) {
        lock.withLock {
            if window == nil {
                // Ended; or a value sent back into the source from a window that was filling up:
                // it opens the next window at once.
                guard !timer.isDisposed else { return }
                startPeriod(every: interval, on: scheduler)
            }
            guard let current = window else { return }
            filled += 1
            guard filled >= limit else { return current.sendNext(value) }
            // Closed before the value is sent, so that a value the window's subscriber sends back
            // into the source goes to the next window.
            window = nil
            current.sendNext(value)
            current.sendCompleted()
            if window == nil, !timer.isDisposed { startPeriod(every: interval, on: scheduler) }
        }
    }

    /// The error: fails the open window, then the result.
    @inlinable
    override func receive(error: Failure) {
        lock.withLock {
            timer.dispose()
            let open = window.take()
            open?.sendError(error)
            downstream.sendError(error)
        }
    }

    /// The completion: completes the open window, then the result.
    @inlinable
    override func receiveCompleted() {
        lock.withLock {
            timer.dispose()
            let open = window.take()
            open?.sendCompleted()
            downstream.sendCompleted()
        }
    }
}
