// replay, replayLast and replayLazily: share one subscription to the receiver and replay what it sent.
//
// Multicasting operators that share one subscription to the receiver and replay what it sent:
// RAC's `-replay`, `-replayLast` and `-replayLazily`. They build on `multicast(_:)` (Publish.swift)
// and RACCore's `MulticastConnection`. None of them ever disconnects from the receiver (RAC X28):
// the shared subscription ends only when the receiver terminates.

extension Signal {
    /// RAC: `-replay`. Subscribes to the receiver at once, exactly once, through a `ReplaySubject`
    /// of unlimited capacity, and returns that subject: every subscriber, early or late, receives
    /// every value sent so far and then the live events, terminal event included. Hot and eager;
    /// it never disconnects (RAC X28).
    ///
    /// ```
    /// self:                  -a-b-c-|      (subscribed once, when replay() is called)
    /// subscriber at 0:       -a-b-c-|
    /// subscriber at 4:       ----(ab)c-|
    /// ```
    public func replay() -> Signal<Value, Failure> {
        replayConnected(into: ReplaySubject(name: SignalDebugNames.name("[\(self.name)] -replay")))
    }

    /// RAC: `-replayLast`. As `replay()`, but the subject keeps only the latest value: a late
    /// subscriber receives the last value sent so far (and the terminal event, if any), then the
    /// live events. Hot and eager; it never disconnects (RAC X28).
    ///
    /// ```
    /// self:                  -a-b-c-|      (subscribed once, when replayLast() is called)
    /// subscriber at 0:       -a-b-c-|
    /// subscriber at 4:       ----bc-|
    /// ```
    public func replayLast() -> Signal<Value, Failure> {
        replayConnected(
            into: ReplaySubject(capacity: 1, name: SignalDebugNames.name("[\(self.name)] -replayLast")))
    }

    /// RAC: `-replayLazily`. As `replay()`, but the receiver is subscribed only when the result is
    /// first subscribed (RAC: `+defer:` that connects, then returns the connection's signal).
    /// Later subscribers share that one subscription and receive everything sent so far. Disposing
    /// every subscriber does not dispose the shared subscription: it never disconnects (RAC X28).
    ///
    /// ```
    /// self:                  -a-b-c-|
    /// subscriber at 2:       ---a-b-c-|    (self subscribed at 2, once)
    /// subscriber at 6:       ------(ab)c-|
    /// ```
    public func replayLazily() -> Signal<Value, Failure> {
        let connection = multicast(ReplaySubject(name: SignalDebugNames.name("[\(self.name)] -replayLazily")))
        return Signal(name: SignalDebugNames.name("[\(self.name)] -replayLazily")) { subscriber in
            connection.connect()
            return connection.signal.subscribe(subscriber)
        }
    }

    /// Multicasts the receiver through `subject`, connects at once and returns the subject.
    private func replayConnected(into subject: ReplaySubject<Value, Failure>) -> Signal<Value, Failure> {
        let connection = multicast(subject)
        connection.connect()
        return connection.signal
    }
}
