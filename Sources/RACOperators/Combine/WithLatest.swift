// withLatest(from:): each value of the receiver, paired with the latest value of another signal.
// Two inputs, one state (Combine/MultiInput.swift): the latest value of `other` needs no lock of
// its own, since both inputs deliver under the downstream's delivery lock.

extension Signal {
    /// RAC: none (RxSwift `withLatestFrom`, ReactiveSwift `withLatest(from:)`). Sends each value of
    /// this signal paired with the latest value of `other`; a value that arrives before `other` has
    /// sent one is dropped. Ends when this signal ends: `other`'s completion is not an end (its
    /// last value keeps being used), its error is. `other` is subscribed first, so a signal that
    /// sends at once (a property, `Signal(value:)`) is ready for this signal's first value.
    ///
    /// Unlike `combineLatest(with:)`, values of `other` do not send anything; unlike `sample(_:)`,
    /// this signal is the trigger.
    ///
    /// ```
    /// self:                -a---b--c-|
    /// other:               --1-2-----3-|
    /// withLatest(from:):   -----x--y-|       x = (b, 2), y = (c, 2)
    /// ```
    ///
    /// Saving the latest draft each time the Save button is tapped:
    ///
    /// ```swift
    /// let saveTaps = Subject<Void, Never>()
    /// let draft = Subject<String, Never>()
    /// let saves = saveTaps.withLatest(from: draft).map { _, text in text }
    /// let subscription = saves.subscribe(next: { print("saving", $0) })
    /// saveTaps.sendNext(())          // nothing: no draft yet
    /// draft.sendNext("Hello")        // nothing: typing does not save
    /// draft.sendNext("Hello, world")
    /// saveTaps.sendNext(())          // saving Hello, world
    /// subscription.dispose()
    /// ```
    ///
    /// - Parameter other: the signal whose latest value goes with each of this signal's values.
    /// - Returns: a signal of `(value, latest of other)` pairs, one for each value of this signal
    ///   sent after `other`'s first; it completes when this signal completes and fails when either
    ///   fails.
    @inlinable
    public func withLatest<Other>(from other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
        withLatest(from: other) { ($0, $1) }
    }

    /// RAC: none (RxSwift `withLatestFrom(_:resultSelector:)`). As `withLatest(from:)`, sending
    /// `combine(value, latest)` instead of the pair.
    ///
    /// ```
    /// self:                          -a---b--c-|
    /// other:                         --1-2-----3-|
    /// withLatest(from:) { $0 + $1 }: -----x--y-|       x = b2, y = c2
    /// ```
    ///
    /// - Parameters:
    ///   - other: the signal whose latest value goes with each of this signal's values.
    ///   - combine: makes the value to send from this signal's value and `other`'s latest.
    /// - Returns: a signal of `combine(value, latest)`, one for each value of this signal sent
    ///   after `other`'s first; it completes when this signal completes and fails when either
    ///   fails.
    @inlinable
    public func withLatest<Other, Result>(
        from other: Signal<Other, Failure>, _ combine: @escaping (Value, Other) -> Result
    ) -> Signal<Result, Failure> {
        .pairInputs(self, other, named: SignalDebugNames.name("[\(self.name)] withLatestFrom: \(other)")) {
            WithLatestState(downstream: $0, combine: combine)
        }
    }
}

/// One subscription of `withLatest(from:)`: the receiver is the left input, `other` the right one,
/// subscribed first. Its methods run under the delivery lock that both inputs share with
/// `downstream`.
@usableFromInline
final class WithLatestState<Value, Other, Result, Failure: Error>: PairInputState, @unchecked Sendable {

    @usableFromInline let downstream: Subscriber<Result, Failure>
    @usableFromInline let combine: (Value, Other) -> Result
    /// The latest value of `other`, `nil` until its first.
    @exclusivity(unchecked) @usableFromInline var latest: Other?

    @inlinable
    init(downstream: Subscriber<Result, Failure>, combine: @escaping (Value, Other) -> Result) {
        self.downstream = downstream
        self.combine = combine
    }

    /// `other` first, so that a signal that sends at once is ready for the receiver's first value.
    @inlinable
    static var subscribesRightFirst: Bool { true }

    /// The receiver: each value is combined with `other`'s latest, if any; its end is the end.
    @inlinable
    func receiveLeft(_ event: Event<Value, Failure>) {
        switch event {
        case .next(let value):
            if let latest {
                downstream.sendNext(combine(value, latest))
            }
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            downstream.sendCompleted()
        }
    }

    /// `other`: its values are kept, its error ends the result, its completion does nothing.
    @inlinable
    func receiveRight(_ event: Event<Other, Failure>) {
        switch event {
        case .next(let value):
            latest = value
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            break
        }
    }
}
