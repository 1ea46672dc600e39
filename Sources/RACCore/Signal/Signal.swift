/// A cold stream of events: nothing happens until it is subscribed, and each subscription runs
/// the signal's creation closure again.
///
/// RAC: `RACSignal` (`+createSignal:`, `RACDynamicSignal`). Subscription is synchronous on the
/// subscribing thread; values sent synchronously by the creation closure arrive before
/// `subscribe` returns. The disposable the closure returns is disposed when the subscription ends
/// (terminal event or `dispose()`).
///
/// ```
/// let s = Signal<Int, Never> { subscriber in
///     subscriber.sendNext(1); subscriber.sendNext(2); subscriber.sendCompleted()
///     return nil
/// }
/// s:   (12|)     each subscription gets 1, 2, completed
/// ```
open class Signal<Value, Failure: Error>: @unchecked Sendable {
    /// The creation closure: called once per subscription with that subscription's subscriber; it
    /// returns the disposable that cancels its work, or `nil`. RAC: `didSubscribe`.
    public typealias Generator = (Subscriber<Value, Failure>) -> (any Disposable)?

    /// A `var` only so that `deinit` can hand it to the `TeardownTrampoline`; set once, in `init`.
    @exclusivity(unchecked) private var generator: Generator?

    /// The debug name, printed by `description`. RAC: `name` / `setNameWithFormat:`. Operators
    /// name their results only when `RAC_DEBUG_SIGNAL_NAMES` is set, as RAC does.
    public let name: String

    /// Whether the creation closure sends to its subscriber only from inside the deliveries of one
    /// upstream subscription (`map`, `filter`, `scan` …). A subscriber made by the framework and
    /// handed straight to such a signal then shares the upstream's delivery lock instead of taking
    /// its own (see `Subscriber`).
    @usableFromInline final let deliversSerially: Bool

    /// How many `LiftedSignal`s end at this one, this one included, each the upstream of the next
    /// (0 for any other signal). A lifted signal places a `DeliveryCheckpoint` every
    /// `LiftedSignal.checkpointInterval` of them.
    @usableFromInline final let liftDepth: UInt32

    /// Creates a cold signal from its creation closure. RAC: `+createSignal:`.
    ///
    /// ```
    /// Signal { s in s.sendNext(a); s.sendNext(b); s.sendCompleted(); return nil }:   (ab|)
    /// second subscription:                                                            (ab|)
    /// ```
    ///
    /// - Parameters:
    ///   - name: the debug name, printed by `description`.
    ///   - generator: the creation closure, called once per subscription with its subscriber; it
    ///     returns the disposable that cancels its work, or `nil`.
    public init(name: String = "anonymous", _ generator: @escaping Generator) {
        self.name = name
        self.generator = generator
        self.deliversSerially = false
        self.liftDepth = 0
    }

    /// Creates a signal whose creation closure sends to its subscriber only from inside the
    /// deliveries of upstream subscriptions whose subscribers share its subscriber's delivery lock
    /// (`Subscriber.lockForUpstream`), never otherwise.
    @usableFromInline
    package init(deliveringSeriallyNamed name: String, _ generator: @escaping Generator) {
        self.name = name
        self.generator = generator
        self.deliversSerially = true
        self.liftDepth = 0
    }

    /// For subclasses that override `subscribe` (subjects) or `create(for:)` (`LiftedSignal`).
    @usableFromInline
    init(subclassNamed name: String, deliversSerially: Bool = false, liftDepth: UInt32 = 0) {
        self.name = name
        self.generator = nil
        self.deliversSerially = deliversSerially
        self.liftDepth = liftDepth
    }

    /// Drops the creation closure through the `TeardownTrampoline`: it holds the upstream signal of
    /// an operator, so releasing the head of a chain of a million operators would otherwise nest a
    /// million `deinit`s.
    deinit {
        guard generator != nil else { return }
        if let frame = TeardownTrampoline.enter() {
            generator = nil
            TeardownTrampoline.leave(frame)
        } else {
            TeardownTrampoline.retire(generator.take())
        }
    }

