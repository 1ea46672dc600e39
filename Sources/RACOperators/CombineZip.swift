// zip: pairs values of the same index (RAC R64, R50, R51). Each input's values wait in a FIFO
// buffer; a tuple goes out once every buffer holds a value; the result completes as soon as one
// input has completed and its buffer is empty. Tuples are sent under the subscription's
// (recursive) lock, so they keep their order whatever threads the inputs send on; completion is
// sent after the lock is released.

/// One subscription of `zip(with:)`.
private final class ZipPairState<Left, Right, Failure: Error>: @unchecked Sendable {
    private let lock = PthreadLock(recursive: true)
    private let downstream: Subscriber<(Left, Right), Failure>
    // Guarded by `lock`.
    private var left = FIFO<Left>()
    private var right = FIFO<Right>()
    private var leftCompleted = false
    private var rightCompleted = false
    private var finished = false

    init(downstream: Subscriber<(Left, Right), Failure>) {
        self.downstream = downstream
    }

    func receiveLeft(_ event: Event<Left, Failure>) {
        switch event {
        case .next(let value):
            lock.lock()
            guard !finished else { return lock.unlock() }
            left.append(value)
            let complete = emitLocked()
            lock.unlock()
            if complete { downstream.sendCompleted() }
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            lock.lock()
            leftCompleted = true
            let complete = !finished && left.isEmpty
            if complete { finished = true }
            lock.unlock()
            if complete { downstream.sendCompleted() }
        }
    }

    func receiveRight(_ event: Event<Right, Failure>) {
        switch event {
        case .next(let value):
            lock.lock()
            guard !finished else { return lock.unlock() }
            right.append(value)
            let complete = emitLocked()
            lock.unlock()
            if complete { downstream.sendCompleted() }
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            lock.lock()
            rightCompleted = true
            let complete = !finished && right.isEmpty
            if complete { finished = true }
            lock.unlock()
            if complete { downstream.sendCompleted() }
        }
    }

    /// Sends a pair if both buffers hold a value; returns whether the result should now complete.
    private func emitLocked() -> Bool {
        guard !left.isEmpty, !right.isEmpty else { return false }
        let pair = (left.removeFirst(), right.removeFirst())
        downstream.sendNext(pair)
        guard !finished, (leftCompleted && left.isEmpty) || (rightCompleted && right.isEmpty) else {
            return false
        }
        finished = true
        return true
    }
}

/// One subscription of `Signal.zip` over a parameter pack.
private final class ZipPackState<each Input, Failure: Error>: @unchecked Sendable {
    private let lock = PthreadLock(recursive: true)
    private let downstream: Subscriber<(repeat each Input), Failure>
    private let inputs: (repeat ZipInput<each Input>)
    private var finished = false

    init(downstream: Subscriber<(repeat each Input), Failure>) {
        self.downstream = downstream
        inputs = (repeat ZipInput<each Input>())
    }

    func start(_ signals: repeat Signal<each Input, Failure>) {
        let subscribers = (repeat subscriber(for: each inputs))
        repeat downstream.add(each subscribers)
        repeat subscribe(each signals, each subscribers)
    }

    private func subscribe<Value>(_ signal: Signal<Value, Failure>, _ subscriber: Subscriber<Value, Failure>)
    {
        signal.subscribe(subscriber)
    }

    private func subscriber<Value>(for input: ZipInput<Value>) -> Subscriber<Value, Failure> {
        Subscriber { [self] event in
            receive(event, input)
        }
    }

    private func receive<Value>(_ event: Event<Value, Failure>, _ input: ZipInput<Value>) {
        switch event {
        case .next(let value):
            lock.lock()
            guard !finished else { return lock.unlock() }
            input.buffer.append(value)
            let complete = emitLocked()
            lock.unlock()
            if complete { downstream.sendCompleted() }
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            lock.lock()
            input.completed = true
            let complete = !finished && input.buffer.isEmpty
            if complete { finished = true }
            lock.unlock()
            if complete { downstream.sendCompleted() }
        }
    }

    private func emitLocked() -> Bool {
        for input in repeat each inputs {
            if input.buffer.isEmpty { return false }
        }
        let values = (repeat (each inputs).buffer.removeFirst())
        downstream.sendNext(values)
        guard !finished else { return false }
        for input in repeat each inputs {
            if input.completed && input.buffer.isEmpty {
                finished = true
                return true
            }
        }
        return false
    }
}

/// One subscription of `Signal.zip` over an array of signals of one type.
private final class ZipArrayState<Value, Failure: Error>: @unchecked Sendable {
    private let lock = PthreadLock(recursive: true)
    private let downstream: Subscriber<[Value], Failure>
    private var buffers: [FIFO<Value>]
    private var completed: [Bool]
    /// How many buffers hold at least one value.
    private var filled = 0
    private var finished = false

