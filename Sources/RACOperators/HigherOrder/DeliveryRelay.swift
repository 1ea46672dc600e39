// DeliveryRelay: the downstream end of a higher-order operator's subscription.

import Synchronization

/// The downstream end of one subscription of a higher-order operator (`MergeSubscription`,
/// `SerialSubscription`, `SwitchSubscription`): every event for the result goes through
/// `relay(_:)`.
///
/// A forward normally calls the downstream subscriber at once. On a thread whose nested forwards
/// have used up `DeliveryTrampoline.stackBudget` of stack (the innermost of a million nested
/// `flattenMap`s), it queues the event instead and has the thread's outermost forward deliver it;
/// every later event of this relay, from any thread, queues behind it until the backlog is empty,
/// so the downstream subscriber still sees the events in the order they were sent.
@usableFromInline
class DeliveryRelay<Value, Failure: Error>: DeliveryBacklog, @unchecked Sendable {
    /// The result's subscriber.
    @usableFromInline final let downstream: Subscriber<Value, Failure>
    /// Whether events are waiting in `backlog` (or being delivered from it): a new one must queue.
    @usableFromInline final let queueing = Atomic<Bool>(false)
    /// Guards `backlog`: its critical sections never call out.
    private final let backlogLock = SpinLock()
    @exclusivity(unchecked) private final var backlog = EventBacklog<Value, Failure>()

    @inlinable
    init(downstream: Subscriber<Value, Failure>) {
        self.downstream = downstream
    }

    /// Sends `event` to the downstream subscriber, now or (deep in nested forwards, or behind
    /// queued events) before the thread's outermost forward returns. `holdingDeliveryLock`: the
    /// caller holds the downstream's delivery lock (an inner subscriber forwarding a value from
    /// its own delivery; it shares that lock), so a delivery now does not take it again
    /// (`Subscriber.forwardHoldingDeliveryLock`). Events queued here are sent later by
    /// `deliverBacklog()`, which the thread's `DeliveryTrampoline` calls.
    @inlinable @inline(__always)
    final func relay(_ event: Event<Value, Failure>, holdingDeliveryLock: Bool = false) {
        if !queueing.load(ordering: .acquiring), let frame = DeliveryTrampoline.enter() {
            if holdingDeliveryLock {
                downstream.forwardHoldingDeliveryLock(event)
            } else {
                downstream.send(event)
            }
            DeliveryTrampoline.leave(frame)
        } else {
            enqueue(event)
        }
    }

    /// An inner event of an operator whose inner signals run side by side (`MergeSubscription`)
    /// or the latest one only (`SwitchSubscription`): a value is forwarded (the inner subscriber's
    /// delivery holds the downstream's lock), an error goes to `fail` (which ends everything and
    /// forwards it), a completion to `completed`. Inlined with both closures into the owner's
    /// `receiveInner`, whose code stays its own: two owners that inlined the same code were merged
    /// by the optimiser into one function behind a thunk (8 instructions more per value).
    ///
    /// ```
    /// inner #3:  -a-#   →   relay(.next(a)), fail(.error)
    /// inner #4:  -b-|   →   relay(.next(b)), completed()
    /// ```
    @inlinable @inline(__always)
    final func relayInner(
        _ event: inout Event<Value, Failure>, failing fail: (Event<Value, Failure>) -> Void,
        completed: () -> Void
    ) {
        switch event {
        case .next:
            relay(event, holdingDeliveryLock: true)
        case .error:
            fail(event)
        case .completed:
            completed()
        }
    }

    @usableFromInline
    final func enqueue(_ event: Event<Value, Failure>) {
        backlogLock.lock()
        backlog.append(event)
        let first = !queueing.load(ordering: .relaxed)
        if first {
            queueing.store(true, ordering: .releasing)
        }
        backlogLock.unlock()
        if first {
            DeliveryTrampoline.schedule(self)
        }
    }

    /// Delivers the queued events in order, those queued meanwhile included; then forwards go
    /// straight through again.
    final func deliverBacklog() {
        while true {
            backlogLock.lock()
            guard let event = backlog.removeFirst() else {
                queueing.store(false, ordering: .releasing)
                backlogLock.unlock()
                return
            }
            backlogLock.unlock()
            downstream.send(event)
        }
    }
}
