// RAC's `-throttle:` and `-throttle:valuesPassingTest:`: values held until a quiet interval.

extension Signal {
    /// RAC: `-throttle:valuesPassingTest:`. A value that passes `predicate` is held until
    /// `interval` passes with no newer value (a newer value replaces it: "debounce"); a value that
    /// fails `predicate` drops the held one and is sent at once. Completion sends the held value
    /// first; an error drops it. A value is never sent before `interval` has passed with no newer
    /// one, even when its timer fires as a newer value arrives.
    ///
    /// ```
    /// self:                              -a-B-c---|   (interval = 3 frames; B fails the test)
    /// throttle(3, valuesPassingTest:):   ---B----c|
    /// ```
    @inlinable
    public func throttle(
        _ interval: Duration, on scheduler: Scheduler, valuesPassingTest predicate: @escaping (Value) -> Bool
    ) -> Signal<Value, Failure> {
        TimeValidation.requireNonNegative(interval, "throttle(_:on:valuesPassingTest:)")
        TimeValidation.requireDeferringScheduler(scheduler, "throttle(_:on:valuesPassingTest:)")
        return Signal(name: SignalDebugNames.name("[\(self.name)] -throttle: \(interval)")) { subscriber in
            let lock = PthreadLock(recursive: true)
            let held = GuardedVar<Value?>(nil)
            // How many values have been held: each timer carries the number of the value it was
            // scheduled for.
            let holds = GuardedVar<UInt64>(0)
            let timer = SerialDisposable()
            subscriber.add(timer)

            /// Cancels the timer and sends (or drops) the held value.
            func flush(send: Bool) {
                lock.withLock {
                    timer.inner?.dispose()
                    guard let value = held.value else { return }
                    held.value = nil
                    if send { subscriber.sendNext(value) }
                }
            }

            /// The action of the timer of hold number `hold`: sends the held value if it is still
            /// that hold's. A timer that has fired cannot be cancelled: a newer value may have
            /// replaced its value (and scheduled its own timer) while this action waited for the lock.
            func timerFired(for hold: UInt64) {
                lock.withLock {
                    guard holds.value == hold else { return }
                    flush(send: true)
                }
            }

            return self.subscribe(linkedTo: subscriber) { event in
                switch event {
                case .next(let value):
                    let shouldThrottle = predicate(value)
                    lock.withLock {
                        flush(send: false)
                        guard shouldThrottle else {
                            subscriber.sendNext(value)
                            return
                        }
                        held.value = value
                        holds.value &+= 1
                        let hold = holds.value
                        timer.inner = scheduler.schedule(after: interval) { timerFired(for: hold) }
                    }
                case .error(let failure):
                    lock.withLock {
                        held.value = nil
                        timer.dispose()
                    }
                    subscriber.sendError(failure)
                case .completed:
                    flush(send: true)
                    subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-throttle:`. Sends a value only once `interval` has passed without a newer one;
    /// completion sends the last held value at once.
    ///
    /// ```
    /// self:          -a-b-----c-|      (interval = 3 frames)
    /// throttle(3):   ------b----(c|)
    /// ```
    @inlinable
    public func throttle(_ interval: Duration, on scheduler: Scheduler) -> Signal<Value, Failure> {
        throttle(interval, on: scheduler, valuesPassingTest: { _ in true })
    }
}
