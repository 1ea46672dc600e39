// SerialSubscription: the state of the operators that subscribe to signals one after another.

/// One subscription of an operator that subscribes to signals one after another (`Signal.concat`,
/// `repeat()`, `retry()`, `retry(_:)`): values of the current signal go downstream; when it
/// terminates, `following` decides which signal comes next, or returns `nil` to forward the
/// terminal event. It is told how many signals have been started so far (the first included),
/// so that a loop that counts (`Signal.concat`'s position, `retry(_:)`'s retries) needs no
/// captured `var`, whose every access would be checked for exclusivity at run time.
///
/// Each next subscription is made from the previous one's terminal event through the subscription
/// trampoline, so 100 000 synchronous signals in a row never grow the stack; events go downstream
/// through the relay's `forward(_:)` and disposal through the `TeardownTrampoline`, so nesting
/// them deeply does not grow it either. Link it to the downstream subscriber (`link`) before
/// `start`, so that a downstream that stops during a synchronous run stops the loop too. The
/// current inner subscription is linked, not held: its handler holds this object, which lives as
/// long as a subscription that can still send to it (see `UnownedDisposable`).
@usableFromInline
final class SerialSubscription<Value, Failure: Error>: DeliveryRelay<Value, Failure>, Disposable,
    InnerSubscriptionOwner, @unchecked Sendable
{
    @usableFromInline let current = UnownedSerialDisposable()
    @usableFromInline let following: (Event<Value, Failure>, _ started: Int) -> Signal<Value, Failure>?
    /// How many signals `start` has subscribed to. Touched only by `start`, which runs before the
    /// first inner event and then inside the inner deliveries, serialised by the downstream's lock.
    @exclusivity(unchecked) @usableFromInline var started = 0

    @inlinable
    init(
        downstream: Subscriber<Value, Failure>,
        following: @escaping (Event<Value, Failure>, _ started: Int) -> Signal<Value, Failure>?
    ) {
        self.following = following
        super.init(downstream: downstream)
    }

    @usableFromInline
    var isDisposed: Bool {
        current.isDisposed
    }

    @usableFromInline
    func dispose() {
        TeardownTrampoline.dispose(current)
    }

    /// Subscribes to `signal`, replacing the previous, finished subscription.
    @inlinable
    func start(_ signal: Signal<Value, Failure>) {
        started &+= 1
        subscribe(signal, by: InnerSubscriber(owner: self, identifier: 0, feeding: downstream))
    }

    /// A value goes downstream; a terminal event starts the signal `following` returns for it,
    /// or, if none, goes downstream.
    @inlinable @inline(__always)
    func receiveInner(_ event: inout Event<Value, Failure>, from _: Int) {
        if case .next = event {
            forward(event, holdingDeliveryLock: true)
        } else if let next = following(event, started) {
            start(next)
        } else {
            forward(event)
        }
    }

    /// Makes `inner` the current subscription and subscribes it to `signal` through the
    /// `SubscriptionTrampoline`, unless disposed meanwhile. The previous subscription has ended
    /// (this runs for the first signal, or from the previous one's terminal event): it is only
    /// let go of, not disposed.
    @usableFromInline
    func subscribe(_ signal: Signal<Value, Failure>, by inner: Subscriber<Value, Failure>) {
        current.replace(afterEndOfPrevious: inner)
        guard !inner.isDisposed else { return }
        SubscriptionTrampoline.subscribe(inner, to: signal)
    }
}
