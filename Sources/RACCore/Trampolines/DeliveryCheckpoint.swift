/// A stage that a `LiftedSignal` puts in front of its subscriber once every
/// `LiftedSignal.checkpointInterval` lifted signals of a chain, so that the events and the disposal of a
/// subscription to a chain of a hundred thousand `map`s do not nest a hundred thousand calls.
///
/// The stages of a chain of single-source operators deliver each event by calling the next one: a
/// value reaches the end of a chain `n` stages long `n` calls deep. A checkpoint forwards through the
/// `DeliveryTrampoline`: once the forwards on the thread have used up their stack budget it queues
/// the event, with every later one behind it so that the order is kept, and the thread's outermost
/// forward delivers the queue before it returns. Disposing the chain goes up through a checkpoint
/// with `TeardownTrampoline.dispose(_:nestingAtMost:)`, which queues it unless no teardown is in
/// progress. Shorter chains, the usual ones, have no checkpoint.
///
/// ```
/// stages:    map … map  [checkpoint]  map … map  [checkpoint]  map … subscriber
/// a value:   nested calls, queued at a checkpoint once the thread is deep, then nested again
/// ```
final class DeliveryCheckpoint<Value, Failure: Error>: DeliveryBacklog, SubscriptionStage, Disposable,
    @unchecked Sendable
{
    // A stage takes 80 bytes of stack in a release build, 1.2 KB in a debug one. Chains shorter than
    // `LiftedSignal.checkpointInterval` pay nothing for checkpoints.
    /// The subscriber that the checkpoint feeds.
    private let downstream: Subscriber<Value, Failure>
    /// The subscriber put in front of `downstream`, which the operator's stage sends to, linked
    /// without holding it (its handler holds this checkpoint, which holds `downstream`: the chain
    /// is held from its source down, Docs/Reliability.md defect 4). Set once, before the first
    /// event; taken by `dispose()`.
    @exclusivity(unchecked) private var gate: UnownedDisposable?
    /// The gate's delivery lock, under which the backlog is delivered.
    @exclusivity(unchecked) private var gateLock: RecursiveLock?
    /// Whether events wait in `backlog` (or are being delivered from it): a new one must queue.
    /// The backlog is touched only under the gate's delivery lock.
    @exclusivity(unchecked) private var queueing = false
    @exclusivity(unchecked) private var backlog = EventBacklog<Value, Failure>()

    private init(downstream: Subscriber<Value, Failure>) {
        self.downstream = downstream
    }

    deinit {
        gate?.release()
    }

    /// The subscriber to hand to the operator in place of `downstream`: its events reach
    /// `downstream` through a new checkpoint.
    static func interpose(before downstream: Subscriber<Value, Failure>) -> Subscriber<Value, Failure> {
        let checkpoint = DeliveryCheckpoint(downstream: downstream)
        // Shares the downstream's delivery lock if it is a claimed subscriber, as the stage it stands
        // in for would have; otherwise the gate has a lock of its own and takes it on each event.
        let lock = downstream.lockForUpstream
        let gate = Subscriber<Value, Failure>(stage: checkpoint, sharing: lock)
        if lock != nil {
            gate.claimSerialDelivery()
        }
        checkpoint.gate = UnownedDisposable(gate)
        checkpoint.gateLock = gate.deliveryLock
        // As `Subscriber.link(_:)`: the downstream refers to the gate's side without holding it,
        // and inherits the gate's resources if the gate is released without stopping.
        gate.setHeir(downstream)
        downstream.link(state: checkpoint)
        return gate
    }

    /// Forwards one event from the gate, now or (deep in nested forwards, or behind queued
    /// events) before the thread's outermost forward returns. Runs under the gate's lock.
    func receive(event: inout Event<Value, Failure>) {
        if !queueing, let frame = DeliveryTrampoline.enter() {
            downstream.forward(event)
            DeliveryTrampoline.leave(frame)
        } else {
            backlog.append(event)
            if !queueing {
                queueing = true
                DeliveryTrampoline.schedule(self)
            }
        }
    }

    /// Delivers the queued events in order, those queued meanwhile included, under the gate's
    /// lock (the outermost forward of the thread may be outside this chain's delivery).
    func deliverBacklog() {
        let lock = gateLock.unsafelyUnwrapped
        lock.lock()
        while let event = backlog.removeFirst() {
            downstream.send(event)
        }
        queueing = false
        lock.unlock()
    }

    /// Disposes the gate, and with it the stages above: nested only if no teardown is in progress
    /// on this thread, so that disposing a long chain goes up one stretch between two checkpoints
    /// at a time.
    /// Called once, by the downstream's disposal of its resources; does nothing if the gate has
    /// gone already.
    func dispose() {
        guard let link = gate.take(), let target = link.take() else { return }
        TeardownTrampoline.dispose(target, nestingAtMost: 1)
    }

    /// Whether the gate was disposed (or stopped, or has gone).
    var isDisposed: Bool {
        gate?.retainedTarget?.isDisposed ?? true
    }
}
