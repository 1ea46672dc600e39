extension Signal {
    /// Runs `block` at once (scheduled on `scheduler`), exactly once, into a replay subject; every
    /// subscriber, early or late, receives everything it sent. RAC: `+startEagerlyWithScheduler:block:`.
    ///
    /// Subscribers are subscribed on `scheduler`, as with `startLazily(on:_:)`.
    ///
    /// ```
    /// block sends:        a-b-|        (starts at creation)
    /// subscriber before:  a-b-|
    /// subscriber after:   (ab|)
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: where `block` runs and where subscribers are subscribed.
    ///   - block: sends the signal's events to the subscriber it is given; runs once.
    /// - Returns: a signal that replays to every subscriber all that `block` sent; it completes and
    ///   fails when `block` does.
    public static func startEagerly(
        on scheduler: Scheduler,
        _ block: @escaping (Subscriber<Value, Failure>) -> Void
    ) -> Signal<Value, Failure> {
        let start = ReplayedStart(block)
        scheduler.schedule { start.startOnce() }
        return start.signal(on: scheduler, named: "+startEagerlyWithScheduler: \(scheduler.name) block:")
    }

    /// Runs `block` on `scheduler` when the signal is first subscribed, at most once, into a
    /// replay subject; every subscriber receives everything it sent. RAC:
    /// `+startLazilyWithScheduler:block:`.
    ///
    /// Each subscription is made on `scheduler` (RAC's `subscribeOn:`); disposing it before the
    /// scheduler gets to it cancels it.
    ///
    /// ```
    /// block sends:   a-b-|        (starts at the first subscription)
    /// subscriber 1:  a-b-|
    /// subscriber 2:  (ab|)        (block not run again)
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: where `block` runs and where subscribers are subscribed.
    ///   - block: sends the signal's events to the subscriber it is given; runs once, at the first
    ///     subscription.
    /// - Returns: a signal that replays to every subscriber all that `block` sent; it completes and
    ///   fails when `block` does.
    public static func startLazily(
        on scheduler: Scheduler,
        _ block: @escaping (Subscriber<Value, Failure>) -> Void
    ) -> Signal<Value, Failure> {
        ReplayedStart(block).signal(
            on: scheduler, named: "+startLazilyWithScheduler: \(scheduler.name) block:")
    }
}

/// The shared state of `startEagerly` / `startLazily`: the block (run once, then released) and the
/// replay subject it feeds.
private final class ReplayedStart<Value, Failure: Error>: @unchecked Sendable {
    private let replay = ReplaySubject<Value, Failure>()
    private let block: Locked<((Subscriber<Value, Failure>) -> Void)?>

    init(_ block: @escaping (Subscriber<Value, Failure>) -> Void) {
        self.block = Locked(block)
    }

    /// Runs the block the first time only, feeding the replay subject.
    func startOnce() {
        let taken = block.withValue { stored in
            defer { stored = nil }
            return stored
        }
        guard let body = taken else { return }
        let input = Subscriber<Value, Failure> { [replay] event in
            replay.send(event)
        }
        replay.add(input)
        body(input)
    }

    /// A signal whose subscriptions are made on `scheduler`: each attaches to the replay subject,
    /// then starts the block if nothing has yet.
    func signal(on scheduler: Scheduler, named name: @autoclosure () -> String) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name(name())) { [self] subscriber in
            scheduler.schedule {
                self.replay.subscribe(subscriber)
                self.startOnce()
            }
        }
    }
}
