// zip: the pair, array and parameter-pack forms, and the state of the pair and array forms.
//
// zip: pairs values of the same index (ReactiveObjC: `RACSignal.m -zipWith:` and
// `RACStream.m +zip:`). Each input's values wait in a FIFO buffer; a tuple goes out once every
// buffer holds a value; the result completes as soon as one input has completed and its buffer is
// empty. Every input delivers under the downstream subscriber's (recursive) delivery lock, so
// tuples keep their order whatever threads the inputs send on, and an event takes one lock. The
// state of the parameter-pack form is in ZipPack.swift.

/// One subscription of `zip(with:)`. Its methods run under the delivery lock that both inputs
/// share with `downstream`.
@usableFromInline
final class ZipPairState<Left, Right, Failure: Error>: PairInputState, @unchecked Sendable {
    @usableFromInline typealias LeftFailure = Failure
    @usableFromInline typealias RightFailure = Failure
    @usableFromInline typealias Output = (Left, Right)

    @usableFromInline let downstream: Subscriber<(Left, Right), Failure>
    @usableFromInline let left = FIFO<Left>()
    @usableFromInline let right = FIFO<Right>()
    @exclusivity(unchecked) @usableFromInline var leftCompleted = false
    @exclusivity(unchecked) @usableFromInline var rightCompleted = false
    @exclusivity(unchecked) @usableFromInline var finished = false

    @inlinable
    init(downstream: Subscriber<(Left, Right), Failure>) {
        self.downstream = downstream
    }

    @inlinable
    func receiveLeft(_ event: Event<Left, Failure>) {
        switch event {
        case .next(let value):
            guard !finished else { return }
            left.append(value)
            emit()
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            leftCompleted = true
            if left.isEmpty { finish() }
        }
    }

    @inlinable
    func receiveRight(_ event: Event<Right, Failure>) {
        switch event {
        case .next(let value):
            guard !finished else { return }
            right.append(value)
            emit()
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            rightCompleted = true
            if right.isEmpty { finish() }
        }
    }

    /// Sends a pair if both buffers hold a value, then completes if a completed side is now empty.
    @inlinable
    func emit() {
        guard !left.isEmpty, !right.isEmpty else { return }
        downstream.sendNext((left.removeFirst(), right.removeFirst()))
        if (leftCompleted && left.isEmpty) || (rightCompleted && right.isEmpty) {
            finish()
        }
    }

    @inlinable
    func finish() {
        guard !finished else { return }
        finished = true
        downstream.sendCompleted()
    }
}

/// One subscription of `Signal.zip` over a collection of signals of one type. Its methods run
/// under the delivery lock that every input shares with `downstream`.
@usableFromInline
final class ZipArrayState<Value, Failure: Error>: ArrayInputState, @unchecked Sendable {
    @usableFromInline typealias Output = [Value]

    @usableFromInline let downstream: Subscriber<[Value], Failure>
    @usableFromInline let buffers: ContiguousArray<FIFO<Value>>
    @exclusivity(unchecked) @usableFromInline var completed: ContiguousArray<Bool>
    /// How many buffers hold at least one value.
    @exclusivity(unchecked) @usableFromInline var filled = 0
    @exclusivity(unchecked) @usableFromInline var finished = false

    @inlinable
    init(downstream: Subscriber<[Value], Failure>, count: Int) {
        self.downstream = downstream
        buffers = ContiguousArray((0..<count).lazy.map { _ in FIFO<Value>() })
        completed = ContiguousArray(repeating: false, count: count)
    }

    @inlinable
    func receive(_ event: Event<Value, Failure>, at index: Int) {
        switch event {
        case .next(let value):
            guard !finished else { return }
            if buffers[index].isEmpty { filled += 1 }
            buffers[index].append(value)
            emit()
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            completed[index] = true
            if buffers[index].isEmpty { finish() }
        }
    }

    @inlinable
    func emit() {
        guard filled == buffers.count else { return }
        var values: [Value] = []
        values.reserveCapacity(buffers.count)
        filled = 0
        for buffer in buffers {
            values.append(buffer.removeFirst())
            if !buffer.isEmpty { filled += 1 }
        }
        downstream.sendNext(values)
        for index in buffers.indices where completed[index] && buffers[index].isEmpty {
            finish()
            return
        }
    }

