// combineLatest: the pair, array and parameter-pack forms, and the state of the pair and array forms.
//
// combineLatest: once every input has sent a value, sends a tuple of the latest values each time
// any input sends (ReactiveObjC: `RACSignal+Operations.m -combineLatestWith:` and
// `+combineLatest:`). Completes when every input has completed; an error from any input is
// forwarded. Every input delivers under the downstream subscriber's (recursive)
// delivery lock, so tuples keep their order whatever threads the inputs send on, and an event takes
// one lock. The state of the parameter-pack form is in CombineLatestPack.swift.

/// One subscription of `combineLatest(with:)`. Its methods run under the delivery lock that both
/// inputs share with `downstream`.
@usableFromInline
final class CombineLatestPairState<Left, Right, Failure: Error>: PairInputState, @unchecked Sendable {
    @usableFromInline typealias LeftFailure = Failure
    @usableFromInline typealias RightFailure = Failure
    @usableFromInline typealias Output = (Left, Right)

    @usableFromInline let downstream: Subscriber<(Left, Right), Failure>
    @exclusivity(unchecked) @usableFromInline var left: Left?
    @exclusivity(unchecked) @usableFromInline var right: Right?
    @exclusivity(unchecked) @usableFromInline var completedCount = 0

    @inlinable
    init(downstream: Subscriber<(Left, Right), Failure>) {
        self.downstream = downstream
    }

    @inlinable
    func receiveLeft(_ event: Event<Left, Failure>) {
        switch event {
        case .next(let value):
            left = value
            if let right {
                downstream.sendNext((value, right))
            }
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            completed()
        }
    }

    @inlinable
    func receiveRight(_ event: Event<Right, Failure>) {
        switch event {
        case .next(let value):
            right = value
            if let left {
                downstream.sendNext((left, value))
            }
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            completed()
        }
    }

    @inlinable
    func completed() {
        completedCount += 1
        if completedCount == 2 { downstream.sendCompleted() }
    }
}

/// One subscription of `Signal.combineLatest` over a collection of signals of one type. Its
/// methods run under the delivery lock that every input shares with `downstream`.
@usableFromInline
final class CombineLatestArrayState<Value, Failure: Error>: ArrayInputState, @unchecked Sendable {
    @usableFromInline typealias Output = [Value]

    @usableFromInline let downstream: Subscriber<[Value], Failure>
    @exclusivity(unchecked) @usableFromInline var latest: ContiguousArray<Value?>
    @exclusivity(unchecked) @usableFromInline var ready = 0
    @exclusivity(unchecked) @usableFromInline var completedCount = 0

    @inlinable
    init(downstream: Subscriber<[Value], Failure>, count: Int) {
        self.downstream = downstream
        latest = ContiguousArray(repeating: nil, count: count)
    }

    @inlinable
    func receive(_ event: Event<Value, Failure>, at index: Int) {
        switch event {
        case .next(let value):
            if case .none = latest[index] { ready += 1 }
            latest[index] = value
            if ready == latest.count {
                downstream.sendNext(latest.map { $0! })
            }
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            completedCount += 1
            if completedCount == latest.count { downstream.sendCompleted() }
        }
    }
}

