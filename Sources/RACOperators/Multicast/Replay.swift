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
    /// self:                       -a-b-c-|      (subscribed once, when replay() is called)
    /// replay(), subscriber at 0:  -a-b-c-|
    /// replay(), subscriber at 4:  ----(ab)c-|
    /// ```
    ///
    /// Peers: RxSwift's `replay(_:)` and `replayAll()` return a connectable observable that
    /// subscribes the source only at `connect()`; this `replay()` subscribes it at once (for that
    /// form, `multicast(ReplaySubject())`, then `connect()`).
    ///
    /// - Returns: a hot signal (a `ReplaySubject`) of this signal's values, all replayed to each
    ///   new subscriber, then its live events; it completes and fails when this signal does, and
    ///   replays that end to later subscribers.
    public func replay() -> Signal<Value, Failure> {
        replayConnected(into: ReplaySubject(name: SignalDebugNames.name("[\(self.name)] -replay")))
    }

    /// RAC: `-replayLast`. As `replay()`, but the subject keeps only the latest value: a late
    /// subscriber receives the last value sent so far (and the terminal event, if any), then the
    /// live events. Hot and eager; it never disconnects.
    ///
    /// ```
    /// self:                           -a-b-c-|      (subscribed once, when replayLast() is called)
    /// replayLast(), subscriber at 0:  -a-b-c-|
    /// replayLast(), subscriber at 4:  ----bc-|
    /// ```
    ///
    /// A connection status that a late screen sees at once:
    ///
    /// ```swift
    /// let connectionStatus = Subject<String, Never>()
    /// let status = connectionStatus.replayLast()     // subscribed now, once
    /// connectionStatus.sendNext("connecting")
    /// connectionStatus.sendNext("online")
    /// let subscription = status.subscribe(next: { print("status:", $0) })   // status: online
    /// connectionStatus.sendNext("offline")                                  // status: offline
    /// subscription.dispose()
    /// ```
    ///
    /// - Returns: a hot signal (a `ReplaySubject` of capacity 1) of this signal's latest value,
    ///   replayed to each new subscriber, then its live events; it completes and fails when this
    ///   signal does, and replays that end to later subscribers.
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
    /// self:                             -a-b-c-|
    /// replayLazily(), subscriber at 2:  ---a-b-c-|    (self subscribed at 2, once)
    /// replayLazily(), subscriber at 6:  ------(ab)c-|
    /// ```
    ///
    /// A configuration file read once, on first use, then shared:
    ///
    /// ```swift
    /// var reads = 0
    /// let readConfig = Signal<String, Never> { subscriber in
    ///     reads += 1
    ///     subscriber.sendNext("theme=dark")
    ///     subscriber.sendCompleted()
    ///     return nil
    /// }
    /// let config = readConfig.replayLazily()        // nothing read yet
    /// config.subscribe(next: { print("editor:", $0) })     // editor: theme=dark
    /// config.subscribe(next: { print("preview:", $0) })    // preview: theme=dark (replayed)
    /// print("reads:", reads)                                // reads: 1
    /// ```
    ///
    /// - Returns: a signal that subscribes this signal at its first subscription and replays every
    ///   value sent so far to each subscriber, then the live events; it completes and fails when
    ///   this signal does.
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
    /// self:                                        -a-b-c-|
    /// replayLazily(capacity: 1), subscriber at 2:  ---a-b-c-|    (self subscribed at 2, once)
    /// replayLazily(capacity: 1), subscriber at 6:  ------bc-|    (only b replayed)
    /// ```
    ///
    /// - Parameter capacity: how many of the latest values are kept for late subscribers (`>= 0`).
    /// - Returns: a signal that subscribes this signal at its first subscription and replays the
    ///   latest `capacity` values to each subscriber, then the live events; it completes and fails
    ///   when this signal does.
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
