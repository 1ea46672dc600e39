// The several-inputs pattern: how every operator with more than one input signal is built
// (combineLatest, zip, withLatest(from:), sample, take(until:) a signal, take(untilReplacement:),
// amb), in its pair, array and parameter-pack forms. Docs/Internals.md, "Building an operator";
// the template is Tests/RACOperatorsTests/Templates/SeveralInputsTemplate.swift.
//
// Each subscription makes one state object, a final class that holds the downstream subscriber and
// whatever the operator keeps (the latest values, the queues, the winner). Each input signal is
// subscribed by a subscriber of its own that hands every event to one of the state's receive
// methods (`receiveLeft`, `receiveRight`, `receive(_:at:)`) and *shares the downstream's delivery
// lock*: an event takes that one lock, the receive methods of all inputs run under it, one at a
// time whatever threads the inputs send on, so the state needs no lock of its own and sends
// downstream without locking again. The downstream links every input (`Subscriber.link(_:)`: not
// held, as each input holds the state, which holds the downstream), so its end or disposal
// disposes them all; the state ends an input itself only through `InputLinks`. The result is made
// with `Signal(deliveringSeriallyNamed:)`: it sends only from inside the inputs' deliveries.
//
// The helpers are `@inlinable` and generic over the state, so they are specialised with it in the
// caller's module: no call goes through a protocol witness at run time.

/// The state of one subscription of an operator with two inputs (`combineLatest(with:)`,
/// `zip(with:)`, `withLatest(from:)`, `sample(_:)`, `take(until:)`, `take(untilReplacement:)`):
/// `Signal.pairInputs(_:_:named:state:)` feeds it the events of both. Its receive methods run under
/// the delivery lock that both inputs share with its downstream.
@usableFromInline
package protocol PairInputState: AnyObject {
    /// The values of the left input.
    associatedtype Left
    /// The failure of the left input.
    associatedtype LeftFailure: Error
    /// The values of the right input.
    associatedtype Right
    /// The failure of the right input.
    associatedtype RightFailure: Error
    /// The values the operator sends.
    associatedtype Output
    /// The failure the operator sends.
    associatedtype Failure: Error

    /// The subscriber the operator sends to.
    var downstream: Subscriber<Output, Failure> { get }

    /// Whether the right input is subscribed before the left one (by default, the left first). An
    /// input is not subscribed if the subscription has ended while the other was subscribed.
    static var subscribesRightFirst: Bool { get }

    /// Handles an event of the left input.
    func receiveLeft(_ event: Event<Left, LeftFailure>)
    /// Handles an event of the right input.
    func receiveRight(_ event: Event<Right, RightFailure>)
    /// Receives the two inputs' subscribers once they are made and linked, before either is
    /// subscribed: a state that ends an input itself keeps them here, in `InputLinks`. By default,
    /// nothing.
    func attach(left: Subscriber<Left, LeftFailure>, right: Subscriber<Right, RightFailure>)
}

extension PairInputState {
    /// The left input first.
    @inlinable
    package static var subscribesRightFirst: Bool { false }

    /// Keeps nothing.
    @inlinable
    package func attach(left _: Subscriber<Left, LeftFailure>, right _: Subscriber<Right, RightFailure>) {}
}

/// The state of one subscription of an operator over a collection of signals of one type
/// (`Signal.combineLatest`, `Signal.zip` over a collection, `Signal.amb`):
/// `Signal.arrayInputs(_:named:state:)` feeds it the events of every input, with its index. Its
/// receive method runs under the delivery lock that every input shares with its downstream.
@usableFromInline
package protocol ArrayInputState: AnyObject {
    /// The values of every input.
    associatedtype Value
    /// The values the operator sends.
    associatedtype Output
    /// The failure of the inputs and of the operator.
    associatedtype Failure: Error

    /// Handles an event of the input at `index`.
    func receive(_ event: Event<Value, Failure>, at index: Int)
    /// Receives the inputs' subscribers, in order, once they are made and linked, before any is
    /// subscribed: a state that ends an input itself keeps them here, in `InputLinks`. By default,
    /// nothing.
    func attach(_ inputs: ContiguousArray<Subscriber<Value, Failure>>)
}

