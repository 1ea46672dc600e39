// RAC's `-delay:`: values and completion sent an interval later.

extension Signal {
    /// RAC: `-delay:`. Sends each value and the completion `interval` later on `scheduler`; an
    /// error is sent at once. Disposing cancels everything still waiting.
    ///
    /// Peers: the error is not delayed and drops the values still waiting, as in RxSwift;
    /// Combine's `delay` delays a failure as it delays the values, so they all arrive first.
    ///
    /// ```
    /// self:                        -a-b-|
    /// delay(2):                    ---a-b-|
    /// failing:                     -a--b#
    /// delay(2) of failing:         ---a-#        (b was waiting: dropped)
    /// Combine delay(2), failing:   ---a--b#
    /// ```
    ///
    /// Hiding a "Saved" banner two seconds after each save:
    ///
    /// ```swift
    /// let scheduler = TestScheduler()       // in an app: Scheduler.main or a QueueScheduler
    /// let saved = Subject<String, Never>()
    /// let hideBanner = saved.delay(.seconds(2), on: scheduler)
    /// let subscription = hideBanner.subscribe(next: { print("hide the banner for", $0) })
    /// saved.sendNext("report.pdf")
    /// scheduler.advance(by: .seconds(1))     // nothing yet
    /// scheduler.advance(by: .seconds(1))     // hide the banner for report.pdf
    /// subscription.dispose()
    /// ```
    ///
    /// - Parameters:
    ///   - interval: how long each value and the completion wait (`>= 0`).
    ///   - scheduler: where the events wait and are sent from.
    /// - Returns: a signal of the same values, each sent `interval` later; it completes `interval`
    ///   after this signal does, and fails at once when it fails (dropping the values waiting).
    @inlinable
    public func delay(_ interval: Duration, on scheduler: Scheduler) -> Signal<Value, Failure> {
        TimeValidation.requireNonNegative(interval, "delay(_:on:)")
        return Signal(name: SignalDebugNames.name("[\(self.name)] -delay: \(interval)")) { subscriber in
            let pending = CompoundDisposable()
            subscriber.add(pending)
            /// Schedules `event` and forgets its disposable once it has run.
            func scheduleLater(_ event: Event<Value, Failure>) {
                let slot = SerialDisposable()
                pending.add(slot)
                slot.inner = scheduler.schedule(after: interval) { [weak pending, weak slot] in
                    if let pending, let slot { pending.remove(slot) }
                    subscriber.send(event)
                }
            }
            return self.subscribe(linkedTo: subscriber) { event in
                switch event {
                case .next, .completed: scheduleLater(event)
                case .error: subscriber.send(event)
                }
            }
        }
    }
}