    init(downstream: Subscriber<[Value], Failure>, count: Int) {
        self.downstream = downstream
        buffers = Array(repeating: FIFO<Value>(), count: count)
        completed = Array(repeating: false, count: count)
    }

    func receive(_ event: Event<Value, Failure>, at index: Int) {
        switch event {
        case .next(let value):
            lock.lock()
            guard !finished else { return lock.unlock() }
            if buffers[index].isEmpty { filled += 1 }
            buffers[index].append(value)
            let complete = emitLocked()
            lock.unlock()
            if complete { downstream.sendCompleted() }
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            lock.lock()
            completed[index] = true
            let complete = !finished && buffers[index].isEmpty
            if complete { finished = true }
            lock.unlock()
            if complete { downstream.sendCompleted() }
        }
    }

    private func emitLocked() -> Bool {
        guard filled == buffers.count else { return false }
        var values: [Value] = []
        values.reserveCapacity(buffers.count)
        filled = 0
        for index in buffers.indices {
            values.append(buffers[index].removeFirst())
            if !buffers[index].isEmpty { filled += 1 }
        }
        downstream.sendNext(values)
        guard !finished else { return false }
        for index in buffers.indices where completed[index] && buffers[index].isEmpty {
            finished = true
            return true
        }
        return false
    }
}

extension Signal {
    /// RAC: `-zipWith:`. Pairs the n-th value of this signal with the n-th value of `other`.
    /// Values wait in a buffer until the other side has one to pair with; the result completes as
    /// soon as one side has completed and its buffer is empty, dropping the other side's leftovers.
    /// An error from either side is forwarded. (RAC R64.)
    ///
    /// ```
    /// self:       -1--2-3-|
    /// other:      --a----b--c-|
    /// zip(with:): --x----y--(z|)     x = (1, a), y = (2, b), z = (3, c): self is done and empty
    /// ```
    public func zip<Other>(with other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
        Signal<(Value, Other), Failure>(name: SignalDebugNames.name("[\(self.name)] -zipWith: \(other)")) {
            subscriber in
            let state = ZipPairState<Value, Other, Failure>(downstream: subscriber)
            self.subscribePair(
                with: other, into: subscriber, left: state.receiveLeft, right: state.receiveRight)
            return nil
        }
    }

    /// RAC: `+zip:`. Zips any number of signals of any value types into tuples of the values with
    /// the same index, as `zip(with:)` does for two. Subscribes in argument order; with no signals,
    /// completes at once.
    ///
    /// ```
    /// a:    -1---2---|
    /// b:    --x----y-|
    /// c:    ---p-q---|
    /// zip:  ---u---v-|       u = (1, x, p), v = (2, y, q)
    /// ```
    public static func zip<each Input>(
        _ signals: repeat Signal<each Input, Failure>
    ) -> Signal<(repeat each Input), Failure> where Value == (repeat each Input) {
        Signal<(repeat each Input), Failure>(name: SignalDebugNames.name("+zip:")) { subscriber in
            var count = 0
            for _ in repeat each signals { count += 1 }
            guard count > 0 else {
                subscriber.sendCompleted()
                return nil
            }
            ZipPackState<repeat each Input, Failure>(downstream: subscriber).start(repeat each signals)
            return nil
        }
    }

    /// RAC: `+zip:` on a collection. Sends arrays of the values with the same index, in the order
    /// of `signals`. An empty collection gives a signal that completes at once (RAC R50).
    ///
    /// ```
    /// signals:  [ -1--2-|, --a-b-| ]
    /// zip:      --u-v-|         u = [1, a], v = [2, b]
    /// ```
    public static func zip<Element>(
        _ signals: some Sequence<Signal<Element, Failure>>
    ) -> Signal<[Element], Failure> where Value == [Element] {
        let signals = ContiguousArray(signals)
        return Signal<[Element], Failure>(name: SignalDebugNames.name("+zip: \(signals)")) { subscriber in
            guard !signals.isEmpty else {
                subscriber.sendCompleted()
                return nil
            }
            let state = ZipArrayState<Element, Failure>(downstream: subscriber, count: signals.count)
            let inputs = signals.indices.map { index in
                Subscriber<Element, Failure> { event in state.receive(event, at: index) }
            }
            for input in inputs {
                subscriber.add(input)
            }
            for (signal, input) in Swift.zip(signals, inputs) {
                signal.subscribe(input)
            }
            return nil
        }
    }
}
