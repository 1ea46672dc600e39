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
    private let subscriber: Subscriber<Value, Failure>

    /// A recorder whose subscriber stamps events with `scheduler.now` and, from `cutoff` on,
    /// disposes itself instead of recording.
    init(scheduler: TestScheduler, cutoff: Duration?) {
        let recorded = recorded
        let gate = WeakDisposable()
        subscriber = Subscriber { [weak scheduler] event in
            let now = scheduler?.now ?? .zero
            if let cutoff, now >= cutoff {
                gate.target?.dispose()
                return
            }
            recorded.withValue { $0.append(Recorded(time: now, value: event)) }
        }
        gate.target = subscriber
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
        subscriber.isDisposed
    }

    /// Ends the subscription now (`!` at the current frame): nothing more is recorded.
    ///
    /// ```
    /// "-a-b-|"  dispose() at frame 2  ->  only a recorded
    /// ```
    public func dispose() {
        subscriber.dispose()
    }

    /// Subscribes to `signal`; disposes at once if the cutoff has come, or schedules the disposal.
    func start(_ signal: Signal<Value, Failure>, on scheduler: TestScheduler, disposeAt cutoff: Duration?) {
        signal.subscribe(subscriber)
        guard let cutoff, !subscriber.isDisposed else { return }
        if cutoff <= scheduler.now {
            subscriber.dispose()
        } else {
            subscriber.add(
                scheduler.schedule(after: cutoff - scheduler.now) { [subscriber] in
                    subscriber.dispose()
                })
        }
    }
}

extension TestScheduler {
    /// Subscribes to `signal` now and returns the recorder of its events; nothing runs until the
    /// scheduler is advanced. With `disposeAt`, the subscription is disposed at the start of that
    /// frame (counted from time zero): no event at or after it is recorded, and the source sees
    /// the disposal at that frame. RxTest: `scheduler.start(disposed:)` without the running.
    ///
    /// ```
    /// source:                       -a-b-c-|
    /// record(source, disposeAt: 4)  -a-b           (source subscriptions: ^---!)
    /// ```
    public func record<Value, Failure>(
        _ signal: Signal<Value, Failure>, disposeAt frame: Int? = nil
    ) -> TestRecorder<Value, Failure> {
        let cutoff = frame.map { frames($0) }
        let recorder = TestRecorder<Value, Failure>(scheduler: self, cutoff: cutoff)
        recorder.start(signal, on: self, disposeAt: cutoff)
        return recorder
    }
}

/// A weak reference to a disposable, so that a subscriber can dispose itself without a cycle.
private final class WeakDisposable: @unchecked Sendable {
    weak var target: (any Disposable)?
}
