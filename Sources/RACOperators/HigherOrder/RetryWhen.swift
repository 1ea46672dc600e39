// retry(when:): resubscribe when a trigger, made from the errors, sends.

import Synchronization

extension Signal {
    /// RAC: none (RxSwift `retry(when:)`, ReactiveX `retryWhen`). Resubscribes when a trigger
    /// sends: `handler` is called once per subscription with the signal of this signal's errors
    /// (each failed attempt sends its error there, and is not forwarded) and returns the trigger.
    /// Each value of the trigger sent while an attempt has failed subscribes the next attempt; one
    /// sent while an attempt runs is ignored. The trigger's completion completes the result, its
    /// error fails it (so the trigger fails with this signal's `Failure`: to give up with the last
    /// error, send it as the trigger's error); either disposes the running attempt first. The
    /// source's completion completes the result and disposes the trigger. Values of every attempt
    /// are forwarded.
    ///
    /// For token refresh (`{ errors in errors.flattenMap { _ in refreshToken() } }`) or waiting
    /// for connectivity (`{ errors in errors.flattenMap { _ in reachable.take(1) } }`); count the
    /// errors in the trigger (`scan`, `take(while:)`) to give up.
    ///
    /// ```
    /// self:                           -a-#          (each attempt)
    /// retry(when: { $0.delay(2) }):   -a----a----a…   (each error comes back 2 frames later)
    /// ```
    ///
    /// - Parameter handler: makes the trigger from the signal of this signal's errors; called once
    ///   per subscription.
    /// - Returns: a signal of the values of every attempt; it completes when an attempt or the
    ///   trigger completes, and fails when the trigger fails.
    @inlinable
    public func retry<Trigger>(
        when handler: @escaping (Signal<Failure, Never>) -> Signal<Trigger, Failure>
    ) -> Signal<Value, Failure> {
        return Signal(name: SignalDebugNames.name("[\(self.name)] -retryWhen:")) { subscriber in
            let state = RetryWhenSubscription(downstream: subscriber, source: self)
            subscriber.link(state: state)
            // Shares the downstream's delivery lock: attempts and trigger take turns under it.
            let trigger = subscriber.input { (event: Event<Trigger, Failure>) in state.receiveTrigger(event) }
            state.setTrigger(trigger)
            trigger.start(handler(state.errors))
            state.startAttempt()
            return nil
        }
    }
}

/// One subscription of `retry(when:)`: the running attempt (an `InnerSubscriber` sharing the
/// downstream's delivery lock), the subject of the errors the trigger is made from, and a link to
/// the trigger's subscriber (which shares that lock too, so every event of the attempts and of
/// the trigger is handled under it, one at a time). An attempt's error goes to `errors`; a trigger
/// value then subscribes the next attempt once the failing attempt's subscription call has
/// returned, in a loop, so that a trigger that answers at once does not grow the stack with each
/// attempt.
///
/// ```
/// attempt -a-#  →  errors.sendNext(#)  →  trigger -t  →  attempt -a-…
/// ```
@usableFromInline
final class RetryWhenSubscription<Value, Failure: Error>: DeliveryRelay<Value, Failure>, Disposable,
    InnerSubscriptionOwner, @unchecked Sendable
{
    @usableFromInline let source: Signal<Value, Failure>
    /// The errors of the failed attempts, from which the trigger is made.
    @usableFromInline let errors = Subject<Failure, Never>(name: "retry(when:) errors")
    @usableFromInline let current = UnownedSerialDisposable()
    /// A `SerialSubscriptionPhase`: whether an attempt's subscription call is running, and
    /// whether the trigger asked for the next attempt during it.
    @usableFromInline let phase = Atomic<Int>(SerialSubscriptionPhase.idle)
    /// Whether the last attempt has failed and none runs: a trigger value starts the next.
    /// Touched only under the downstream's delivery lock (by attempts and the trigger).
    @exclusivity(unchecked) @usableFromInline var waiting = false
    private let lock = SpinLock()
    // Guarded by `lock`.
    @exclusivity(unchecked) private var trigger: UnownedDisposable?
    @exclusivity(unchecked) private var disposed = false

    @inlinable
    init(downstream: Subscriber<Value, Failure>, source: Signal<Value, Failure>) {
        self.source = source
        super.init(downstream: downstream)
    }

    deinit {
        // A trigger subscriber still linked holds this object: it has stopped or gone.
        trigger?.release()
    }

    @usableFromInline
    var isDisposed: Bool {
        lock.withLock { disposed }
    }

    @usableFromInline
    func dispose() {
        let trigger: UnownedDisposable? = lock.withLock {
            guard !disposed else { return nil }
            disposed = true
            defer { self.trigger = nil }
            return self.trigger
        }
        TeardownTrampoline.dispose(current)
        if let trigger = trigger?.take() {
            TeardownTrampoline.dispose(trigger)
        }
    }

    /// Links the trigger's subscriber before it is subscribed; disposes it if already disposed.
    @usableFromInline
    func setTrigger<Trigger>(_ subscription: Subscriber<Trigger, Failure>) {
        let accepted: Bool = lock.withLock {
            guard !disposed else { return false }
            trigger = UnownedDisposable(subscription)
            return true
        }
        if !accepted {
            subscription.dispose()
        }
    }

    /// Subscribes a new attempt, unless disposed, once the previous attempt's subscription call
    /// has returned (as `SerialSubscription` does for `retry`): a trigger that answers during
    /// the failing attempt's `sendError` (`errors.map { _ in () }`) leaves the next attempt to the
    /// running call's loop, so state the attempt's creation closure updates after sending its
    /// error is seen by the next one. Deep in nested subscriptions, the loop is queued on the
    /// `SubscriptionTrampoline`. The previous attempt, if any, has failed: it is only let go of.
    @inlinable
    func startAttempt() {
        if SerialSubscriptionPhase.leaveToRunningCall(phase) { return }
        guard SubscriptionTrampoline.hasRoom else {
            SubscriptionTrampoline.enqueue { self.subscribeAttempts() }
            return
        }
        subscribeAttempts()
    }

    /// The loop of `startAttempt()`: subscribes an attempt, and another while one is asked for
    /// during the attempt's own subscription call.
    @inlinable
    func subscribeAttempts() {
        while true {
            let inner = InnerSubscriber(owner: self, identifier: 0, feeding: downstream)
            current.replace(afterEndOfPrevious: inner)
            guard !inner.isDisposed else { return }
            guard SerialSubscriptionPhase.nextAskedFor(phase, during: { source.subscribe(inner) }) else {
                return
            }
        }
    }

    /// A value of the attempt goes downstream; its error goes to `errors` (and waits for the
    /// trigger); its completion completes the result.
    @inlinable
    func receiveInner(_ event: inout Event<Value, Failure>, from _: Int) {
        switch event {
        case .next:
            relay(event, holdingDeliveryLock: true)
        case .error(let error):
            waiting = true
            errors.sendNext(error)
        case .completed:
            end(event)
        }
    }

    /// A trigger value starts the next attempt if the last one failed; the trigger's completion
    /// or error ends the result.
    @inlinable
    func receiveTrigger<Trigger>(_ event: Event<Trigger, Failure>) {
        switch event {
        case .next:
            guard waiting else { return }
            waiting = false
            startAttempt()
        case .error(let error):
            end(.error(error))
        case .completed:
            end(.completed)
        }
    }

    /// Disposes the attempt and the trigger, then forwards `event`.
    @usableFromInline
    func end(_ event: Event<Value, Failure>) {
        dispose()
        relay(event)
    }
}
