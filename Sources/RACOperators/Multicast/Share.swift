// share(replay:scope:): one subscription to the receiver, shared by every subscriber while any is
// subscribed, replaying at most the last `replay` values (RxSwift's operator of the same name).

/// How long the subject of `share(replay:scope:)` lives: whether the values it replays survive a
/// time with no subscriber. The names and meanings are RxSwift's (`SubjectLifetimeScope`).
/// RAC: none.
///
/// ```
/// source:                   -a-b-c-d-…   (restarted at each connection)
/// share(replay: 1, scope:)  sub 1 ^--!   sub 2 ^---- later:
/// .whileConnected:          sub 2 gets the restarted source only: -a-b-…
/// .forever:                 sub 2 gets b (kept from the first connection), then -a-b-…
/// ```
public enum ShareScope: Sendable, Hashable {
    /// Each connection has a subject of its own. When the subscriber count falls to zero, or the
    /// receiver terminates, the connection ends and its replayed values are dropped; the next
    /// subscriber connects afresh, subscribing the receiver again.
    case whileConnected
    /// One subject for the shared signal's whole life. When the subscriber count falls to zero the
    /// receiver is unsubscribed but the replayed values are kept; the next subscriber receives them,
    /// then the receiver is subscribed again. Once the receiver has terminated, the subject replays
    /// its values and terminal event to everyone and the receiver is never subscribed again.
    case forever
}

extension Signal {
    /// RAC: none (RxSwift: `share(replay:scope:)`; RAC's nearest are `-replayLazily` and
    /// `-autoconnect`). Shares one subscription to the receiver among all subscribers, made when the
    /// first subscribes and ended when the last leaves, and replays at most the latest `replay`
    /// values to each new subscriber, so a long-lived source (standard input, a stream of
    /// responses) is shared without keeping every value. The terminal event is replayed too, while
    /// the subject that received it lives (see `ShareScope`). Thread-safe: subscribers arriving
    /// together on several threads share one connection.
    ///
    /// `replay` must be `>= 0` (0 replays nothing: a plain shared, ref-counted signal); a negative
    /// count stops the process with a message naming the call and the count.
    ///
    /// ```
    /// self:                                -a-b-c-d-|
    /// share(replay: 1), subscriber at 0:   -a-b-c-d-|    (self subscribed at 0, once)
    /// share(replay: 1), subscriber at 4:   ----bc-d-|    (b replayed)
    /// ```
    ///
    /// One price feed for a chart and a ticker, connected while either is on screen:
    ///
    /// ```swift
    /// let prices = Subject<Double, Never>()
    /// let feed = prices.doSubscribed { print("feed connected") }
    ///     .doDisposed { print("feed disconnected") }
    /// let shared = feed.share(replay: 1)
    /// let chart = shared.subscribe(next: { print("chart", $0) })   // feed connected
    /// prices.sendNext(101.5)                                        // chart 101.5
    /// let ticker = shared.subscribe(next: { print("ticker", $0) })  // ticker 101.5 (replayed)
    /// chart.dispose()
    /// ticker.dispose()                                              // feed disconnected
    /// ```
    ///
    /// - Parameters:
    ///   - replay: how many of the latest values a new subscriber receives first (`>= 0`).
    ///   - scope: whether those values are kept while no one is subscribed (see `ShareScope`).
    /// - Returns: a signal that subscribes this signal at its first subscriber and disposes it when
    ///   the last leaves; it completes and fails when this signal does.
    public func share(replay: Int = 0, scope: ShareScope = .whileConnected) -> Signal<Value, Failure> {
        racRequireNonNegative(replay, "replay", "share(replay:scope:)")
        let name = SignalDebugNames.name("[\(self.name)] -share(replay: \(replay))")
        let shared = SharedSubscription(source: self, capacity: replay, scope: scope, name: name)
        return Signal(name: name) { subscriber in shared.subscribe(subscriber) }
    }
}

/// The state of one `share(replay:scope:)` signal: the current connection and its subscribers.
final class SharedSubscription<Value, Failure: Error>: @unchecked Sendable {
    private let source: Signal<Value, Failure>
    private let capacity: Int
    private let scope: ShareScope
    private let name: String
    private let lock = PthreadLock()
    /// Guarded by `lock`: the connection new subscribers join; `nil` before the first and, for
    /// `.whileConnected`, after each connection ends.
    private var current: SharedConnection<Value, Failure>?

    init(source: Signal<Value, Failure>, capacity: Int, scope: ShareScope, name: String) {
        self.source = source
        self.capacity = capacity
        self.scope = scope
        self.name = name
    }

    /// Attaches `subscriber` to the current subject (replaying), then subscribes the receiver if
    /// nothing is connected. The returned disposable, disposed when the subscriber stops, counts
    /// it out.
    func subscribe(_ subscriber: Subscriber<Value, Failure>) -> any Disposable {
        let (connection, link) = lock.withLock {
            () -> (SharedConnection<Value, Failure>, SerialDisposable?) in
            let connection = current ?? makeConnection()
            current = connection
            connection.subscribers += 1
            guard connection.link == nil, !connection.ended else { return (connection, nil) }
            let link = SerialDisposable()
            connection.link = link
            return (connection, link)
        }
        connection.subject.subscribe(subscriber)
        if let link {
            // Outside the lock: the receiver may send (and end) synchronously.
            link.inner = source.subscribe(
                Subscriber { [self] event in
                    switch event {
                    case .next: break
                    case .error, .completed: ended(connection)
                    }
                    connection.subject.send(event)
                })
        }
        return ActionDisposable { [self] in leave(connection) }
    }

    private func makeConnection() -> SharedConnection<Value, Failure> {
        let subject =
            capacity == 0
            ? Subject<Value, Failure>(name: name)
            : ReplaySubject<Value, Failure>(capacity: capacity, name: name)
        return SharedConnection(subject: subject)
    }

    /// The receiver terminated: nobody reconnects to this subject; with `.whileConnected`, the
    /// next subscriber starts a new connection (as RxSwift does).
    private func ended(_ connection: SharedConnection<Value, Failure>) {
        lock.withLock {
            connection.ended = true
            if scope == .whileConnected, current === connection { current = nil }
        }
    }

    /// A subscriber stopped: the last one out ends the subscription to the receiver.
    private func leave(_ connection: SharedConnection<Value, Failure>) {
        let link = lock.withLock { () -> SerialDisposable? in
            connection.subscribers -= 1
            guard connection.subscribers == 0 else { return nil }
            let link = connection.link
            connection.link = nil
            if scope == .whileConnected, current === connection { current = nil }
            return link
        }
        link?.dispose()
    }
}

/// One subject and the subscription feeding it, with its subscriber count. Guarded by the lock of
/// its `SharedSubscription`, apart from `subject`.
final class SharedConnection<Value, Failure: Error>: @unchecked Sendable {
    let subject: Subject<Value, Failure>
    var subscribers = 0
    /// The subscription to the receiver, while connected.
    var link: SerialDisposable?
    /// Whether the receiver has terminated into `subject`.
    var ended = false

    init(subject: Subject<Value, Failure>) {
        self.subject = subject
    }
}
