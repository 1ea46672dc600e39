// multicast(makeSubject:) and ReconnectableMulticastConnection: a connection that makes a fresh
// subject for each connection, so it can connect again once the previous connection has ended
// (RxSwift's `multicast(makeSubject:)`), and its reconnecting share, autoconnectReconnecting().

extension Signal {
    /// RAC: none (RxSwift `multicast(makeSubject:)`; RAC's `-multicast:` takes one subject and its
    /// connection is one-shot). A connection that shares one subscription to this signal through
    /// a subject made by `makeSubject`, and can connect again: each `connect()` after the previous
    /// connection ended (the source terminated, or its disposable was disposed) subscribes the
    /// source again, into a fresh subject from `makeSubject`. Subscribers of `signal` attach to
    /// the current subject (made when first needed), so those who subscribe after a connection
    /// ended wait for the next one.
    ///
    /// ```
    /// self:                       -a-b-|          (subscribed at each connect())
    /// multicast(makeSubject:), subscribed and connected at 0, then again at 6:
    /// subscriber at 0:            -a-b-|
    /// subscriber at 6:            -------a-b-|
    /// ```
    ///
    /// - Parameter makeSubject: makes the subject of each connection (called when one is first
    ///   needed after the previous connection ended).
    /// - Returns: an unconnected `ReconnectableMulticastConnection`: `connect()` subscribes a
    ///   subject to this signal, again after each connection ends.
    public func multicast(
        makeSubject: @escaping @Sendable () -> Subject<Value, Failure>
    ) -> ReconnectableMulticastConnection<Value, Failure> {
        ReconnectableMulticastConnection(source: self, makeSubject: makeSubject)
    }
}

/// Shares one subscription to a source signal among many subscribers, through a subject made for
/// each connection: unlike `MulticastConnection`, which is one-shot as RAC's was, it connects
/// again, into a fresh subject, after a connection has ended.
///
/// RAC: none (RxSwift `ConnectableObservable`, from `multicast(makeSubject:)`). Made with
/// `Signal.multicast(makeSubject:)`. A connection ends when the source terminates (its terminal
/// event reaches the subscribers of that connection's subject) or when the disposable `connect()`
/// returned is disposed (its subscribers then receive nothing more). Either way the connection's
/// subject is let go of at once, before the terminal event is forwarded, so that a subscriber
/// arriving from then on, even from a callback of that terminal event, is attached to the next
/// subject. Thread-safe.
///
/// ```
/// source:           -a-b-|             (subscribed at each connect())
/// connect() at      ^      ^
/// subscriber 1:     -a-b-|             (first subject)
/// subscriber 2:            -a-b-|      (subscribed after the end: second subject)
/// ```
public final class ReconnectableMulticastConnection<Value, Failure: Error>: @unchecked Sendable {
    private let source: Signal<Value, Failure>
    private let makeSubject: @Sendable () -> Subject<Value, Failure>
    /// Guards `subject` and `current`, and the state of every `Connection` and `RefCountShare`
    /// made by this object; never held while calling out (subscribing, sending, disposing).
    let lock = PthreadLock()
    /// The subject new subscribers attach to; `nil` before the first and after each connection
    /// ends, until something needs one.
    private var subject: Subject<Value, Failure>?
    /// The live connection, if any.
    private var current: Connection?

    init(source: Signal<Value, Failure>, makeSubject: @escaping @Sendable () -> Subject<Value, Failure>) {
        self.source = source
        self.makeSubject = makeSubject
    }

