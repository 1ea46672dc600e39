// The wiring shared by combineLatest and zip, in their pair, array and parameter-pack forms: each
// form makes its state, one subscriber per input sharing the downstream's delivery lock, links and
// subscribes them; only the state differs (`CombineLatest…State`, `Zip…State`).
//
// The helpers are `@inlinable` and generic over the state, so they are specialised with it in the
// caller's module: no call goes through a protocol witness at run time.

/// The state of one subscription of a pair form (`combineLatest(with:)`, `zip(with:)`). Its methods
/// run under the delivery lock that both inputs share with `downstream`.
@usableFromInline
protocol CombinePairState<Left, Right, Failure>: AnyObject {
    associatedtype Left
    associatedtype Right
    associatedtype Failure: Error
    init(downstream: Subscriber<(Left, Right), Failure>)
    func receiveLeft(_ event: Event<Left, Failure>)
    func receiveRight(_ event: Event<Right, Failure>)
}

/// The state of one subscription of an array form (`Signal.combineLatest`, `Signal.zip` over a
/// collection). Its methods run under the delivery lock that every input shares with `downstream`.
@usableFromInline
protocol CombineArrayState<Value, Failure>: AnyObject {
    associatedtype Value
    associatedtype Failure: Error
    init(downstream: Subscriber<[Value], Failure>, count: Int)
    func receive(_ event: Event<Value, Failure>, at index: Int)
}

/// The state of one subscription of a parameter-pack form (`Signal.combineLatest`, `Signal.zip`).
@usableFromInline
protocol CombinePackState<Output, Failure>: AnyObject {
    associatedtype Output
    associatedtype Failure: Error
    init(downstream: Subscriber<Output, Failure>, count: Int)
    /// Adds an input and makes its subscriber.
    func subscriber<Value>(for _: Signal<Value, Failure>) -> Subscriber<Value, Failure>
    /// Checks, once every input has its element, that they make up an `Output`.
    func checkLayout()
}

extension CombinePackState {
    /// Subscribes `subscriber` to `signal` (once every input's subscriber is made and added).
    @inlinable
    func subscribe<Value>(_ signal: Signal<Value, Failure>, _ subscriber: Subscriber<Value, Failure>) {
        signal.subscribe(claiming: subscriber)
    }
}

extension Signal {
    /// The signal of a pair form: each subscription makes a `State` and feeds it both inputs.
    @inlinable
    func combinedPair<Other, State: CombinePairState>(
        _: State.Type, with other: Signal<Other, Failure>, named name: String
    ) -> Signal<(Value, Other), Failure>
    where State.Left == Value, State.Right == Other, State.Failure == Failure {
        // Sends only from inside the inputs' deliveries, which hold the subscriber's lock.
        Signal<(Value, Other), Failure>(deliveringSeriallyNamed: name) { subscriber in
            let state = State(downstream: subscriber)
            self.subscribePair(
                with: other, into: subscriber, left: { state.receiveLeft($0) },
                right: { state.receiveRight($0) })
            return nil
        }
    }

    /// The signal of an array form: each subscription makes a `State` and feeds it every input, with
    /// its index; with no input, completes at once.
    @inlinable
    static func combinedArray<State: CombineArrayState>(
        _: State.Type, _ signals: ContiguousArray<Signal<State.Value, Failure>>, named name: String
    ) -> Signal<[State.Value], Failure> where State.Failure == Failure {
        guard !signals.isEmpty else {
            return Signal<[State.Value], Failure>(name: name) { subscriber in
                subscriber.sendCompleted()
                return nil
            }
        }
        // Sends only from inside the inputs' deliveries, which hold the subscriber's lock.
        return Signal<[State.Value], Failure>(deliveringSeriallyNamed: name) { subscriber in
            let state = State(downstream: subscriber, count: signals.count)
            let inputs = signals.indices.map { index in
                Subscriber<State.Value, Failure>(
                    { event in state.receive(event, at: index) }, sharing: subscriber.deliveryLock)
            }
            for input in inputs {
                subscriber.link(input)
            }
            for (signal, input) in Swift.zip(signals, inputs) {
                signal.subscribe(claiming: input)
            }
            return nil
        }
    }

    /// The signal of a parameter-pack form: each subscription makes a `State` and feeds it every
    /// input; with no input, completes at once.
    @inlinable
    static func combinedPack<each Input, State: CombinePackState>(
        _: State.Type, _ signals: repeat Signal<each Input, Failure>, named name: String
    ) -> Signal<(repeat each Input), Failure>
    where State.Output == (repeat each Input), State.Failure == Failure {
        var counted = 0
        for _ in repeat each signals { counted += 1 }
        let count = counted
        guard count > 0 else {
            return Signal<(repeat each Input), Failure>(name: name) { subscriber in
                subscriber.sendCompleted()
                return nil
            }
        }
        // Sends only from inside the inputs' deliveries, which hold the subscriber's lock.
        return Signal<(repeat each Input), Failure>(deliveringSeriallyNamed: name) { subscriber in
            let state = State(downstream: subscriber, count: count)
            let subscribers = (repeat state.subscriber(for: each signals))
            state.checkLayout()
            repeat subscriber.link(each subscribers)
            repeat state.subscribe(each signals, each subscribers)
            return nil
        }
    }
}
