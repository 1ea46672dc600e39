// rateLimit(_:on:): the leading-edge throttle of RxJava (`throttleFirst`), RxSwift and Combine
// (`throttle(latest: false)`), under a name that cannot be taken for RAC's `throttle` (a debounce);
// and rateLimit(_:latest:on:), which can also send the latest value at each window's end (its state
// is in RateLimitLatest.swift).

extension Signal {
    /// RAC: none (RxJava `throttleFirst`, RxSwift `throttle(_:latest: false, scheduler:)`,
    /// Combine `throttle(for:scheduler:latest: false)`). Sends a value at once, then drops every
    /// value for `interval`; the first value after that is sent at once and opens a new window.
    /// Completion and errors pass at once.
    ///
    /// Not RAC's `throttle(_:on:)`, which *holds* a value until `interval` passes with no newer
    /// one and sends the last (a debounce: late, trailing edge). `rateLimit` is early, leading
    /// edge: the first value of a burst, without waiting. A window ends when its timer has run on
    /// `scheduler`; a value arriving in the same instant but before it is dropped (on a
    /// `TestScheduler`, a value exactly `interval` frames later).
    ///
    /// ```
    /// self:           -a-b-c------d-e--|        (interval = 5 frames)
    /// rateLimit(5):   -a----------d----|        (a and d at once; b, c and e dropped)
    /// throttle(5):    ----------c------(e|)     (RAC's: c and e late; a, b and d dropped)
    /// ```
    ///
    /// A Pay button that ignores the extra taps of a double tap:
    ///
    /// ```swift
    /// let scheduler = TestScheduler()       // in an app: Scheduler.main or a QueueScheduler
    /// let payTaps = Subject<String, Never>()
    /// let payments = payTaps.rateLimit(.seconds(1), on: scheduler)
    /// let subscription = payments.subscribe(next: { print("pay", $0) })
    /// payTaps.sendNext("order 17")               // pay order 17 (at once)
    /// scheduler.advance(by: .milliseconds(200))
    /// payTaps.sendNext("order 17")               // dropped: within a second of the first
    /// scheduler.advance(by: .seconds(1))
    /// payTaps.sendNext("order 18")               // pay order 18
    /// subscription.dispose()
    /// ```
    ///
    /// - Parameters:
    ///   - interval: how long the values after a sent one are dropped (`> 0`).
    ///   - scheduler: where the window's timer runs.
    /// - Returns: a signal of the first value of each window, sent at once; it completes and fails
    ///   when this signal does.
    @inlinable
    public func rateLimit(_ interval: Duration, on scheduler: Scheduler) -> Signal<Value, Failure> {
        TimeValidation.requirePositive(interval, "rateLimit(_:on:)")
        TimeValidation.requireDeferringScheduler(scheduler, "rateLimit(_:on:)")
        return Signal(name: SignalDebugNames.name("[\(self.name)] -rateLimit: \(interval)")) { subscriber in
            let lock = PthreadLock()
            let isOpen = GuardedVar(true)
            let window = SerialDisposable()
            subscriber.add(window)
            return self.subscribe(linkedTo: subscriber) { event in
                guard case .next(let value) = event else {
                    subscriber.send(event)
                    return
                }
                let opens = lock.withLock { () -> Bool in
                    defer { isOpen.value = false }
                    return isOpen.value
                }
                guard opens else { return }
                // The window starts before the value is sent: a value the subscriber sends back
                // into the source from its callback falls inside it.
                window.inner = scheduler.schedule(after: interval) {
                    lock.withLock { isOpen.value = true }
                }
                subscriber.sendNext(value)
            }
        }
    }
}

extension Signal {
    /// RAC: none (RxSwift `throttle(_:latest: true, scheduler:)`, Combine
    /// `throttle(for:scheduler:latest: true)`). With `latest` true: sends a value at once and opens
    /// a window of `interval`; the values that arrive in the window are held (a newer one replaces
    /// the held one), and when the window ends the held value is sent and opens the next window. A
    /// window in which nothing arrived ends quietly: the next value is sent at once. With `latest`
    /// false it is `rateLimit(_:on:)`, which drops the values of the window.
    ///
    /// Completion sends the held value at once, then completes (RxSwift waits for the window's
    /// end to send it); an error drops the held value and is forwarded at once. A value arriving in
    /// the same instant as a window's end but before its timer runs (on a `TestScheduler`, a value
    /// exactly `interval` frames later) is held, and sent by that timer.
    ///
    /// ```
    /// self:                        -a-b-c------d-e--|     (interval = 5 frames)
    /// rateLimit(5, latest: true):  -a----c-----d----(e|)
    /// ```
    ///
    /// - Parameters:
    ///   - interval: how long each window lasts (`> 0`).
    ///   - latest: whether the latest value of a window is sent when it ends (`true`) or dropped.
    ///   - scheduler: where the windows' timers run and the held values are sent from.
    /// - Returns: a signal of the first value of each burst, at once, and (with `latest`) the last
    ///   value of each window at its end; it completes (after sending the held value) and fails
    ///   when this signal does.
    @inlinable
    public func rateLimit(
        _ interval: Duration, latest: Bool, on scheduler: Scheduler
    ) -> Signal<Value, Failure> {
        TimeValidation.requirePositive(interval, "rateLimit(_:latest:on:)")
        TimeValidation.requireDeferringScheduler(scheduler, "rateLimit(_:latest:on:)")
        guard latest else { return rateLimit(interval, on: scheduler) }
        return Signal(name: SignalDebugNames.name("[\(self.name)] -rateLimit: \(interval) latest")) {
            subscriber in
            let state = RateLimitLatestState(interval, feeding: subscriber)
            // The downstream's end cancels the window's timer; it holds the timer's slot, not the
            // state (which holds the downstream), as `throttle` does.
            subscriber.add(state.window)
            return self.subscribe(linkedTo: subscriber) { event in
                switch event {
                case .next(let value): state.receive(value, on: scheduler)
                case .error(let failure): state.receive(error: failure)
                case .completed: state.receiveCompleted()
                }
            }
        }
    }
}
