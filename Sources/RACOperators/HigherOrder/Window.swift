// window(count:) and window(for:on:): the values split into consecutive hot signals.

extension Signal {
    /// RAC: none (RxSwift `window(timeSpan:count:scheduler:)` by count). Sends a new hot window
    /// signal with the first value and each value after a full window, sends each value into the
    /// current window, and completes a window once it holds `count` values. Completion and errors
    /// go to the open window first, then to the result. A window opens with its first value, so no
    /// window is empty (RxSwift opens one at subscription and after each full one). Subscribe to a
    /// window when it arrives: it is hot, and values sent before are not replayed. `count` must be
    /// positive.
    ///
    /// ```
    /// self:              -a-b-c-|
    /// window(count: 2):  -x---y-|
    /// window x:          -a-(b|)
    /// window y:              -c-|
    /// ```
    ///
    /// - Parameter count: how many values a window holds before it completes (`> 0`).
    /// - Returns: a signal of hot window signals, one per `count` values (the last may hold fewer);
    ///   it completes or fails when the source does, after the open window.
    @inlinable
    public func window(count: Int) -> Signal<Signal<Value, Failure>, Failure> {
        racRequirePositive(count, "count", "window(count:)")
        return Signal<Signal<Value, Failure>, Failure>(
            name: SignalDebugNames.name("[\(self.name)] windowWithCount: \(count)")
        ) { subscriber in
            // The source subscriber serialises its events, so these need no lock.
            let window = GuardedVar<Subject<Value, Failure>?>(nil)
            let filled = GuardedVar(0)
            let sourceSubscriber = Subscriber<Value, Failure> { event in
                switch event {
                case .next(let value):
                    let current = window.value ?? Subject(name: SignalDebugNames.name("window"))
                    if window.value == nil {
                        window.value = current
                        filled.value = 0
                        subscriber.sendNext(current)
                    }
                    filled.value += 1
                    if filled.value == count { window.value = nil }
                    current.sendNext(value)
                    if filled.value == count { current.sendCompleted() }
                case .error(let error):
                    let open = window.value
                    window.value = nil
                    open?.sendError(error)
                    subscriber.sendError(error)
                case .completed:
                    let open = window.value
                    window.value = nil
                    open?.sendCompleted()
                    subscriber.sendCompleted()
                }
            }
            subscriber.link(sourceSubscriber)
            self.subscribe(sourceSubscriber)
            return nil
        }
    }

    /// RAC: none (RxSwift `window(timeSpan:count:scheduler:)` by time). Opens a hot window signal
    /// with a value when none is open, sends each value into the open window, and completes the
    /// window `interval` after it opened, on `scheduler`; the next value opens the next one. Windows
    /// are never empty, like the batches of `buffer(for:on:)` (`window(every:count:on:)` opens one
    /// every interval, empty or not). Completion and errors go to the open window first, then to
    /// the result.
    ///
    /// ```
    /// self:                 -a-b------c--|      (interval = 4 frames)
    /// window(for: 4):       -x--------y--|
    /// window x:             -a-b-|
    /// window y:                       c--|
    /// ```
    ///
    /// - Parameters:
    ///   - interval: how long a window stays open after its first value (`> 0`).
    ///   - scheduler: where the windows are timed (not an `ImmediateScheduler`).
    /// - Returns: a signal of hot, never-empty window signals; it completes or fails when the source
    ///   does, after the open window.
    @inlinable
    public func window(for interval: Duration, on scheduler: Scheduler) -> Signal<
        Signal<Value, Failure>, Failure
    > {
        batches(
            interval, count: nil, periodic: false, on: scheduler, call: "window(for:on:)", "windowWithTime:",
            WindowBatching.self)
    }
}
