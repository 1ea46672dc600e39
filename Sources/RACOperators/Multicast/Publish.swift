// publish and multicast(_:): share one subscription to the receiver through a MulticastConnection.

extension Signal {
    /// A connection that shares one subscription to this signal through `subject` (any subject:
    /// `ReplaySubject` to replay, `BehaviorSubject` for a current value). Nothing is subscribed
    /// until `connect()`. RAC: `-multicast:`.
    ///
    /// ```
    /// self:                 -a-b-c-|       (subscribed once, by connect() at 0)
    /// multicast(ReplaySubject()), connected at 0:
    /// subscriber at 0:      -a-b-c-|
    /// subscriber at 4:      ----(ab)c-|
    /// ```
    ///
    /// - Parameter subject: the subject that receives this signal's events and that subscribers
    ///   of the connection's `signal` subscribe to.
    /// - Returns: an unconnected, one-shot `MulticastConnection`: `connect()` subscribes `subject`
    ///   to this signal; `signal` completes and fails when this signal does.
    public func multicast(_ subject: Subject<Value, Failure>) -> MulticastConnection<Value, Failure> {
        MulticastConnection(source: self, subject: subject)
    }

    /// A connection that shares one subscription to this signal through a plain `Subject`:
    /// subscribers receive only what is sent after they subscribe. RAC: `-publish`.
    ///
    /// ```
    /// source:           -a-b-c-|
    /// connect() at      ^
    /// sub after a:         -b-c-|
    /// ```
    ///
    /// One stock feed for two views, started by hand once both are subscribed:
    ///
    /// ```swift
    /// let quotes = Subject<Double, Never>()
    /// let connection = quotes.doSubscribed { print("feed started") }.publish()
    /// let chart = connection.signal.subscribe(next: { print("chart", $0) })
    /// let ticker = connection.signal.subscribe(next: { print("ticker", $0) })
    /// connection.connect()       // feed started (once, for both)
    /// quotes.sendNext(101.5)     // chart 101.5, ticker 101.5
    /// chart.dispose()
    /// ticker.dispose()
    /// ```
    ///
    /// - Returns: an unconnected, one-shot `MulticastConnection` through a plain `Subject`:
    ///   `connect()` subscribes it to this signal; its `signal` completes and fails when this
    ///   signal does.
    public func publish() -> MulticastConnection<Value, Failure> {
        multicast(Subject(name: SignalDebugNames.name("[\(name)] -publish")))
    }
}