extension ArrayInputState {
    /// Keeps nothing.
    @inlinable
    package func attach(_: ContiguousArray<Subscriber<Value, Failure>>) {}
}

/// The state of one subscription of an operator over a parameter pack of signals
/// (`Signal.combineLatest`, `Signal.zip`): `Signal.packInputs(_:named:state:)` asks it for each
/// input's subscriber. Swift does not specialise code over a pack's elements, so the subscribers
/// call a stage that is not generic (`CombineLatestPackInputStage`, `ZipPackInputStage`); they
/// share the downstream's delivery lock all the same.
@usableFromInline
package protocol PackInputState<Output, Failure>: AnyObject {
    /// The values the operator sends: the tuple of the inputs' values.
    associatedtype Output
    /// The failure of the inputs and of the operator.
    associatedtype Failure: Error

    /// Adds an input and makes its subscriber, sharing the downstream's delivery lock.
    func subscriber<Value>(for _: Signal<Value, Failure>) -> Subscriber<Value, Failure>
    /// Checks, once every input has its element, that they make up an `Output`.
    func checkLayout()
}

extension PackInputState {
    /// Subscribes `input` to `signal` (once every input's subscriber is made and linked), unless
    /// the subscription has ended meanwhile.
    @inlinable
    package func subscribe<Value>(_ signal: Signal<Value, Failure>, _ input: Subscriber<Value, Failure>) {
        input.start(signal)
    }
}

extension Subscriber {
    /// A subscriber for one input of an operator with several inputs whose downstream is this
    /// subscriber: it hands every event to `receive` (a receive method of the operator's state)
    /// under this subscriber's delivery lock, which it shares, and it is linked to this subscriber
    /// (`link(_:)`), whose end or disposal disposes it.
    @inlinable
    package func input<InputValue, InputFailure>(
        _ receive: @escaping (Event<InputValue, InputFailure>) -> Void
    ) -> Subscriber<InputValue, InputFailure> {
        let input = Subscriber<InputValue, InputFailure>(receive, sharing: deliveryLock)
        link(input)
        return input
    }

    /// Subscribes this subscriber, an input of an operator with several inputs, to `signal`, as a
    /// claimed stage (`Signal.subscribe(claiming:)`); not if it has stopped already (the
    /// subscription ended while an earlier input was subscribed).
    @inlinable
    package func start(_ signal: Signal<Value, Failure>) {
        guard !isDisposed else { return }
        signal.subscribe(claiming: self)
    }
}

extension Signal {
    /// The signal of an operator with two inputs: each subscription makes its `State` with
    /// `makeState` (given the downstream subscriber) and feeds it `left` and `right`, one
    /// subscriber each, both sharing the downstream's delivery lock and linked to it.
    @inlinable
    package static func pairInputs<State: PairInputState>(
        _ left: Signal<State.Left, State.LeftFailure>, _ right: Signal<State.Right, State.RightFailure>,
        named name: String, state makeState: @escaping (Subscriber<Value, Failure>) -> State
    ) -> Signal<Value, Failure> where State.Output == Value, State.Failure == Failure {
        // Sends only from inside the inputs' deliveries, which hold the subscriber's lock.
        Signal(deliveringSeriallyNamed: name) { downstream in
            let state = makeState(downstream)
            // Linked in the order they are subscribed, so disposed in that order.
            if State.subscribesRightFirst {
                let rightInput = downstream.input { state.receiveRight($0) }
                let leftInput = downstream.input { state.receiveLeft($0) }
                state.attach(left: leftInput, right: rightInput)
                rightInput.start(right)
                leftInput.start(left)
            } else {
                let leftInput = downstream.input { state.receiveLeft($0) }
                let rightInput = downstream.input { state.receiveRight($0) }
                state.attach(left: leftInput, right: rightInput)
                leftInput.start(left)
                rightInput.start(right)
            }
            return nil
        }
    }

