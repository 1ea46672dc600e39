import Synchronization

/// Receives one subscription's events, serialised and in grammar.
///
/// RAC: `RACSubscriber` (and `RACPassthroughSubscriber`). Guarantees, whatever threads send:
/// - events never overlap: an event sent from another thread during a callback waits until the
///   callback returns, and one sent from inside a callback (reentrancy) is delivered nested at
///   once, as RAC's `@synchronized` does;
/// - nothing is delivered after a terminal event, and no delivery starts after `dispose()`
///   returns (a callback already running on another thread may finish; `dispose()` never waits);
/// - a terminal event or `dispose()` disposes every resource added with `add(_:)`, once.
///
/// ```
/// sent:       -a-b-|-c-    (c after completion)
/// delivered:  -a-b-|       (c dropped)
/// ```
///
/// Make one with ``init(next:error:completed:)`` or ``init(_:)``, or let `subscribe` make it. The
/// class is `open` only for the package's own operators: its other initialisers are not public,
/// so it cannot be subclassed outside the package.
open class Subscriber<Value, Failure: Error>: SubscriberProtocol, Disposable, @unchecked Sendable {
    // Each callback runs under the subscriber's recursive lock (so the reentrant event is nested and
    // another thread's waits). Every subscriber hands its events to one stage (`SubscriptionStage`):
    // the closures it was made with, or, for an operator's subscriber, itself (`OperatorStage`).

    /// The callback invoked with each event; released on termination or disposal.
    public typealias Handler = (Event<Value, Failure>) -> Void

    // The subscribers of a chain of single-source operators share one lock: the head subscriber
    // takes it for each event, and the claimed subscribers below it, which only ever receive
    // events from inside that delivery, run under it without locking again (`locksOnSend` false;
    // Docs/Internals.md, "Glossary" and "The rules").

    /// Serialises deliveries; shared with the subscribers upstream of it in a chain.
    @usableFromInline package final let deliveryLock: RecursiveLock
    /// Set once a terminal event or `dispose()` has stopped the subscriber.
    @usableFromInline final let stopped = Atomic<Bool>(false)
    /// Whether `send` takes `deliveryLock` itself. `false` for a claimed subscriber, whose events all
    /// arrive from inside a delivery that holds the same lock. Written only before the first event.
    @exclusivity(unchecked) @usableFromInline package final var locksOnSend = true
    /// Calls `stage` with the address of an event (`SubscriptionStage.dispatch`, made where the
    /// stage's type is known), or with `nil` to let it release its state.
    // A non-optional `let`: a delivery calls it without retaining anything.
    @usableFromInline final let dispatch: (AnyObject, UnsafeMutableRawPointer?) -> Void
    /// The stage (`nil` once stopped): retained by hand, unless it is the subscriber itself.
    /// Guarded by `deliveryLock`.
    @exclusivity(unchecked) @usableFromInline final var stage: Unmanaged<AnyObject>?
    /// How many deliveries to this subscriber are on the stack (nested ones included). Guarded by
    /// `deliveryLock`.
    @exclusivity(unchecked) @usableFromInline final var depth = 0
    /// A stage stopped during a delivery, released once the outermost delivery returns.
    /// Guarded by `deliveryLock`.
    @exclusivity(unchecked) @usableFromInline final var retired: Unmanaged<AnyObject>?

    /// A tiny spin lock over the resources below: its critical sections never call out.
    final let resourcesLock = SpinLock()
    /// The resources, in the order they were added (see `Subscriber+Resources.swift`): the first
    /// if it is a link (an operator stage's upstream subscription), the first one owned if only
    /// `firstLink` came before it, and the others.
    @exclusivity(unchecked) final var firstLink: UnownedDisposable?
    @exclusivity(unchecked) final var firstResource: (any Disposable)?
    @exclusivity(unchecked) final var otherResources: [SubscriptionResource] = []
    @exclusivity(unchecked) final var resourcesDisposed = false
    /// The subject registry this subscriber is in, if that was its first resource: disposal
    /// removes it from there without a disposable of its own (see `join(_:)`).
    @exclusivity(unchecked) final var membership: SubscriberRegistry?
    /// The subscriber this one's resources pass to if it is released without stopping (see
    /// `setHeir(_:)`); released once the resources are disposed. Set before subscribing.
    @exclusivity(unchecked) @usableFromInline final var heir: (any SubscriberProtocol)?