    /// Subscribes `subscriber`: runs the creation closure (now, or queued on this thread's
    /// trampoline if the thread is deep in nested subscriptions) and ties the disposable it returns
    /// to the subscriber. Returns a disposable that ends this subscription.
    ///
    /// Subclasses (subjects, channel terminals) override this to attach the subscriber elsewhere.
    ///
    /// - Parameter subscriber: receives this subscription's events.
    /// - Returns: a disposable that ends this subscription.
    @discardableResult
    open func subscribe(_ subscriber: Subscriber<Value, Failure>) -> any Disposable {
        if let frame = SubscriptionTrampoline.enter() {
            run(for: subscriber)
            SubscriptionTrampoline.leave(frame)
        } else {
            SubscriptionTrampoline.enqueue { [self] in
                run(for: subscriber)
            }
        }
        return subscriber
    }

    /// Runs the creation step for `subscriber`, unless it was disposed meanwhile, and ties the
    /// disposable it returns to the subscriber.
    @inline(__always)
    private final func run(for subscriber: Subscriber<Value, Failure>) {
        guard !subscriber.isDisposed else { return }
        // A creation closure that passes its subscriber straight on returns that subscriber;
        // adding it to its own resources would only make a cycle.
        let created =
            SubscriberWatch.isActive
            ? SubscriberWatch.creating(watchName) { create(for: subscriber) } : create(for: subscriber)
        if let disposable = created, disposable !== subscriber {
            subscriber.add(disposable)
        }
    }

    /// The creation step of one subscription: calls the creation closure. `LiftedSignal`, which
    /// has none, overrides it.
    func create(for subscriber: Subscriber<Value, Failure>) -> (any Disposable)? {
        guard generator != nil else {
            preconditionFailure("Signal.subscribe: a subclass without a generator must override subscribe")
        }
        return generator.unsafelyUnwrapped(subscriber)
    }

    /// The signal of the operator that `following` describes, applied to this signal, with its
    /// subscriptions run in the same stage as this signal's own operator, if that operator takes
    /// it (a `LiftedSignal` made with a fusion); `nil` here and otherwise, and the caller makes a
    /// stage of its own. RACCore does not look inside `following`: the two operators agree on its
    /// type (`FusionRequest`). `name` is the result's name.
    ///
    /// ```
    /// s.map(f).filter(p):   one stage over s:  -u-  →  f(u), sent if p(f(u))
    /// ```
    @usableFromInline
    package func fusing(_ following: FusionRequest, named name: String) -> Signal<Value, Failure>? {
        nil
    }

    /// What a `SubscriberWatch` calls the subscribers made by this signal's creation step: its
    /// description (a `LiftedSignal` gives its operator's name).
    package var watchName: String {
        description
    }

    /// The type `description` prints: the signal's class. `LiftedSignal` prints as `Signal`.
    package var typeDescription: String {
        "\(type(of: self))"
    }

    /// Subscribes any subscriber (a subject, for instance). The subscription is tied to the
    /// receiver: when it terminates or is disposed, this subscription is disposed too.
    ///
    /// - Parameter receiver: receives the events, and ends the subscription when it terminates or is
    ///   disposed.
    /// - Returns: a disposable that ends this subscription.
    @inlinable
    @discardableResult
    public final func subscribe<Receiver: SubscriberProtocol>(_ receiver: Receiver) -> any Disposable
    where Receiver.Value == Value, Receiver.Failure == Failure {
        let forwarder = Subscriber<Value, Failure> { [receiver] event in
            receiver.send(event)
        }
        receiver.add(forwarder)
        return subscribe(claiming: forwarder)
    }

    /// Subscribes `subscriber`, a subscriber the framework has just made for this one subscription
    /// and sends nothing to itself. If this signal delivers serially, the subscriber becomes a
    /// claimed subscriber: it receives its events inside the upstream's delivery and shares its
    /// lock (see `Subscriber`).
    @inlinable
    @discardableResult
    package final func subscribe(claiming subscriber: Subscriber<Value, Failure>) -> any Disposable {
        if deliversSerially {
            subscriber.claimSerialDelivery()
        }
        return subscribe(subscriber)
    }

