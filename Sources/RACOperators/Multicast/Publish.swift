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
    public func publish() -> MulticastConnection<Value, Failure> {
        multicast(Subject(name: SignalDebugNames.name("[\(name)] -publish")))
    }
}