    /// A subscriber whose events go to `stage`. With a `lock` (the delivery lock of the subscriber
    /// it feeds), its deliveries are serialised by that lock; without, it has a lock of its own.
    @inlinable
    package convenience init<Stage: SubscriptionStage>(stage: Stage, sharing lock: RecursiveLock?)
    where Stage.Value == Value, Stage.Failure == Failure {
        self.init(stage: stage, sharing: lock, dispatch: Stage.dispatch)
    }

    /// A subscriber whose events go to `stage` through `dispatch` (see `dispatch` below), for a
    /// stage that reads its events without the `SubscriptionStage` protocol: the inputs of the
    /// parameter-pack operators, whose generic code would otherwise look up `Event`'s metadata for
    /// every event (`CombineLatestPackInputStage`).
    @inlinable
    package init(
        stage: AnyObject, sharing lock: consuming RecursiveLock?,
        dispatch: consuming @escaping (AnyObject, UnsafeMutableRawPointer?) -> Void
    ) {
        deliveryLock = lock ?? RecursiveLock()
        self.dispatch = dispatch
        self.stage = Unmanaged.passRetained(stage)
        if SubscriberWatch.isActive { SubscriberWatch.note(self) }
    }

    /// A subscriber that is its own stage (`OperatorStage`); `dispatch` calls it.
    @inlinable
    package init(
        beingItsOwnStageSharing lock: consuming RecursiveLock?,
        dispatch: consuming @escaping (AnyObject, UnsafeMutableRawPointer?) -> Void
    ) {
        deliveryLock = lock ?? RecursiveLock()
        self.dispatch = dispatch
        stage = Unmanaged<AnyObject>.passUnretained(self)
        if SubscriberWatch.isActive { SubscriberWatch.note(self) }
    }

    /// Creates a subscriber that passes every event to `handler`.
    @inlinable
    public convenience init(_ handler: @escaping Handler) {
        self.init(stage: ClosureStage(handler), sharing: nil)
    }

    /// A subscriber made by the framework whose deliveries are serialised by `lock`, the delivery
    /// lock of the subscriber it feeds; every event goes to `handler`.
    @inlinable
    package convenience init(_ handler: @escaping Handler, sharing lock: RecursiveLock) {
        self.init(stage: ClosureStage(handler), sharing: lock)
    }

    /// Creates a subscriber from optional closures; a missing closure ignores that event.
    /// RAC: `+subscriberWithNext:error:completed:`.
    @inlinable
    public convenience init(
        next: ((Value) -> Void)? = nil,
        error: ((Failure) -> Void)? = nil,
        completed: (() -> Void)? = nil
    ) {
        self.init(stage: CallbackStage(next: next, error: error, completed: completed), sharing: nil)
    }

    deinit {
        // Not stopped, and now nothing can send to it: its upstream let it go without ending (a
        // subject released, say), or it was never subscribed. See `bequeathResources()`.
        if !resourcesDisposed {
            bequeathResources()
        }
        // An operator stage is its own stage: its own `deinit` has handed its downstream on.
        if let stage, !isOwn(stage) {
            // The stage may hold the next subscriber of a chain, unstopped too, whose own `deinit`
            // releases the one after it: a chain released whole does not nest a `deinit` per
            // stage on the stack.
            TeardownTrampoline.release(stage)
        }
        if let retired, !isOwn(retired) {
            retired.release()
        }
    }

    /// Whether `stage` (the current one, or a retired one) is this subscriber itself.
    @usableFromInline
    final func isOwn(_ stage: Unmanaged<AnyObject>) -> Bool {
        stage.toOpaque() == Unmanaged<AnyObject>.passUnretained(self).toOpaque()
    }

