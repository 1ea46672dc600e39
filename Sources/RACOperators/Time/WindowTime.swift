// window(for:count:on:), which ends a window by time or count, whichever comes first, and the code it
// shares with window(for:on:) (HigherOrder/Window.swift).

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
        TimeValidation.requirePositive(interval, "window(for:count:on:)")
        TimeValidation.requireDeferringScheduler(scheduler, "window(for:count:on:)")
        TimeValidation.requirePositive(count: count, "window(for:count:on:)")
        return timedWindows(
            for: interval, count: count, on: scheduler,
            named: SignalDebugNames.name("[\(self.name)] windowWithTime: \(interval) count: \(count)"))
    }

    /// `window(for:on:)` and `window(for:count:on:)`: windows that open with their first value and
    /// complete `interval` later or with their `count`-th value. Their events leave the upstream's
    /// delivery, so they are sent under a recursive lock of their own.
    @inlinable
    func timedWindows(
        for interval: Duration, count: Int, on scheduler: Scheduler, named name: String
    ) -> Signal<Signal<Value, Failure>, Failure> {
        Signal<Signal<Value, Failure>, Failure>(name: name) { subscriber in
            let lock = PthreadLock(recursive: true)
            let window = GuardedVar<Subject<Value, Failure>?>(nil)
            let filled = GuardedVar(0)
            // The number of the open window: a timer that fired as its window filled up (waiting
            // for the lock) must not close the next one.
            let windowNumber = GuardedVar(0)
            let timer = SerialDisposable()
            subscriber.add(timer)

            func close(window number: Int? = nil) {
                lock.withLock {
                    if let number, number != windowNumber.value { return }
                    windowNumber.value &+= 1
                    timer.inner?.dispose()
                    let open = window.value
                    window.value = nil
                    open?.sendCompleted()
                }
            }

            return self.subscribe(linkedTo: subscriber) { event in
                switch event {
                case .next(let value):
                    lock.withLock {
                        let current = window.value ?? Subject(name: SignalDebugNames.name("window"))
                        if window.value == nil {
                            window.value = current
                            filled.value = 0
                            let number = windowNumber.value
                            timer.inner = scheduler.schedule(after: interval) { close(window: number) }
                            subscriber.sendNext(current)
                        }
                        filled.value += 1
                        let isFull = filled.value >= count
                        // Closed before the value is sent, so that a value the window's subscriber
                        // sends back into the source goes to the next window.
                        if isFull {
                            window.value = nil
                            windowNumber.value &+= 1
                            timer.inner?.dispose()
                        }
                        current.sendNext(value)
                        if isFull { current.sendCompleted() }
                    }
                case .error(let failure):
                    lock.withLock {
                        timer.dispose()
                        let open = window.value
                        window.value = nil
                        open?.sendError(failure)
                    }
                    subscriber.sendError(failure)
                case .completed:
                    lock.withLock {
                        timer.dispose()
                        let open = window.value
                        window.value = nil
                        open?.sendCompleted()
                    }
                    subscriber.sendCompleted()
                }
            }
        }
    }
}
