import RACCore

/// One subscription that writes down every event with the virtual time it arrived at.
///
/// RxTest: `TestableObserver` (from `scheduler.createObserver` / `scheduler.start`). Made by
/// `TestScheduler.record(_:disposeAt:)`, which subscribes at once; `events` grows as the
/// scheduler is advanced. Thread-safe.
///
/// ```
/// let recorder = scheduler.record(try scheduler.createColdSignal("-a-|"))
/// scheduler.run()
/// recorder.events == [.next(scheduler.frames(1), "a"), .completed(scheduler.frames(3))]
/// ```
public final class TestRecorder<Value, Failure: Error>: @unchecked Sendable {
    private let recorded = Locked<[Recorded<Event<Value, Failure>>]>([])
    /// The subscriber; `nil` once `isReleased` has found the subscription ended, so that the
    /// recorder no longer keeps it alive.
    private let active: Locked<Subscriber<Value, Failure>?>
    /// The subscriber, whoever holds it (see `isReleased`).
    private weak var weakSubscriber: Subscriber<Value, Failure>?
    /// The virtual time at which the subscription ended, once it has.
    private let ending = Locked<Duration?>(nil)

    /// A recorder whose subscriber stamps events with `scheduler.now` and, from `cutoff` on,
    /// disposes itself instead of recording.
    init(scheduler: TestScheduler, cutoff: Duration?) {
        let recorded = recorded
        let gate = WeakDisposable()
        let frameDuration = scheduler.frameDuration
        let subscriber = Subscriber<Value, Failure> { [weak scheduler] event in
            let now = scheduler?.now ?? .zero
            if let cutoff, now >= cutoff {
                gate.target?.dispose()
                return
            }
            recorded.withValue { $0.append(Recorded(time: now, value: event, frameDuration: frameDuration)) }
        }
        gate.target = subscriber
        active = Locked(subscriber)
        weakSubscriber = subscriber
        let ending = ending
        // Runs when the subscription terminates or is disposed; it does not hold the subscriber.
        subscriber.add { [weak scheduler] in
            ending.withValue { $0 = scheduler?.now ?? .zero }
        }
    }

    /// Every event received so far, with its virtual time, in order.
    ///
    /// ```
    /// "-a-|"  [.next(frames(1), "a"), .completed(frames(3))]
    /// ```
    public var events: [Recorded<Event<Value, Failure>>] {
        recorded.current
    }

    /// The values received so far, without times.
    ///
    /// ```
    /// "-a-b-|"  ["a", "b"]
    /// ```
    public var values: [Value] {
        events.compactMap { $0.value.value }
    }

    /// Whether a terminal event (`|` or `#`) has arrived.
    ///
    /// ```
    /// "-a-|"  false at frame 2, true from frame 3
    /// ```
    public var isTerminated: Bool {
        events.last?.value.isTerminal ?? false
    }

    /// Whether the subscription has ended: terminated, or disposed.
    ///
    /// ```
    /// "-a--"  disposeAt: 2  ->  true from frame 2
    /// ```
    public var isDisposed: Bool {
        active.current?.isDisposed ?? true
    }

    /// Whether the subscription has ended *and* the signal has let go of its subscriber: nothing
    /// in the chain (an operator's stage, a source's list of subscribers, a scheduled action)
    /// still holds it. `false` while the subscription is active. A subscription that ended but is
    /// not released is a leak, unless the signal keeps its subscribers on purpose (a hand-made
    /// source that stores them, say). `TestScheduler.checksRelease` makes `expect(_:toEmit:)`
    /// check this; a test that records by hand checks it once the subscription has ended.
    ///
    /// ```
    /// let recorder = scheduler.record(source.map { $0 * 2 })
    /// scheduler.run()                 // "-a-|": the subscription completes at frame 3
    /// #expect(recorder.isReleased)    // the map stage and the source let go of the subscriber
    /// ```
    public var isReleased: Bool {
        guard ending.current != nil else { return false }
        // The subscription has ended: let go of the subscriber here, not in its own teardown (a
        // subscriber must not be freed while it is disposing itself), and see whether anything
        // else still holds it.
        do {
            // Taken out of the lock first, so that it is released (at the end of this scope)
            // outside of it.
            let subscriber = active.withValue { subscriber in
                defer { subscriber = nil }
                return subscriber
            }
            _ = subscriber
        }
        return weakSubscriber == nil
    }

    /// The subscriber, while anything holds it (for the release check's holder search).
    var heldSubscriber: AnyObject? {
        weakSubscriber
    }

    /// The virtual time at which the subscription ended (terminated or disposed), if it has.
    var endTime: Duration? {
        ending.current
    }

