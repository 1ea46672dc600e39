// InnerSubscriber: the subscriber of one inner signal of a higher-order operator.

/// The state of one subscription of a higher-order operator (`MergeSubscription`,
/// `SwitchSubscription`, `SerialSubscription`), as its inner subscribers see it: it handles every
/// event of its inner subscription number `identifier`.
///
/// ```
/// inner #3:  -a-b-|   →   receiveInner(.next(a), 3), receiveInner(.next(b), 3), receiveInner(.completed, 3)
/// ```
@usableFromInline
protocol InnerSubscriptionOwner<Value, Failure>: AnyObject {
    associatedtype Value
    associatedtype Failure: Error

    /// Handles an event of the inner subscription `identifier`, under the downstream's delivery
    /// lock, in grammar (never after that inner subscription's terminal event).
    func receiveInner(_ event: inout Event<Value, Failure>, from identifier: Int)

    /// The inner subscriber `identifier`, at `address`, is going away without having stopped: its
    /// signal let go of it (a subject released without ending, say), so nothing can send to it
    /// any more. An owner that keeps a reference for each inner subscription lets go of it here,
    /// still counting it as running (it never completes). Called from that subscriber's `deinit`.
    func innerReleased(_ identifier: Int, at address: UnsafeMutableRawPointer)
}

extension InnerSubscriptionOwner {
    /// Nothing to let go of: the owner keeps at most one inner subscription.
    @usableFromInline
    func innerReleased(_ identifier: Int, at address: UnsafeMutableRawPointer) {}
}

/// The subscriber of one inner signal: an operator stage (Docs/Internals.md) that hands each event
/// to its owner, the operator's subscription state, and that shares the delivery lock of the
/// operator's downstream, so that inner senders on several threads take turns and an inner signal
/// costs one object. Like any stage it holds its downstream, bequeaths its resources to it if it
/// is released without stopping, and lets go of its owner once stopped.
///
/// RAC: none (the subscriber RAC's `-bind:` made for each inner signal, with its blocks).
///
/// ```
/// inner signal -a-b-|  →  [InnerSubscriber #n]  →  owner.receiveInner(event, n)  →  downstream
/// ```
@usableFromInline
final class InnerSubscriber<Owner: InnerSubscriptionOwner>:
    OperatorStage<Owner.Value, Owner.Failure, Owner.Value, Owner.Failure>, SubscriptionStage,
    @unchecked Sendable
{
    /// The operator's state, retained by hand (`nil` once stopped): released when this subscriber
    /// stops, or through the `TeardownTrampoline` from `deinit`, so that releasing a million
    /// nested inner subscriptions does not nest a million `deinit`s. Touched only inside this
    /// subscriber's deliveries and once it has stopped.
    @exclusivity(unchecked) @usableFromInline var owner: Unmanaged<Owner>?
    /// Which inner subscription of its owner this is.
    @usableFromInline let identifier: Int

    /// The subscriber of the inner signal number `identifier` of `owner`, feeding `downstream`.
    @inlinable
    init(owner: Owner, identifier: Int, feeding downstream: Subscriber<Owner.Value, Owner.Failure>) {
        self.owner = .passRetained(owner)
        self.identifier = identifier
        super.init(feeding: downstream, as: InnerSubscriber.self, sharing: downstream.deliveryLock)
    }

    deinit {
        if let owner {
            // Released without stopping (a stopped one has let go of its owner).
            owner._withUnsafeGuaranteedRef {
                $0.innerReleased(identifier, at: Unmanaged.passUnretained(self).toOpaque())
            }
            TeardownTrampoline.release(Unmanaged<AnyObject>.fromOpaque(owner.toOpaque()))
        }
    }

    @inlinable @inline(__always)
    func receive(event: inout Event<Owner.Value, Owner.Failure>) {
        owner.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.receiveInner(&event, from: identifier) }
    }

    /// Lets go of the owner once stopped (its closures and the downstream with it).
    @inlinable
    func releaseState() {
        let released = owner
        owner = nil
        released?.release()
    }
}