    /// Subscribes with optional closures; an event without a closure is ignored.
    /// RAC: `subscribeNext:error:completed:` and its six shorter forms.
    ///
    /// Called from an actor-isolated context (a `@MainActor` type, an actor's method), the
    /// closures belong to that actor, as Swift 6 isolates them: each one checks, before it runs,
    /// that its event is delivered on that actor, and stops the process otherwise, with a message
    /// naming the subscription, the actor and the thread. Deliver the events there first
    /// (`deliver(on: Scheduler.main)`, `deliverOnMainActor()`). `isolation` is the caller's
    /// (`#isolation`), `file` and `line` its location, for the message; leave them out. Called
    /// from nonisolated code, nothing is checked: the closures run on whatever thread delivers.
    ///
    /// Peers: dropping the returned disposable does not end the subscription (Combine's
    /// `sink` returns an `AnyCancellable` that cancels when released); it runs until the signal
    /// ends or the disposable is disposed. Keep it (`lifetime += subscription`, a
    /// `CompoundDisposable`, a `ScopedDisposable`) to end it early.
    ///
    /// ```
    /// signal.subscribe(next: { print($0) }, completed: { print("done") })
    /// self:                 -a-b-|
    /// disposable dropped:   -a-b-|     (Combine, AnyCancellable dropped: nothing)
    /// ```
    ///
    /// - Parameters:
    ///   - next: runs with each value; `nil` to ignore values.
    ///   - error: runs with the error; `nil` to ignore it.
    ///   - completed: runs at the completion; `nil` to ignore it.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a disposable that ends the subscription; dropping it does not.
    @inlinable
    @discardableResult
    public final func subscribe(
        next: ((Value) -> Void)? = nil,
        error: ((Failure) -> Void)? = nil,
        completed: (() -> Void)? = nil,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        guard let isolation else {
            return subscribe(
                claiming: Subscriber(
                    stage: CallbackStage(next: next, error: error, completed: completed), sharing: nil))
        }
        return subscribe(
            claiming: Subscriber(
                stage: IsolatedCallbackStage(
                    next: next, error: error, completed: completed,
                    site: IsolatedCallSite(
                        actor: isolation, call: "subscribe(next:error:completed:)", file: file, line: line,
                        signalName: name)),
                sharing: nil))
    }

    /// Subscribes a closure that receives every event. Called from an actor-isolated context, it
    /// checks that each event is delivered on that actor, as `subscribe(next:error:completed:)`
    /// does.
    ///
    /// - Parameters:
    ///   - handler: runs with every event.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a disposable that ends the subscription; dropping it does not.
    @inlinable
    @discardableResult
    public final func observe(
        _ handler: @escaping (Event<Value, Failure>) -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        guard let isolation else {
            return subscribe(claiming: Subscriber(handler))
        }
        return subscribe(
            claiming: Subscriber(
                stage: IsolatedCallbackStage(
                    next: { handler(.next($0)) }, error: { handler(.error($0)) },
                    completed: { handler(.completed) },
                    site: IsolatedCallSite(
                        actor: isolation, call: "observe(_:)", file: file, line: line, signalName: name)),
                sharing: nil))
    }

    /// A signal that behaves as this one and is called `name`. RAC: `setNameWithFormat:`.
    ///
    /// - Parameter name: the debug name of the result, printed by `description`.
    /// - Returns: a signal of this signal's events, called `name`; it completes and fails when this
    ///   signal does.
    public func named(_ name: String) -> Signal<Value, Failure> {
        Signal(name: name) { [self] subscriber in
            self.subscribe(subscriber)
        }
    }
}

extension Signal: CustomStringConvertible {
    /// `<Signal<Int, Never>: name>` (`Subject<Int, Never>` … for a subclass; an operator's signal
    /// prints as `Signal`, whatever class implements it).
    public var description: String {
        "<\(typeDescription): \(name)>"
    }
}
