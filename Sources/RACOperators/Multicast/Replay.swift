// replay, replayLast and replayLazily: share one subscription to the receiver and replay what it sent.
//
// Multicasting operators that share one subscription to the receiver and replay what it sent:
// RAC's `-replay`, `-replayLast` and `-replayLazily`. They build on `multicast(_:)` (Publish.swift)
// and RACCore's `MulticastConnection`. None of them ever disconnects from the receiver, as in
// ReactiveObjC's `RACSignal+Operations.m`: the shared subscription ends only when the receiver
// terminates.

extension Signal {
    /// RAC: `-replay`. Subscribes to the receiver at once, exactly once, through a `ReplaySubject`
    /// of unlimited capacity, and returns that subject: every subscriber, early or late, receives
    /// every value sent so far and then the live events, terminal event included. Hot and eager;
    /// it never disconnects.
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
    /// live events. Hot and eager; it never disconnects.
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
    /// every subscriber does not dispose the shared subscription: it never disconnects.
    ///
    /// It keeps **every** value the receiver sends, for as long as the result lives, so that a late
    /// subscriber can be given them all. For a long-lived source (standard input, a timer, a stream
    /// of responses) use `replayLazily(capacity:)`, which keeps only the latest values, or
    /// `share(replay:scope:)`, which also disconnects when the last subscriber leaves.
    ///
    /// ```
    /// self:                  -a-b-c-|
    /// subscriber at 2:       ---a-b-c-|    (self subscribed at 2, once)
    /// subscriber at 6:       ------(ab)c-|
    /// ```
    public func replayLazily() -> Signal<Value, Failure> {
        replayLazily(into: ReplaySubject(name: SignalDebugNames.name("[\(self.name)] -replayLazily")))
    }

    /// RAC: `-replayLazily`, bounded (RAC's `RACReplaySubject +replaySubjectWithCapacity:` behind
    /// it). As `replayLazily()`, but only the latest `capacity` values are kept and replayed to a
    /// late subscriber (then the terminal event, if any); older values are let go as new ones
    /// arrive. Connects on the first subscription and never disconnects.
    ///
    /// `capacity` must be `>= 0` (0 replays only the terminal event); a negative capacity stops the
    /// process with a message naming the call and the capacity.
    ///
    /// ```
    /// self:                  -a-b-c-|
    /// subscriber at 2:       ---a-b-c-|    (self subscribed at 2, once)
    /// subscriber at 6:       ------bc-|    (replayLazily(capacity: 1): only b replayed)
    /// ```
    public func replayLazily(capacity: Int) -> Signal<Value, Failure> {
        racRequireNonNegative(capacity, "capacity", "replayLazily(capacity:)")
        let name = SignalDebugNames.name("[\(self.name)] -replayLazily(capacity: \(capacity))")
        return replayLazily(into: ReplaySubject(capacity: capacity, name: name))
    }

    /// A signal that multicasts the receiver through `subject`, connecting on its first
    /// subscription.
    private func replayLazily(into subject: ReplaySubject<Value, Failure>) -> Signal<Value, Failure> {
        let connection = multicast(subject)
        return Signal(name: subject.name) { subscriber in
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