    /// The shared signal: each subscription attaches to the current subject (making one if the
    /// last connection has ended). Subscribing never subscribes to the source. RAC: `signal`.
    ///
    /// ```
    /// signal subscribed, then connect():   -a-b-|
    /// ```
    public var signal: Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(source.name)] -multicast:makeSubject:")) { [self] subscriber in
            let subject = lock.withLock { currentSubjectLocked() }
            subject.subscribe(subscriber)
            return nil
        }
    }

    /// Whether a connection is live now: `connect()` was called and its connection has not ended.
    ///
    /// ```
    /// connect()   isConnected == true;   source ends   isConnected == false
    /// ```
    public var isConnected: Bool {
        lock.withLock { current != nil }
    }

    /// Subscribes the current subject (made if needed) to the source, unless a connection is live:
    /// then it returns that connection's disposable, as every call does while it lives. Disposing
    /// it ends the connection; the next call connects again, into a fresh subject. Thread-safe:
    /// concurrent calls make one connection. RAC: `-connect`.
    ///
    /// ```
    /// connect(); connect()             source subscribed once; both return the same disposable
    /// (connection ends); connect()     source subscribed again, into a new subject
    /// ```
    ///
    /// - Returns: the live connection's disposable; disposing it ends the connection.
    @discardableResult
    public func connect() -> any Disposable {
        let (connection, isNew) = lock.withLock { connectLocked() }
        if isNew { connection.start() }
        return connection
    }

    /// RAC: none (RxSwift `refCount()`, Combine `autoconnect()`; RAC's `-autoconnect` is one-shot).
    /// A signal that connects at its first subscriber, disconnects when its last subscriber leaves
    /// (or the source terminates), and connects again, into a fresh subject from `makeSubject`,
    /// for the next subscriber. Each subscriber joins the live connection or starts one: it
    /// subscribes to the connection's subject, then the first one subscribes the source. A
    /// connection made by `connect()` is joined too, and ended by the last subscriber to leave.
    ///
    /// Named for what sets it apart from `MulticastConnection.autoconnect()`, RAC's, which
    /// connects once and never again: Combine's `autoconnect()` and RxSwift's `refCount()`
    /// reconnect, and a RAC user reading `autoconnect()` here would expect RAC's. The count of
    /// subscribers belongs to the returned signal. Thread-safe: a subscriber arriving while the
    /// last one leaves, on another thread, either joins the connection before it is ended or
    /// starts a new one, never one being ended.
    ///
    /// ```
    /// source:                  -a-b-c-d-…       (subscribed at each connection)
    /// sub 1:                   ^-a-b-!          (! disposed: count 0, source disposed)
    /// sub 2 at 7:                     ^-a-b-…   (connects again: a fresh subject, source again)
    /// ```
    ///
    /// - Returns: a signal that connects at its first subscriber, disconnects when the last leaves
    ///   and connects again for the next; it completes and fails when the source does.
    public func autoconnectReconnecting() -> Signal<Value, Failure> {
        let shares = RefCountShares<Value, Failure>()
        return Signal(name: SignalDebugNames.name("[\(source.name)] -autoconnectReconnecting")) {
            [self] subscriber in
            let (share, isNew) = lock.withLock { () -> (RefCountShare<Value, Failure>, Bool) in
                if let share = shares.current, !share.connection.isEnded {
                    share.subscribers += 1
                    return (share, false)
                }
                let (connection, isNew) = connectLocked()
                let share = RefCountShare(connection)
                shares.current = share
                return (share, isNew)
            }
            share.connection.subject.subscribe(subscriber)
            if isNew { share.connection.start() }
            return ActionDisposable { [self] in leave(share, of: shares) }
        }
    }

    /// One subscriber of an `autoconnectReconnecting()` signal left: the last one of its share
    /// ends the share's connection, unless it has ended already.
    private func leave(_ share: RefCountShare<Value, Failure>, of shares: RefCountShares<Value, Failure>) {
        let ending = lock.withLock { () -> Connection? in
            share.subscribers -= 1
            guard share.subscribers == 0 else { return nil }
            if shares.current === share { shares.current = nil }
            guard !share.connection.isEnded else { return nil }
            endLocked(share.connection)
            return share.connection
        }
        ending?.link.dispose()
    }

    /// The subject new subscribers attach to, made if the last connection has ended. Called with
    /// `lock` held.
    private func currentSubjectLocked() -> Subject<Value, Failure> {
        if let subject { return subject }
        let made = makeSubject()
        subject = made
        return made
    }

    /// The live connection, or a new one over the current subject (then `true`: the caller starts
    /// it once the lock is released). Called with `lock` held.
    private func connectLocked() -> (Connection, Bool) {
        if let current { return (current, false) }
        let connection = Connection(owner: self, subject: currentSubjectLocked())
        current = connection
        return (connection, true)
    }

    /// Marks `connection` ended and, if it is the live one, lets go of it and of its subject.
    /// Called with `lock` held.
    private func endLocked(_ connection: Connection) {
        connection.isEnded = true
        if current === connection {
            current = nil
            subject = nil
        }
    }

    /// The source terminated into `connection` (or its disposable was disposed): from now on
    /// subscribers attach to a new subject.
    fileprivate func end(_ connection: Connection) {
        lock.withLock { endLocked(connection) }
    }

    /// One connection: the subject it feeds and its subscription to the source. Disposing it ends
    /// the connection.
    final class Connection: Disposable, @unchecked Sendable {
        /// Weak: a connection does not keep the object that made it alive.
        private weak var owner: ReconnectableMulticastConnection?
        let subject: Subject<Value, Failure>
        /// The subscription to the source, once started.
        let link = SerialDisposable()
        /// Guarded by the owner's `lock`: whether the connection has ended.
        var isEnded = false

        init(owner: ReconnectableMulticastConnection, subject: Subject<Value, Failure>) {
            self.owner = owner
            self.subject = subject
        }

        /// Subscribes the subject to the source, through a subscriber that ends the connection
        /// before forwarding a terminal event. Called once, without the lock.
        fileprivate func start() {
            guard let source = owner?.source else { return }
            let subject = self.subject
            let terminated = Locked(false)
            link.inner = source.subscribe(
                Subscriber { [weak self] event in
                    if event.isTerminal {
                        terminated.withValue { $0 = true }
                        if let self {
                            self.owner?.end(self)
                            // Let go of the ended subscription's subscriber (see below).
                            _ = self.link.swap(nil)
                        }
                    }
                    subject.send(event)
                })
            // A source that ended while it was subscribed: its subscriber has stopped; keeping it
            // for as long as the connection lives would be a leak (a release check says so).
            if terminated.current { _ = link.swap(nil) }
        }

        var isDisposed: Bool { link.isDisposed }

        func dispose() {
            owner?.end(self)
            link.dispose()
        }
    }
}

/// The current share of one `autoconnectReconnecting()` signal. Guarded by the owner's lock.
final class RefCountShares<Value, Failure: Error>: @unchecked Sendable {
    var current: RefCountShare<Value, Failure>?
}

/// The subscribers of an `autoconnectReconnecting()` signal that joined one connection. Guarded
/// by the owner's lock.
final class RefCountShare<Value, Failure: Error>: @unchecked Sendable {
    let connection: ReconnectableMulticastConnection<Value, Failure>.Connection
    var subscribers = 1

    init(_ connection: ReconnectableMulticastConnection<Value, Failure>.Connection) {
        self.connection = connection
    }
}
