// combineLatest: once every input has sent a value, sends a tuple of the latest values each time
// any input sends (RAC X32, §2.17 item 146). Completes when every input has completed; an error
// from any input is forwarded. Tuples are sent under the subscription's (recursive) lock, so they
// keep their order whatever threads the inputs send on.

/// One subscription of `combineLatest(with:)`.
private final class CombineLatestPairState<Left, Right, Failure: Error>: @unchecked Sendable {
    private let lock = PthreadLock(recursive: true)
    private let downstream: Subscriber<(Left, Right), Failure>
    // Guarded by `lock`.
    private var left: Left?
    private var right: Right?
    private var completedCount = 0

    init(downstream: Subscriber<(Left, Right), Failure>) {
        self.downstream = downstream
    }

    func receiveLeft(_ event: Event<Left, Failure>) {
        switch event {
        case .next(let value):
            lock.lock()
            left = value
            if let right {
                downstream.sendNext((value, right))
            }
            lock.unlock()
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            completed()
        }
    }

    func receiveRight(_ event: Event<Right, Failure>) {
        switch event {
        case .next(let value):
            lock.lock()
            right = value
            if let left {
                downstream.sendNext((left, value))
            }
            lock.unlock()
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            completed()
        }
    }

    private func completed() {
        lock.lock()
        completedCount += 1
        let complete = completedCount == 2
        lock.unlock()
        if complete { downstream.sendCompleted() }
    }
}

/// One subscription of `Signal.combineLatest` over a parameter pack.
private final class CombineLatestPackState<each Input, Failure: Error>: @unchecked Sendable {
    private let lock = PthreadLock(recursive: true)
    private let downstream: Subscriber<(repeat each Input), Failure>
    private let inputs: (repeat LatestInput<each Input>)
    private let count: Int
    // Guarded by `lock`.
    private var ready = 0
    private var completedCount = 0

    init(downstream: Subscriber<(repeat each Input), Failure>, count: Int) {
        self.downstream = downstream
        self.count = count
        inputs = (repeat LatestInput<each Input>())
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

    private func subscriber<Value>(for input: LatestInput<Value>) -> Subscriber<Value, Failure> {
        Subscriber { [self] event in
            receive(event, input)
        }
    }

    private func latestValue<Value>(of input: LatestInput<Value>) -> Value {
        input.latest!
    }

    private func receive<Value>(_ event: Event<Value, Failure>, _ input: LatestInput<Value>) {
        switch event {
        case .next(let value):
            lock.lock()
            if case .none = input.latest { ready += 1 }
            input.latest = value
            if ready == count {
                downstream.sendNext((repeat latestValue(of: each inputs)))
            }
            lock.unlock()
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            lock.lock()
            completedCount += 1
            let complete = completedCount == count
            lock.unlock()
            if complete { downstream.sendCompleted() }
        }
    }
}

/// One subscription of `Signal.combineLatest` over an array of signals of one type.
private final class CombineLatestArrayState<Value, Failure: Error>: @unchecked Sendable {
    private let lock = PthreadLock(recursive: true)
    private let downstream: Subscriber<[Value], Failure>
    // Guarded by `lock`.
    private var latest: [Value?]
    private var ready = 0
    private var completedCount = 0

    init(downstream: Subscriber<[Value], Failure>, count: Int) {
        self.downstream = downstream
        latest = Array(repeating: nil, count: count)
    }

    func receive(_ event: Event<Value, Failure>, at index: Int) {
        switch event {
        case .next(let value):
            lock.lock()
            if case .none = latest[index] { ready += 1 }
            latest[index] = value
            if ready == latest.count {
                downstream.sendNext(latest.map { $0! })
            }
            lock.unlock()
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            lock.lock()
            completedCount += 1
            let complete = completedCount == latest.count
            lock.unlock()
            if complete { downstream.sendCompleted() }
        }
    }
}

extension Signal {
    /// RAC: `-combineLatestWith:`. Once both signals have sent a value, sends the pair of their
    /// latest values each time either sends. Completes when both have completed; an error from
    /// either is forwarded. (RAC X32.)
    ///
    /// ```
    /// self:                 -1----2-----|
    /// other:                ---a-----b----|
    /// combineLatest(with:): ---x--y--z----|    x = (1, a), y = (2, a), z = (2, b)
    /// ```
    public func combineLatest<Other>(with other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
        let name = SignalDebugNames.name("[\(self.name)] -combineLatestWith: \(other)")
        return Signal<(Value, Other), Failure>(name: name) { subscriber in
            let state = CombineLatestPairState<Value, Other, Failure>(downstream: subscriber)
            self.subscribePair(
                with: other, into: subscriber, left: state.receiveLeft, right: state.receiveRight)
            return nil
        }
    }

    /// RAC: `+combineLatest:`. Combines any number of signals of any value types: once every one
    /// has sent a value, sends the tuple of their latest values each time any sends. Completes
    /// when all have completed (at once for none); an error from any is forwarded.
    ///
    /// ```
    /// a:              -1-----2---|
    /// b:              ---x-------|
    /// c:              ----p-q-----|
    /// combineLatest:  ----u-vw----|    u = (1, x, p), v = (1, x, q), w = (2, x, q)
    /// ```
    public static func combineLatest<each Input>(
        _ signals: repeat Signal<each Input, Failure>
    ) -> Signal<(repeat each Input), Failure> where Value == (repeat each Input) {
        Signal<(repeat each Input), Failure>(name: SignalDebugNames.name("+combineLatest:")) { subscriber in
            var count = 0
            for _ in repeat each signals { count += 1 }
            guard count > 0 else {
                subscriber.sendCompleted()
                return nil
            }
            CombineLatestPackState<repeat each Input, Failure>(downstream: subscriber, count: count)
                .start(repeat each signals)
            return nil
        }
    }

    /// RAC: `+combineLatest:` on a collection. Sends arrays of the latest values, in the order of
    /// `signals`, once each has sent a value. An empty collection completes at once (RAC R50).
    ///
    /// ```
    /// signals:        [ -1---2-|, --a----| ]
    /// combineLatest:  --u--v-|      u = [1, a], v = [2, a]
    /// ```
    public static func combineLatest<Element>(
        _ signals: some Sequence<Signal<Element, Failure>>
    ) -> Signal<[Element], Failure> where Value == [Element] {
        let signals = ContiguousArray(signals)
        return Signal<[Element], Failure>(name: SignalDebugNames.name("+combineLatest: \(signals)")) {
            subscriber in
            guard !signals.isEmpty else {
                subscriber.sendCompleted()
                return nil
            }
            let state = CombineLatestArrayState<Element, Failure>(
                downstream: subscriber, count: signals.count)
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