extension Signal {
    /// RAC: `-combineLatestWith:`. Once both signals have sent a value, sends the pair of their
    /// latest values each time either sends. Completes when both have completed; an error from
    /// either is forwarded.
    ///
    /// Peers: an input that ends without a value does not end the result early: it can send
    /// nothing more, but it completes only when both inputs have. RxSwift's `combineLatest`
    /// completes at the other input's next value instead.
    ///
    /// ```
    /// self:                          -1----2-----|
    /// other:                         ---a-----b----|
    /// combineLatest(with:):          ---x--y--z----|    x = (1, a), y = (2, a), z = (2, b)
    /// silent:                        --|
    /// combineLatest(with: silent):   ------------|      (nothing sent; ends with self)
    /// RxSwift, with silent:          ------|            (ends at self's 2)
    /// ```
    ///
    /// A sign-in button enabled once both fields are filled in:
    ///
    /// ```swift
    /// let username = Subject<String, Never>()
    /// let password = Subject<String, Never>()
    /// let canSignIn = username.combineLatest(with: password)
    ///     .map { name, secret in !name.isEmpty && secret.count >= 8 }
    /// let subscription = canSignIn.subscribe(next: { print("sign-in enabled:", $0) })
    /// username.sendNext("ada")              // nothing yet: no password
    /// password.sendNext("hunter2")          // sign-in enabled: false
    /// password.sendNext("correct horse")    // sign-in enabled: true
    /// subscription.dispose()
    /// ```
    ///
    /// - Parameter other: the signal whose latest value is paired with this signal's.
    /// - Returns: a signal of `(latest of self, latest of other)` pairs, sent from the moment both
    ///   have sent a value; it completes when both have completed and fails as soon as either fails.
    @inlinable
    public func combineLatest<Other>(with other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
        let name = SignalDebugNames.name("[\(self.name)] -combineLatestWith: \(other)")
        return .pairInputs(self, other, named: name) { CombineLatestPairState(downstream: $0) }
    }

    /// RAC: `+combineLatest:`. Combines any number of signals of any value types: once every one
    /// has sent a value, sends the tuple of their latest values each time any sends. Completes
    /// when all have completed (at once for none); an error from any is forwarded.
    ///
    /// Peers: an input that ends without a value does not end the result early, as RxSwift's
    /// `combineLatest` does at another input's next value; see `combineLatest(with:)`.
    ///
    /// ```
    /// a:              -1-----2---|
    /// b:              ---x-------|
    /// c:              ----p-q-----|
    /// combineLatest:  ----u-vw----|    u = (1, x, p), v = (1, x, q), w = (2, x, q)
    /// ```
    ///
    /// - Parameter signals: the signals to combine, any number, each with its own value type.
    /// - Returns: a signal of tuples of the latest values, in argument order, sent once every
    ///   signal has sent one; it completes when all have completed and fails when any fails.
    @inlinable
    public static func combineLatest<each Input>(
        _ signals: repeat Signal<each Input, Failure>
    ) -> Signal<(repeat each Input), Failure> where Value == (repeat each Input) {
        packInputs(repeat each signals, named: SignalDebugNames.name("+combineLatest:")) {
            CombineLatestPackState(downstream: $0, count: $1)
        }
    }

    /// RAC: `+combineLatest:` on a collection. Sends arrays of the latest values, in the order of
    /// `signals`, once each has sent a value. An empty collection completes at once (as
    /// ReactiveObjC's `RACStream.m +join:block:` returns `+empty`).
    ///
    /// Peers: `combineLatest([])` sends no value, not even `[]` (it completes at once), so a
    /// view fed by a list that may be empty never shows the empty state; write
    /// `signals.isEmpty ? Signal(value: []) : Signal.combineLatest(signals)`. An input that ends
    /// without a value does not end the result early (RxSwift's does, at another input's next
    /// value).
    ///
    /// ```
    /// signals:        [ -1---2-|, --a----| ]
    /// combineLatest:  --u--v-|      u = [1, a], v = [2, a]
    /// ```
    ///
    /// - Parameter signals: the signals to combine, all of one value type.
    /// - Returns: a signal of arrays of the latest values, in the order of `signals`, sent once each
    ///   has sent one; it completes when all have completed (at once for none) and fails when any
    ///   fails.
    @inlinable
    public static func combineLatest<Element>(
        _ signals: some Sequence<Signal<Element, Failure>>
    ) -> Signal<[Element], Failure> where Value == [Element] {
        join(signals, "+combineLatest:") { CombineLatestArrayState(downstream: $0, count: $1) }
    }
}
