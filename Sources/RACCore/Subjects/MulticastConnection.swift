import Synchronization

/// Shares one subscription to a source signal among many subscribers, through a subject.
///
/// RAC: `RACMulticastConnection`. Subscribers subscribe to `signal` (the subject), not to the
/// source, so the source's side effects run once however many subscribers there are; they
/// receive nothing from the source until `connect()` subscribes the subject to it. Usually made
/// with `publish()` or `multicast(_:)`.
///
/// A connection is one-shot, as in RAC: once connected, it never subscribes to the source again,
/// even after the connection has been disposed (by hand or by `autoconnect()` falling to zero
/// subscribers). Later subscribers attach to the subject and receive only what the subject still
/// sends or replays (a `ReplaySubject` replays its buffer; a plain `Subject` that has not
/// terminated sends nothing more, so they wait forever).
///
/// ```
/// source:       -a-b-c-|          (subscribed once, at connect)
/// connect() at ^
/// subscriber 1: -a-b-c-|
/// subscriber 2:    -b-c-|         (subscribed to the subject after a)
/// ```
public final class MulticastConnection<Value, Failure: Error>: @unchecked Sendable {
    private let source: Signal<Value, Failure>
    private let subject: Subject<Value, Failure>
    private let hasConnected = Atomic<Bool>(false)
    private let connection = SerialDisposable()

    /// Creates an unconnected connection from `source` to `subject` (a `Subject` or any subclass:
    /// `ReplaySubject`, `BehaviorSubject` …). RAC: `-initWithSourceSignal:subject:` (private in RAC,
    /// which makes connections through `publish`/`multicast:`; public here).
    ///
    /// - Parameters:
    ///   - source: the signal subscribed once, at the first `connect()`.
    ///   - subject: the subject the source's events are sent into, and subscribers subscribe to.
    public init(source: Signal<Value, Failure>, subject: Subject<Value, Failure>) {
        self.source = source
        self.subject = subject
    }

    /// The shared signal: the subject. Subscribing to it never subscribes to the source.
    /// RAC: `signal`.
    public var signal: Signal<Value, Failure> {
        subject
    }

    /// Whether `connect()` has been called (directly or through `autoconnect()`); never reset.
    public var isConnected: Bool {
        hasConnected.load(ordering: .acquiring)
    }

    /// Subscribes the subject to the source, the first time only (thread-safe: concurrent calls
    /// subscribe once). Every call returns the same disposable; disposing it ends the shared
    /// subscription to the source (the subject is not terminated). RAC: `-connect`.
    ///
    /// ```
    /// connect(); connect()   source subscribed once; both calls return the same disposable
    /// ```
    ///
    /// - Returns: the connection's disposable, the same for every call; disposing it ends the shared
    ///   subscription to the source.
    @discardableResult
    public func connect() -> any Disposable {
        let first = hasConnected.compareExchange(
            expected: false, desired: true, ordering: .acquiringAndReleasing
        )
        .exchanged
        if first {
            connection.inner = source.subscribe(subject)
            // Once the subject has ended (and with it the subscription, tied to it), let go of the
            // subscription's subscriber rather than keep it for as long as the connection lives: a
            // release check (TestScheduler's `checksRelease`) would rightly call that a leak.
            subject.add(ActionDisposable { [connection] in connection.swap(nil) })
        }
        return connection
    }

    /// A signal that connects on its first subscription and disposes the connection when its
    /// subscriber count falls back to zero through disposal or termination. Each subscription
    /// subscribes to the subject, then calls `connect()`. The count belongs to the returned
    /// signal; as the connection is one-shot, subscribers that arrive after it was disposed are
    /// attached to the subject but do not restart the source (see the type's notes).
    /// RAC: `-autoconnect`.
    ///
    /// Peers: one-shot, unlike Combine's `autoconnect()` and RxSwift's `refCount()`, which
    /// connect again when a subscriber arrives after the count fell to zero. For that, use
    /// `share(replay:scope:)`, which subscribes the source afresh for each new first subscriber.
    ///
    /// ```
    /// source:           -a-b-c-d-
    /// sub 1:            ^-a-b-!        (! disposed: count 0, source disposed)
    /// sub 2 later:             ^----   (attached to the subject; source not re-subscribed)
    /// Combine, sub 2:          ^-a-b-  (connected again: the source starts over)
    /// ```
    ///
    /// - Returns: a signal of the subject's events that connects at its first subscriber and
    ///   disposes the connection when its subscriber count falls to zero; it completes and fails
    ///   when the source does.
    public func autoconnect() -> Signal<Value, Failure> {
        let subscriberCount = Atomic<Int>(0)
        return Signal(name: SignalDebugNames.name("[\(subject.name)] -autoconnect")) { subscriber in
            subscriberCount.add(1, ordering: .acquiringAndReleasing)
            self.subject.subscribe(subscriber)
            let connection = self.connect()
            return ActionDisposable {
                if subscriberCount.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
                    connection.dispose()
                }
            }
        }
    }
}
