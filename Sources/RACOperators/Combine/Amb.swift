// amb / race: of several signals, only the first to send anything is followed.

extension Signal {
    /// RAC: none (RxSwift `amb`, ReactiveX `race`). Subscribes to every signal, in order, and
    /// follows only the first to send an event (a value, an error or the completion): the others are
    /// disposed at once, and the result is that signal's events from then on. A signal that sends
    /// while it is subscribed wins before the later ones are subscribed at all. Of no signals, the
    /// result never sends (as in RxSwift: there is no one to win).
    ///
    /// ```
    /// a:               ---a1--a2-|
    /// b:               --b1----b2---|
    /// Signal.amb(a, b): --b1----b2---|      (b sent first; a is disposed at frame 2)
    /// ```
    @inlinable
    public static func amb(_ signals: some Sequence<Signal<Value, Failure>>) -> Signal<Value, Failure> {
        let competitors = Array(signals)
        return Signal(name: SignalDebugNames.name("+amb: \(competitors.count) signals")) { subscriber in
            let race = Race<Value, Failure>(count: competitors.count)
            for (index, signal) in competitors.enumerated() {
                let competitor = Subscriber<Value, Failure> { event in
                    guard race.admit(index) else { return }
                    subscriber.send(event)
                }
                // Someone won while the earlier ones were subscribed: the rest never start.
                guard race.enter(competitor, at: index) else { break }
                subscriber.link(competitor)
                signal.subscribe(competitor)
            }
            return nil
        }
    }

    /// RAC: none (RxSwift `amb`). `Signal.amb(signals)` with the signals as arguments.
    ///
    /// ```
    /// a:               ---a1-|
    /// b:               --b1--|
    /// Signal.amb(a, b): --b1--|
    /// ```
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
    @inlinable
    public static func race(_ signals: Signal<Value, Failure>...) -> Signal<Value, Failure> {
        amb(signals)
    }
}

/// The state of one subscription of `amb`: who won, and the competitors to dispose when someone
/// does (weakly: each competitor is held by its own source).
@usableFromInline
final class Race<Value, Failure: Error>: @unchecked Sendable {
    private struct Entry {
        weak var subscriber: Subscriber<Value, Failure>?
    }

    @usableFromInline let lock = PthreadLock()
    /// The index of the competitor that won. Read and written only under `lock`.
    @exclusivity(unchecked) @usableFromInline var winner: Int?
    private var entries: [Entry]

    @usableFromInline
    init(count: Int) {
        entries = Array(repeating: Entry(), count: count)
    }

    /// Records the competitor at `index`, before it is subscribed; `false` if a competitor has
    /// already won, and then it must not be subscribed.
    @usableFromInline
    func enter(_ subscriber: Subscriber<Value, Failure>, at index: Int) -> Bool {
        lock.withLock {
            guard winner == nil else { return false }
            entries[index].subscriber = subscriber
            return true
        }
    }

    /// Whether the competitor at `index` may send: it is the winner, or it wins now (and then every
    /// other competitor is disposed). Once someone has won, this is one lock and a comparison.
    @inlinable
    func admit(_ index: Int) -> Bool {
        if let winner = lock.withLock({ winner }) { return winner == index }
        return claim(index)
    }

    /// The first event of the race (rare, out of line): the competitor at `index` wins unless
    /// another one has won meanwhile, and then every other competitor is disposed.
    @usableFromInline
    func claim(_ index: Int) -> Bool {
        let losers: [Subscriber<Value, Failure>]? = lock.withLock {
            if let winner { return winner == index ? [] : nil }
            winner = index
            let others = entries.indices.filter { $0 != index }.compactMap { entries[$0].subscriber }
            entries = []
            return others
        }
        guard let losers else { return false }
        for loser in losers {
            loser.dispose()
        }
        return true
    }
}
