// SerialSubscription: the state of the operators that subscribe to signals one after another.

import Synchronization

/// One subscription of an operator that subscribes to signals one after another (`Signal.concat`,
/// `repeat()`, `retry()`, `retry(_:)`, the delayed retries): values of the current signal go
/// downstream; when it terminates, `following` decides which signal comes next, or returns `nil`
/// to forward the terminal event. It is told how many signals have been started so far (the
/// first included), so that a loop that counts (`Signal.concat`'s position, `retry(_:)`'s
/// retries) needs no captured `var`, whose every access would be checked for exclusivity at run
/// time.
///
/// The next signal is subscribed only once the subscription call of the one that ended has
/// returned, as RAC's `-subscribeForever:` does by rescheduling on the subscription scheduler
/// (`RACSignal+Operations.m`): a creation closure that sends its terminal event and then updates
/// its state (a failure count, say) is seen by the next attempt with that state. A terminal event
/// that arrives while its subscription call is still running leaves the next signal in `pending`
/// and the call's loop (`subscribeInTurn`) subscribes it after the call returns; one that arrives
/// later (from a callback) subscribes at once. So 100 000 synchronous attempts in a row are a flat
/// loop, whatever the trampolines' depth. Events go downstream through the relay's `relay(_:)`
/// and disposal through the `TeardownTrampoline`, so nesting them deeply does not grow the stack
/// either. Link it to the downstream subscriber (`link`) before `start`, so that a downstream that
/// stops during a synchronous run stops the loop too. The current inner subscription is linked,
/// not held: its handler holds this object, which lives as long as a subscription that can still
/// send to it (see `UnownedDisposable`).
///
/// ```
/// attempt 1 subscribes, sends # and returns   ->  attempt 2 subscribes (after the return)
/// ```
@usableFromInline
final class SerialSubscription<Value, Failure: Error>: DeliveryRelay<Value, Failure>, Disposable,
    InnerSubscriptionOwner, @unchecked Sendable
{
    @usableFromInline let current = UnownedSerialDisposable()
    @usableFromInline let following: (Event<Value, Failure>, _ started: Int) -> Signal<Value, Failure>?
    /// How many signals have been subscribed to. Touched by the loop before each subscription and
    /// by the terminal event of that subscription, which the subscription orders after it.
    @exclusivity(unchecked) @usableFromInline var started = 0
    /// A `SerialSubscriptionPhase`: set by the loop, moved from `subscribing` to `ended` by a terminal event that
    /// arrives during the subscription call.
    @usableFromInline let phase = Atomic<Int>(SerialSubscriptionPhase.idle)
    /// The signal to subscribe once the running subscription call returns (phase `ended`). Written
    /// before the phase moves to `ended` (releasing), read after the loop sees it (acquiring).
    @exclusivity(unchecked) @usableFromInline var pending: Signal<Value, Failure>?

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

    /// Subscribes to `signal`, and then to the signals that follow it while they end during their
    /// own subscription call. Deep in nested subscriptions, the whole loop is queued on the
    /// `SubscriptionTrampoline`, so that each subscription call runs (and returns) inside it.
    @inlinable
    func start(_ signal: Signal<Value, Failure>) {
        guard SubscriptionTrampoline.hasRoom else {
            SubscriptionTrampoline.enqueue { self.subscribeInTurn(signal) }
            return
        }
        subscribeInTurn(signal)
    }

    /// A value goes downstream; a terminal event starts the signal `following` returns for it
    /// (after the running subscription call returns, if one is running), or, if none, goes
    /// downstream.
    @inlinable @inline(__always)
    func receiveInner(_ event: inout Event<Value, Failure>, from _: Int) {
        if case .next = event {
            relay(event, holdingDeliveryLock: true)
        } else if let next = following(event, started) {
            pending = next
            if SerialSubscriptionPhase.leaveToRunningCall(phase) { return }
            pending = nil
            start(next)
        } else {
            relay(event)
        }
    }

    /// The loop: makes a fresh inner subscriber the current subscription (the previous one has
    /// ended, so it is only let go of, not disposed) and subscribes it to `signal`, unless
    /// disposed meanwhile; repeats with `pending` while a signal ends during its own subscription
    /// call.
    @inlinable
    func subscribeInTurn(_ first: Signal<Value, Failure>) {
        var signal = first
        while true {
            started &+= 1
            let inner = InnerSubscriber(owner: self, identifier: 0, feeding: downstream)
            current.replace(afterEndOfPrevious: inner)
            guard !inner.isDisposed else { return }
            guard SerialSubscriptionPhase.nextAskedFor(phase, during: { signal.subscribe(inner) }) else {
                return
            }
            signal = pending.unsafelyUnwrapped
            pending = nil
        }
    }
}

/// Where a `SerialSubscription`'s loop is: no subscription call running (`idle`), one running
/// (`subscribing`), or one running whose signal has ended and left the next one pending
/// (`ended`). `RetryWhenSubscription`'s loop of attempts uses the same phases, through the two
/// helpers below.
@usableFromInline
enum SerialSubscriptionPhase {
    @inlinable static var idle: Int { 0 }
    @inlinable static var subscribing: Int { 1 }
    @inlinable static var ended: Int { 2 }

    /// For a terminal event or trigger that asks for the next subscription: if a subscription
    /// call is running, leaves the next subscription to that call's loop and returns `true`;
    /// otherwise returns `false`, and the caller subscribes now.
    @inlinable
    static func leaveToRunningCall(_ phase: borrowing Atomic<Int>) -> Bool {
        phase.compareExchange(expected: subscribing, desired: ended, ordering: .acquiringAndReleasing)
            .exchanged
    }

    /// Runs one subscription call (`subscribe`) in the `subscribing` phase; returns whether a
    /// next subscription was asked for during it (`leaveToRunningCall`), for the loop to make.
    @inlinable
    static func nextAskedFor(_ phase: borrowing Atomic<Int>, during subscribe: () -> Void) -> Bool {
        phase.store(subscribing, ordering: .releasing)
        subscribe()
        return !phase.compareExchange(expected: subscribing, desired: idle, ordering: .acquiringAndReleasing)
            .exchanged
    }
}