    /// Lets go of a stage taken out of `stage` (or `retired`) once the subscriber has stopped: the
    /// reference to it, or, for a subscriber that is its own stage, what it holds for its
    /// deliveries (`releaseOwnStage()`).
    @usableFromInline
    final func release(_ stage: Unmanaged<AnyObject>?) {
        guard let stage else { return }
        if isOwn(stage) {
            releaseOwnStage()
        } else {
            stage.release()
        }
    }

    /// Releases what a subscriber that is its own stage holds for its deliveries, once it has
    /// stopped and no delivery to it is running. Overridden by `OperatorStage`.
    @usableFromInline
    package func releaseOwnStage() {}

    /// Whether the subscriber has stopped: it received a terminal event or was disposed.
    public final var isDisposed: Bool {
        stopped.load(ordering: .acquiring)
    }

    /// Delivers `event` unless the subscriber has stopped. A terminal event stops the subscriber,
    /// is delivered, and then disposes its resources.
    @inlinable @inline(__always)
    public final func send(_ event: Event<Value, Failure>) {
        // Inlined whole where it is called: a loop that sends (a subject, a creation closure)
        // then pays for the call and its register saves once, not per event.
        guard !stopped.load(ordering: .acquiring) else { return }
        if locksOnSend {
            deliver(event, locking: true)
        } else {
            deliver(event, locking: false)
        }
    }

    /// `send` for the framework's stages (`OperatorStage.emit(_:)`, `DeliveryCheckpoint`), which
    /// forward one event per call: a claimed subscriber (the common case: the delivery that calls it
    /// holds `deliveryLock` already) is delivered inline, a subscriber that locks goes through
    /// `sendLocking`, out of line. That keeps the stage's `receive` small.
    @inlinable @inline(__always)
    package final func forward(_ event: Event<Value, Failure>) {
        guard !stopped.load(ordering: .acquiring) else { return }
        if locksOnSend {
            sendLocking(event)
        } else {
            deliver(event, locking: false)
        }
    }

    /// `forward` for a caller that holds `deliveryLock` already: the inner subscriber of a
    /// higher-order operator, which shares its downstream's lock and forwards a value from inside
    /// its own delivery. Delivers as to a claimed subscriber, without taking the lock again.
    @inlinable @inline(__always)
    package final func forwardHoldingDeliveryLock(_ event: Event<Value, Failure>) {
        assert(
            deliveryLock.isHeldByCurrentThread, "Subscriber.forwardHoldingDeliveryLock: the lock is not held")
        guard !stopped.load(ordering: .acquiring) else { return }
        deliver(event, locking: false)
    }

    /// `send` for a subscriber that takes its delivery lock itself: out of line (it is the head of
    /// a chain, called once per event), but specialised where it is used.
    @inlinable @inline(never)
    final func sendLocking(_ event: Event<Value, Failure>) {
        deliver(event, locking: true)
    }

    /// Delivers a value on the common path (the stage is there and the subscriber has not
    /// stopped), and hands everything else to `deliverRarely`.
    @inlinable @inline(__always)
    final func deliver(_ event: Event<Value, Failure>, locking: Bool) {
        if locking { deliveryLock.lock() }
        // Checked again once the lock is taken: a disposal may have happened while waiting. (A
        // claimed subscriber waited for nothing since `send` checked.)
        guard let stage, !event.isTerminal, !(locking && stopped.load(ordering: .acquiring)) else {
            deliverRarely(event, locking: locking)
            return
        }
        depth &+= 1
        call(stage, event)
        depth &-= 1
        // A stage is retired only once the subscriber has stopped, so `stopped` covers both
        // reasons to finish: a retired stage, or a disposal by another thread meanwhile.
        if depth == 0, stopped.load(ordering: .acquiring) {
            finishDelivery(locking: locking)
        } else if locking {
            deliveryLock.unlock()
        }
    }