    /// The signal of an operator over a collection of signals: each subscription makes its `State`
    /// with `makeState` (given the downstream subscriber and the number of signals) and feeds it
    /// every signal, in order, one subscriber each, with its index. With no signal, the state gets
    /// no event: an operator that completes then checks first (`join(_:_:state:)`).
    @inlinable
    package static func arrayInputs<State: ArrayInputState>(
        _ signals: ContiguousArray<Signal<State.Value, State.Failure>>, named name: String,
        state makeState: @escaping (Subscriber<Value, Failure>, Int) -> State
    ) -> Signal<Value, Failure> where State.Output == Value, State.Failure == Failure {
        // Sends only from inside the inputs' deliveries, which hold the subscriber's lock.
        Signal(deliveringSeriallyNamed: name) { downstream in
            let state = makeState(downstream, signals.count)
            let inputs = ContiguousArray(
                signals.indices.lazy.map { index in downstream.input { state.receive($0, at: index) } })
            state.attach(inputs)
            for (signal, input) in Swift.zip(signals, inputs) {
                input.start(signal)
            }
            return nil
        }
    }

    /// The signal of an operator over a parameter pack of signals: each subscription makes its
    /// `State` with `makeState` (given the downstream subscriber and the number of signals) and
    /// feeds it every signal, in order; with no signal, completes at once.
    @inlinable
    package static func packInputs<each Input, State: PackInputState>(
        _ signals: repeat Signal<each Input, Failure>, named name: String,
        state makeState: @escaping (Subscriber<Value, Failure>, Int) -> State
    ) -> Signal<Value, Failure>
    where Value == (repeat each Input), State.Output == Value, State.Failure == Failure {
        var counted = 0
        for _ in repeat each signals { counted += 1 }
        let count = counted
        guard count > 0 else { return completedAtOnce(named: name) }
        // Sends only from inside the inputs' deliveries, which hold the subscriber's lock.
        return Signal(deliveringSeriallyNamed: name) { downstream in
            let state = makeState(downstream, count)
            let subscribers = (repeat state.subscriber(for: each signals))
            state.checkLayout()
            repeat downstream.link(each subscribers)
            repeat state.subscribe(each signals, each subscribers)
            return nil
        }
    }

    /// The signal of `+combineLatest:` or `+zip:` on a collection (ReactiveObjC: `RACStream.m
    /// +join:block:`): `arrayInputs(_:named:state:)` over `signals`, named after the operator's
    /// `selector` and the signals; with no signal, completes at once (as `+join:block:` returns
    /// `+empty`).
    @inlinable
    package static func join<Element, State: ArrayInputState>(
        _ signals: some Sequence<Signal<Element, Failure>>, _ selector: String,
        state makeState: @escaping (Subscriber<Value, Failure>, Int) -> State
    ) -> Signal<Value, Failure>
    where State.Value == Element, State.Failure == Failure, State.Output == Value {
        let signals = ContiguousArray(signals)
        let name = SignalDebugNames.name("\(selector) \(signals)")
        guard !signals.isEmpty else { return completedAtOnce(named: name) }
        return arrayInputs(signals, named: name, state: makeState)
    }

    /// A signal that completes at once when subscribed: an operator with several inputs given none.
    @inlinable
    package static func completedAtOnce(named name: String) -> Signal<Value, Failure> {
        Signal(name: name) { subscriber in
            subscriber.sendCompleted()
            return nil
        }
    }
}

/// The inputs' subscribers of one subscription of an operator whose state ends some of its inputs
/// itself (`take(until:)` disposes its trigger when the source completes, `amb` its losers),
/// linked, not held (see `UnownedDisposable`): each input's subscriber holds the state, which holds
/// this. Filled once (`attach`), before any input is subscribed; then used only from the state's
/// receive methods, under the shared delivery lock.
@usableFromInline
package final class InputLinks: @unchecked Sendable {
    @exclusivity(unchecked) private var links: ContiguousArray<UnownedDisposable> = []

    /// No links yet.
    @usableFromInline
    package init() {}

    deinit {
        for link in links {
            link.release()
        }
    }

    /// Links `input`, the next input (its index is the number of inputs linked before it).
    @usableFromInline
    package func add(_ input: any Disposable) {
        links.append(UnownedDisposable(input))
    }

    /// Disposes the input at `index`, if it is still alive.
    @usableFromInline
    package func dispose(at index: Int) {
        links[index].dispose()
    }

    /// Disposes every input but the one at `index`, in order, if they are still alive.
    @usableFromInline
    package func dispose(allBut index: Int) {
        for (other, link) in links.enumerated() where other != index {
            link.dispose()
        }
    }
}
