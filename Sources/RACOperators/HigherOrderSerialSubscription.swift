/// One subscription of an operator that subscribes to signals one after another (`Signal.concat`,
/// `repeat()`, `retry()`, `retry(_:)`): values of the current signal go downstream; when it
/// terminates, `following` decides which signal comes next, or returns `nil` to forward the
/// terminal event.
///
/// Each next subscription is made from the previous one's terminal event through the subscription
/// trampoline, so 100 000 synchronous signals in a row never grow the stack. Register it with the
/// downstream subscriber (`add`) before `start`, so that a downstream that stops during a
/// synchronous run stops the loop too.
final class SerialSubscription<Value, Failure: Error>: Disposable, @unchecked Sendable {
    private let downstream: Subscriber<Value, Failure>
    private let current = SerialDisposable()
    private let following: (Event<Value, Failure>) -> Signal<Value, Failure>?

    init(
        downstream: Subscriber<Value, Failure>,
        following: @escaping (Event<Value, Failure>) -> Signal<Value, Failure>?
    ) {
        self.downstream = downstream
        self.following = following
    }

    var isDisposed: Bool {
        current.isDisposed
    }

    func dispose() {
        current.dispose()
    }

    /// Subscribes to `signal`, replacing (and disposing) the previous, finished subscription.
    func start(_ signal: Signal<Value, Failure>) {
        let inner = Subscriber<Value, Failure> { [self] event in
            if case .next = event {
                downstream.send(event)
            } else if let next = following(event) {
                start(next)
            } else {
                downstream.send(event)
            }
        }
        current.inner = inner
        guard !inner.isDisposed else { return }
        SubscriptionTrampoline.run {
            if !inner.isDisposed {
                signal.subscribe(inner)
            }
        }
    }
}
