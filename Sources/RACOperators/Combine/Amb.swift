// amb / race: of several signals, only the first to send anything is followed. Several inputs, one
// state (Combine/MultiInput.swift): the race is decided under the downstream's delivery lock, which
// every competitor shares.

extension Signal {
    /// RAC: none (RxSwift `amb`, ReactiveX `race`). Subscribes to every signal, in order, and
    /// follows only the first to send an event (a value, an error or the completion): the others are
    /// disposed at once, and the result is that signal's events from then on. A signal that sends
    /// while it is subscribed wins before the later ones are subscribed at all. Of no signals, the
    /// result never sends (as in RxSwift: there is no one to win).
    ///
    /// ```
    /// a:                 ---a--a-|
    /// b:                 --b----b---|
    /// Signal.amb(a, b):  --b----b---|      (b sent first; a is disposed at frame 2)
    /// ```
    ///
    /// - Parameter signals: the competing signals, subscribed in this order.
    /// - Returns: a signal of the events of whichever signal sends first (it completes or fails when
    ///   that one does); of no signals, a signal that never sends.
    @inlinable
    public static func amb(_ signals: some Sequence<Signal<Value, Failure>>) -> Signal<Value, Failure> {
        let competitors = ContiguousArray(signals)
        return arrayInputs(competitors, named: SignalDebugNames.name("+amb: \(competitors.count) signals")) {
            downstream, _ in AmbState(downstream: downstream)
        }
    }

    /// RAC: none (RxSwift `amb`). `Signal.amb(signals)` with the signals as arguments.
    ///
    /// ```
    /// a:                 ---a--a-|
    /// b:                 --b----b---|
    /// Signal.amb(a, b):  --b----b---|
    /// ```
    ///
    /// - Parameter signals: the competing signals, subscribed in this order.
    /// - Returns: a signal of the events of whichever signal sends first; it completes or fails when
    ///   that one does.
    @inlinable
    public static func amb(_ signals: Signal<Value, Failure>...) -> Signal<Value, Failure> {
        amb(signals)
    }

    /// RAC: none (RxSwift `amb(_:)`). Follows this signal or `other`, whichever sends first.
    ///
    /// ```
    /// self:        --a-|
    /// other:       ---b-|
    /// amb(other):  --a-|
    /// ```
    ///
    /// - Parameter other: the signal competing with this one, subscribed after it.
    /// - Returns: a signal of the events of this signal or `other`, whichever sends first; it completes
    ///   or fails when that one does.
    @inlinable
    public func amb(_ other: Signal<Value, Failure>) -> Signal<Value, Failure> {
        Signal.amb([self, other])
    }

    /// RAC: none (ReactiveX `race`). The same as `Signal.amb(_:)`, under ReactiveX's other name.
    ///
    /// ```
    /// a:                ---a-|
    /// b:                --b--|
    /// Signal.race(a, b): --b--|
    /// ```
    ///
    /// - Parameter signals: the competing signals, subscribed in this order.
    /// - Returns: a signal of the events of whichever signal sends first; it completes or fails when
    ///   that one does.
    @inlinable
    public static func race(_ signals: Signal<Value, Failure>...) -> Signal<Value, Failure> {
        amb(signals)
    }
}

/// One subscription of `amb`: who won, and the competitors' subscribers, to dispose the others when
/// someone wins. Its method runs under the delivery lock that every competitor shares with
/// `downstream`.
@usableFromInline
final class AmbState<Value, Failure: Error>: ArrayInputState, @unchecked Sendable {
    @usableFromInline typealias Output = Value

    @usableFromInline let downstream: Subscriber<Value, Failure>
    /// The competitors' subscribers, in order.
    @usableFromInline let competitors = InputLinks()
    /// The index of the competitor that won, `nil` until one sends.
    @exclusivity(unchecked) @usableFromInline var winner: Int?

    @inlinable
    init(downstream: Subscriber<Value, Failure>) {
        self.downstream = downstream
    }

    @inlinable
    func attach(_ inputs: ContiguousArray<Subscriber<Value, Failure>>) {
        for input in inputs {
            competitors.add(input)
        }
    }

    /// The competitor at `index` sends: forwarded if it is the winner, or if it wins now (and then
    /// every other competitor is disposed, and those not yet subscribed never are).
    @inlinable
    func receive(_ event: Event<Value, Failure>, at index: Int) {
        if let winner {
            guard winner == index else { return }
        } else {
            win(index)
        }
        downstream.send(event)
    }

    /// The first event of the race (rare, out of line): the competitor at `index` wins.
    @usableFromInline
    func win(_ index: Int) {
        winner = index
        competitors.dispose(allBut: index)
    }
}