    /// Ends the subscription now (`!` at the current frame): nothing more is recorded.
    ///
    /// ```
    /// "-a-b-|"  dispose() at frame 2  ->  only a recorded
    /// ```
    public func dispose() {
        active.current?.dispose()
    }

    /// Subscribes to `signal`; disposes at once if the cutoff has come, or schedules the disposal.
    func start(_ signal: Signal<Value, Failure>, on scheduler: TestScheduler, disposeAt cutoff: Duration?) {
        guard let subscriber = active.current else { return }
        signal.subscribe(subscriber)
        guard let cutoff, !subscriber.isDisposed else { return }
        if cutoff <= scheduler.now {
            subscriber.dispose()
        } else {
            // Weakly: a disposal still scheduled must not keep an ended subscription's
            // subscriber alive (see `isReleased`).
            subscriber.add(
                scheduler.schedule(after: cutoff - scheduler.now) { [weak subscriber] in
                    subscriber?.dispose()
                })
        }
    }
}

extension TestScheduler {
    /// Subscribes to `signal` now, or at frame `subscribeAt`, and returns the recorder of its
    /// events; nothing runs until the scheduler is advanced. With `disposeAt`, the subscription is
    /// disposed at the start of that frame (counted from time zero): no event at or after it is
    /// recorded, and the source sees the disposal at that frame. RxTest:
    /// `scheduler.start(created:subscribed:disposed:)` without the running (the signal is made
    /// by the caller, so there is no `created`).
    ///
    /// ```
    /// source (cold):                               -a-b-c-|
    /// record(source, disposeAt: 4)                 -a-b           (source subscriptions: ^---!)
    /// record(source, subscribeAt: 2, disposeAt: 6) ---a-b         (source subscriptions: --^---!)
    /// ```
    ///
    /// **An event due at the disposal frame is not recorded**, whoever scheduled it and when:
    /// the disposal comes first at that frame. RxTest's `start(created:subscribed:disposed:)`
    /// schedules its disposal before the run, so at the disposal time it records the events of a
    /// hot observable made before `start` (scheduled earlier) but not a cold one's (scheduled at
    /// subscription, later); here the order of scheduling does not matter.
    ///
    /// A negative `subscribeAt`, or a `disposeAt` earlier than `subscribeAt`, is a programmer
    /// error naming the call.
    public func record<Value, Failure>(
        _ signal: Signal<Value, Failure>, subscribeAt subscribeFrame: Int? = nil, disposeAt frame: Int? = nil
    ) -> TestRecorder<Value, Failure> {
        if let subscribeFrame {
            racRequireNonNegative(
                subscribeFrame, "subscribeAt", "TestScheduler.record(_:subscribeAt:disposeAt:)")
            if let frame, frame < subscribeFrame {
                racProgrammerError(
                    "TestScheduler.record(_:subscribeAt:disposeAt:)",
                    "disposeAt (\(frame)) must not be earlier than subscribeAt (\(subscribeFrame))")
            }
        }
        let cutoff = frame.map { frames($0) }
        let recorder = TestRecorder<Value, Failure>(scheduler: self, cutoff: cutoff)
        let start = subscribeFrame.map { frames($0) } ?? now
        if start > now {
            schedule(after: start - now) { [self] in
                recorder.start(signal, on: self, disposeAt: cutoff)
            }
        } else {
            // Async operations it subscribes to now are this scheduler's to settle.
            AsyncWork.$boundGroup.withValue(asyncWork) {
                recorder.start(signal, on: self, disposeAt: cutoff)
            }
        }
        return recorder
    }
}

/// A recorder is a subscriber, so that one made before the subscription
/// (`TestScheduler.createRecorder(_:)`, RxTest's `createObserver`) can be subscribed by hand:
/// `signal.subscribe(recorder)`.
extension TestRecorder: SubscriberProtocol {
    /// Records `event` at the scheduler's current virtual time (nothing once the subscription
    /// has ended).
    ///
    /// ```
    /// recorder.send(.next("a")) at frame 2   ->   events == [next("a") @ frame 2]
    /// ```
    public func send(_ event: Event<Value, Failure>) {
        active.current?.send(event)
    }

    /// Ties `disposable` to the recording: it is disposed when the subscription ends (at once if
    /// it has).
    ///
    /// ```
    /// signal.subscribe(recorder); recorder.dispose()   ->   the subscription is disposed
    /// ```
    public func add(_ disposable: (any Disposable)?) {
        if let subscriber = active.current {
            subscriber.add(disposable)
        } else {
            disposable?.dispose()
        }
    }
}

/// A weak reference to a disposable, so that a subscriber can dispose itself without a cycle.
private final class WeakDisposable: @unchecked Sendable {
    weak var target: (any Disposable)?
}