    @inlinable
    func finish() {
        guard !finished else { return }
        finished = true
        downstream.sendCompleted()
    }
}

extension Signal {
    /// RAC: `-zipWith:`. Pairs the n-th value of this signal with the n-th value of `other`.
    /// Values wait in a buffer until the other side has one to pair with; the result completes as
    /// soon as one side has completed and its buffer is empty, dropping the other side's leftovers.
    /// An error from either side is forwarded.
    ///
    /// Peers: the result ends as soon as one input has ended with nothing queued, as RAC's did;
    /// RxSwift's `zip` waits until every input has ended, sending nothing more meanwhile.
    ///
    /// ```
    /// self:                 -1--2-3-|
    /// other:                --a----b--c-|
    /// zip(with:):           --x----y--(z|)     x = (1, a), y = (2, b), z = (3, c): self is done and empty
    /// RxSwift zip:          --x----y--z-|
    /// short:                -1-|
    /// zip(with:) of short:  --x|               (short is done and empty at 3)
    /// RxSwift, of short:    --x---------|      (waits for other's end)
    /// ```
    ///
    /// Each request paired with its response, in order:
    ///
    /// ```swift
    /// let requests = Subject<String, Never>()
    /// let statuses = Subject<Int, Never>()
    /// let log = requests.zip(with: statuses).map { request, status in "\(request) -> \(status)" }
    /// let subscription = log.subscribe(next: { print($0) })
    /// requests.sendNext("GET /inbox")
    /// requests.sendNext("GET /drafts")    // both wait for their status
    /// statuses.sendNext(200)              // GET /inbox -> 200
    /// statuses.sendNext(404)              // GET /drafts -> 404
    /// subscription.dispose()
    /// ```
    ///
    /// - Parameter other: the signal whose n-th value is paired with this signal's n-th value.
    /// - Returns: a signal of `(self's n-th, other's n-th)` pairs; it completes as soon as one side
    ///   has completed with no value left waiting, and fails as soon as either fails.
    @inlinable
    public func zip<Other>(with other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
        .pairInputs(self, other, named: SignalDebugNames.name("[\(self.name)] -zipWith: \(other)")) {
            ZipPairState(downstream: $0)
        }
    }

    /// RAC: `+zip:`. Zips any number of signals of any value types into tuples of the values with
    /// the same index, as `zip(with:)` does for two. Subscribes in argument order; with no signals,
    /// completes at once.
    ///
    /// Peers: as `zip(with:)`, the result ends as soon as one input has ended with nothing
    /// queued; RxSwift's `zip` waits until every input has ended.
    ///
    /// ```
    /// a:    -1---2---|
    /// b:    --x----y-|
    /// c:    ---p-q---|
    /// zip:  ---u---v-|       u = (1, x, p), v = (2, y, q)
    /// ```
    ///
    /// - Parameter signals: the signals to zip, any number, each with its own value type.
    /// - Returns: a signal of tuples of the values with the same index, in argument order; it
    ///   completes as soon as one signal has completed with no value left waiting (at once for
    ///   none), and fails as soon as any fails.
    @inlinable
    public static func zip<each Input>(
        _ signals: repeat Signal<each Input, Failure>
    ) -> Signal<(repeat each Input), Failure> where Value == (repeat each Input) {
        packInputs(repeat each signals, named: SignalDebugNames.name("+zip:")) {
            ZipPackState(downstream: $0, count: $1)
        }
    }

    /// RAC: `+zip:` on a collection. Sends arrays of the values with the same index, in the order
    /// of `signals`. An empty collection gives a signal that completes at once (as
    /// ReactiveObjC's `RACStream.m +join:block:` returns `+empty`).
    ///
    /// ```
    /// signals:  [ -1--2-|, --a-b-| ]
    /// zip:      --u-v-|         u = [1, a], v = [2, b]
    /// ```
    ///
    /// - Parameter signals: the signals to zip, all of one value type.
    /// - Returns: a signal of arrays of the values with the same index, in the order of `signals`;
    ///   it completes as soon as one has completed with no value left waiting (at once for none),
    ///   and fails as soon as any fails.
    @inlinable
    public static func zip<Element>(
        _ signals: some Sequence<Signal<Element, Failure>>
    ) -> Signal<[Element], Failure> where Value == [Element] {
        join(signals, "+zip:") { ZipArrayState(downstream: $0, count: $1) }
    }
}