    /// The rare cases of a delivery, with the delivery lock held (taken by this call if
    /// `locking`, released before returning): the stage is gone, the subscriber was disposed
    /// while the event waited for the lock, or the event is terminal.
    @inlinable @inline(never)
    final func deliverRarely(_ event: Event<Value, Failure>, locking: Bool) {
        guard let stage else {
            if locking { deliveryLock.unlock() }
            return
        }
        if stopped.load(ordering: .acquiring) {
            // Disposed while this event waited for the lock: drop it, and release the stage that
            // the disposing thread could not (it never waits for a delivery).
            let stale = depth == 0 ? stage : nil
            if stale != nil { self.stage = nil }
            if locking { deliveryLock.unlock() }
            release(stale)
            return
        }
        depth &+= 1
        stopped.store(true, ordering: .releasing)
        self.stage = nil
        call(stage, event)
        depth &-= 1
        let released = depth == 0 ? stage : nil
        if released == nil { retired = stage }
        let leftover = depth == 0 ? takeRetired() : nil
        if locking { deliveryLock.unlock() }
        release(released)
        release(leftover)
        disposeResources()
    }

    /// Ends a delivery after which the subscriber must release a stage: one retired by a
    /// nested terminal event or disposal, or its own if another thread disposed it meanwhile.
    @inlinable @inline(never)
    final func finishDelivery(locking: Bool) {
        let leftover = takeRetired()
        let stale = stopped.load(ordering: .acquiring) ? self.stage : nil
        if stale != nil { self.stage = nil }
        if locking { deliveryLock.unlock() }
        release(leftover)
        release(stale)
    }

    /// Calls `stage` (this subscriber's) with `event`, without retaining it.
    @inlinable @inline(__always)
    final func call(_ stage: Unmanaged<AnyObject>, _ event: Event<Value, Failure>) {
        var event = event
        // The standard library's form without a stack protector: the address only goes to the
        // stage, which reads or moves the event and keeps no pointer. With the protector, every
        // delivery paid a canary check (about 5 instructions a stage: a hop of the 20-`map` chain
        // 67 -> 62).
        _withUnprotectedUnsafeMutablePointer(to: &event) { address in
            stage._withUnsafeGuaranteedRef { dispatch($0, address) }
        }
    }

    /// Takes the stage retired during a delivery (call with the delivery lock held).
    @usableFromInline
    final func takeRetired() -> Unmanaged<AnyObject>? {
        defer { retired = nil }
        return retired
    }

    /// Sends a value. RAC: `sendNext:`.
    @inlinable @inline(__always)
    public final func sendNext(_ value: Value) {
        send(.next(value))
    }

    /// Sends an error and ends the subscription. RAC: `sendError:`.
    @inlinable @inline(__always)
    public final func sendError(_ error: Failure) {
        send(.error(error))
    }

    /// Completes the subscription. RAC: `sendCompleted`.
    @inlinable @inline(__always)
    public final func sendCompleted() {
        send(.completed)
    }

    /// Stops the subscriber: no delivery starts after this returns, the stage is released and the
    /// resources are disposed. Runs once; never waits. A callback that another thread is running at
    /// this moment finishes (it began before the disposal), and that thread releases the stage
    /// when it returns. Because it never waits, two subscribers that dispose each other from
    /// callbacks on two threads cannot deadlock.
    public final func dispose() {
        // Each delivering thread holds its own subscriber's lock: waiting here for the other's would
        // deadlock.
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if deliveryLock.tryLock() {
            var released = stage
            stage = nil
            if depth > 0 {
                // Disposed from inside its own callback: the callback is still running.
                retired = released
                released = nil
            }
            deliveryLock.unlock()
            release(released)
        }
        disposeResources()
    }

    /// The lock that a subscriber feeding this one from upstream should share: the delivery lock
    /// if this is a claimed subscriber (then the upstream's deliveries already run under it), `nil`
    /// otherwise. Defined here so that other modules read `locksOnSend` without an exclusivity
    /// check.
    @inlinable
    package final var lockForUpstream: RecursiveLock? {
        locksOnSend ? nil : deliveryLock
    }

    /// Marks this subscriber as claimed: its events all arrive from inside a delivery that holds
    /// its delivery lock, so that `send` need not take it again. Call before any event.
    @usableFromInline
    package final func claimSerialDelivery() {
        locksOnSend = false
    }
}
