// window(every:count:on:): a window every interval from subscription, empty ones included, with its
// state.

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
    @inlinable
    public func window(every interval: Duration, count: Int? = nil, on scheduler: Scheduler) -> Signal<
        Signal<Value, Failure>, Failure
    > {
        TimeValidation.requirePositive(interval, "window(every:count:on:)")
        TimeValidation.requireDeferringScheduler(scheduler, "window(every:count:on:)")
        if let count { TimeValidation.requirePositive(count: count, "window(every:count:on:)") }
        let limit = count ?? .max
        return Signal<Signal<Value, Failure>, Failure>(
            name: SignalDebugNames.name("[\(self.name)] -windowEvery: \(interval)")
        ) { subscriber in
            let state = PeriodicWindowState<Value, Failure>(feeding: subscriber)
            subscriber.add(state.timer)
            state.openWindow(every: interval, on: scheduler)
            return self.subscribe(linkedTo: subscriber) { event in
                switch event {
                case .next(let value): state.receive(value, limit: limit, every: interval, on: scheduler)
                case .error(let failure): state.receive(error: failure)
                case .completed: state.receiveCompleted()
                }
            }
        }
    }
}

/// One subscription of `window(every:count:on:)`: the open window, how many values it holds and the
/// period's repeating timer, behind one recursive lock held while sending (the timer sends from the
/// scheduler: Docs/Internals.md, "Building an operator"). The timer holds the state, never the
/// scheduler; the downstream holds the timer's slot and disposes it when it ends.
///
/// ```
/// -a-b-------c-|  (every 4)  →  x---y---z---w-|     x: -a-b|   y: ----|   z: ---c|   w: -|
/// ```
@usableFromInline
final class PeriodicWindowState<Value, Failure: Error>: @unchecked Sendable {
    @usableFromInline let lock = PthreadLock(recursive: true)
    @usableFromInline let downstream: Subscriber<Signal<Value, Failure>, Failure>
    /// The period's timer.
    @usableFromInline let timer = SerialDisposable()
    /// The open window; `nil` once the subscription has ended. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var window: Subject<Value, Failure>?
    /// How many values the open window holds. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var filled = 0
    /// The number of the period in progress: a tick of a timer replaced meanwhile (a full window
    /// restarted the period while it waited for the lock) does nothing. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var period = 0

    @inlinable
    init(feeding downstream: Subscriber<Signal<Value, Failure>, Failure>) {
        self.downstream = downstream
    }

    /// Opens a window (sent downstream) and starts its period, whose timer ticks every `interval`
    /// until replaced.
    @inlinable
    func openWindow(every interval: Duration, on scheduler: Scheduler) {
        lock.withLock {
            period &+= 1
            let current = period
            timer.inner = scheduler.schedule(after: interval, repeatingEvery: interval) { [self] in
                tick(of: current)
            }
            open()
        }
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
    func tick(of current: Int) {
        lock.withLock {
            guard current == period, let closing = window else { return }
            window = nil
            closing.sendCompleted()
            if !timer.isDisposed { open() }
        }
    }

    /// A value: goes into the open window; a full window completes, the next opens at once and the
    /// period restarts.
    @inlinable
    func receive(_ value: Value, limit: Int, every interval: Duration, on scheduler: Scheduler) {
        lock.withLock {
            if window == nil {
                // Ended; or a value sent back into the source from a window that was filling up:
                // it opens the next window at once.
                guard !timer.isDisposed else { return }
                openWindow(every: interval, on: scheduler)
            }
            guard let current = window else { return }
            filled += 1
            guard filled >= limit else { return current.sendNext(value) }
            // Closed before the value is sent, so that a value the window's subscriber sends back
            // into the source goes to the next window.
            window = nil
            current.sendNext(value)
            current.sendCompleted()
            if window == nil, !timer.isDisposed { openWindow(every: interval, on: scheduler) }
        }
    }

    /// The error: fails the open window, then the result.
    @inlinable
    func receive(error: Failure) {
        lock.withLock {
            timer.dispose()
            let open = window.take()
            open?.sendError(error)
            downstream.sendError(error)
        }
    }

    /// The completion: completes the open window, then the result.
    @inlinable
    func receiveCompleted() {
        lock.withLock {
            timer.dispose()
            let open = window.take()
            open?.sendCompleted()
            downstream.sendCompleted()
        }
    }
}
