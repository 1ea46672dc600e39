import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Receives one subscription's events, serialised and in grammar.
///
/// RAC: `RACSubscriber` (and `RACPassthroughSubscriber`). Guarantees, whatever threads send:
/// - events never overlap: each callback runs under the subscriber's recursive lock, so an event
///   sent from inside a callback (reentrancy) is delivered nested at once, as RAC's
///   `@synchronized` does, and one sent from another thread waits;
/// - nothing is delivered after a terminal event, and no delivery starts after `dispose()`
///   returns (a callback already running on another thread may finish; `dispose()` never waits);
/// - a terminal event or `dispose()` disposes every resource added with `add(_:)`, once.
///
/// ```
/// sent:       -a-b-|-c-    (c after completion)
/// delivered:  -a-b-|       (c dropped)
/// ```
///
/// Performance (see Docs/Performance.md): the stages of a chain of single-source operators
/// (`map`, `filter`, `scan` …) share one lock. The subscriber at the head of the chain takes it
/// for each event; the stages below it, which the framework created itself and which only ever
/// receive events from inside that delivery, run under it without locking again. The common
/// operators' stages are subscribers themselves (`StageSubscriber`, the only subclasses: the class
/// is not `open`, and its members are `final`).
public class Subscriber<Value, Failure: Error>: SubscriberProtocol, Disposable, @unchecked Sendable {
    /// The callback invoked with each event; released on termination or disposal.
    public typealias Handler = (Event<Value, Failure>) -> Void

    /// Holds a `Handler` in a `let`, so that a delivery calls it without retaining it.
    @usableFromInline
    final class HandlerBox {
        @usableFromInline let handler: Handler

        @inlinable
        init(_ handler: @escaping Handler) {
            self.handler = handler
        }
    }

    /// Serialises deliveries; shared with the upstream stages of a chain (see the type's notes).
    @usableFromInline package final let deliveryLock: RecursiveLock
    /// Set once a terminal event or `dispose()` has stopped the subscriber.
    @usableFromInline final let stopped = Atomic<Bool>(false)
    /// Whether `send` takes `deliveryLock` itself. `false` for a claimed stage, whose events all
    /// arrive from inside a delivery that holds the same lock. Written only before the first event.
    @exclusivity(unchecked) @usableFromInline package final var locksOnSend = true
    /// Whether `box` is a `SubscriptionStage` (a framework-made stage, or the subscriber itself
    /// for a `StageSubscriber`) that `dispatch` calls, else a `HandlerBox`.
    @usableFromInline final let receives: Bool
    /// How a delivery calls the stage in `box`, given the stage and the address of the event: a
    /// closure that captures nothing, made where the stage's type is known, so that it calls the
    /// stage's `receive` directly, specialised. Not optional, and a `let`, so that a delivery
    /// reads it without copying it (an optional closure bound with `if let` is retained and
    /// released around each call). Typed over a raw address so that a subscriber whose box is a
    /// `HandlerBox` can hold a placeholder that is not generic (`noDispatch`): a
    /// generic closure made in unspecialised code would allocate a context.
    @usableFromInline final let dispatch: (AnyObject, UnsafeMutableRawPointer) -> Void
    /// The handler's box or the stage, retained by hand (`nil` once stopped). Guarded by
    /// `deliveryLock`.
    @exclusivity(unchecked) @usableFromInline final var box: Unmanaged<AnyObject>?
    /// How many deliveries to this subscriber are on the stack (nested ones included). Guarded by
    /// `deliveryLock`.
    @exclusivity(unchecked) @usableFromInline final var depth = 0
    /// A handler stopped during a delivery, released once the outermost delivery returns.
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

    /// Creates a subscriber that passes every event to `handler`.
    @inlinable
    public init(_ handler: @escaping Handler) {
        deliveryLock = RecursiveLock()
        receives = false
        dispatch = noDispatch
        box = Unmanaged.passRetained(HandlerBox(handler))
    }

    /// A subscriber for a framework-made stage whose deliveries are serialised by `lock`, the
    /// delivery lock of the stage it feeds.
    @inlinable
    package init(_ handler: @escaping Handler, sharing lock: RecursiveLock) {
        deliveryLock = lock
        receives = false
        dispatch = noDispatch
        box = Unmanaged.passRetained(HandlerBox(handler))
    }

    /// A `StageSubscriber`: its box is itself, and `dispatch` calls its `receive`.
    @inlinable
    package init(
        stageSharing lock: RecursiveLock?, dispatch: @escaping (AnyObject, UnsafeMutableRawPointer) -> Void
    ) {
        deliveryLock = lock ?? RecursiveLock()
        receives = true
        self.dispatch = dispatch
        box = Unmanaged<AnyObject>.passUnretained(self)
    }

    /// A subscriber made by the framework whose events go to `stage`, the object of one
    /// subscription of an operator (its state and its downstream subscriber): one allocation
    /// beside the subscriber, where a closure capturing the same things would need its context
    /// and a box. With a `lock`, a framework-made stage as `init(_:sharing:)`; without, the
    /// subscriber has a lock of its own.
    @inlinable
    package init<Stage: SubscriptionStage>(stage: Stage, sharing lock: RecursiveLock?)
    where Stage.Value == Value, Stage.Failure == Failure {
        deliveryLock = lock ?? RecursiveLock()
        receives = true
        dispatch = Stage.dispatch
        box = Unmanaged.passRetained(stage)
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

    /// The handler that calls the given closures (a missing one ignores its event). A static
    /// function, so that the closure is specialised where it is called.
    @inlinable
    public static func handler(
        next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?
    ) -> Handler {
        { event in
            switch event {
            case .next(let value): next?(value)
            case .error(let failure): error?(failure)
            case .completed: completed?()
            }
        }
    }

    deinit {
        // Not stopped, and now nothing can send to it: its upstream let it go without ending (a
        // subject released, say), or it was never subscribed. See `bequeathResources()`.
        if !resourcesDisposed {
            bequeathResources()
        }
        // A stage subscriber's box is itself: its own `deinit` has handed its downstream on.
        if let box, !isOwn(box) {
            // The handler may hold the next stage of a chain, unstopped too, whose own `deinit`
            // releases the stage after it: a chain released whole does not nest a `deinit` per
            // stage on the stack.
            TeardownTrampoline.release(box)
        }
        if let retired, !isOwn(retired) {
            retired.release()
        }
    }

    /// Whether `handler` (the box, or a retired one) is this subscriber itself (a
    /// `StageSubscriber`).
    @usableFromInline
    final func isOwn(_ handler: Unmanaged<AnyObject>) -> Bool {
        handler.toOpaque() == Unmanaged<AnyObject>.passUnretained(self).toOpaque()
    }

    /// Lets go of a handler taken out of `box` (or `retired`) once the subscriber has stopped: the
    /// box's reference, or, for a stage subscriber (whose box is itself), what it holds for its
    /// deliveries (`releaseStage()`).
    @usableFromInline
    final func releaseHandler(_ handler: Unmanaged<AnyObject>?) {
        guard let handler else { return }
        if isOwn(handler) {
            releaseStage()
        } else {
            handler.release()
        }
    }

    /// Releases what a stage subscriber holds for its deliveries (its downstream), once it has
    /// stopped and no delivery to it is running. Overridden by `StageSubscriber`.
    @usableFromInline
    package func releaseStage() {}

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

    /// `send` for the framework's stages (`StageSubscriber.emit(_:)`, `DeliveryCheckpoint`), which
    /// forward one event per call: a claimed stage (the common case: the delivery that calls it
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

    /// `send` for a subscriber that takes its delivery lock itself: out of line (it is the head of
    /// a chain, called once per event), but specialised where it is used.
    @inlinable @inline(never)
    final func sendLocking(_ event: Event<Value, Failure>) {
        deliver(event, locking: true)
    }

    /// Delivers a value on the common path (the handler is there and the subscriber has not
    /// stopped), and hands everything else to `deliverRarely`.
    @inlinable @inline(__always)
    final func deliver(_ event: Event<Value, Failure>, locking: Bool) {
        if locking { deliveryLock.lock() }
        // Checked again once the lock is taken: a disposal may have happened while waiting. (A
        // claimed stage waited for nothing since `send` checked.)
        guard let box, !event.isTerminal, !(locking && stopped.load(ordering: .acquiring)) else {
            deliverRarely(event, locking: locking)
            return
        }
        depth &+= 1
        call(box, event)
        depth &-= 1
        // A handler is retired only once the subscriber has stopped, so `stopped` covers both
        // reasons to finish: a retired handler, or a disposal by another thread meanwhile.
        if depth == 0, stopped.load(ordering: .acquiring) {
            finishDelivery(locking: locking)
        } else if locking {
            deliveryLock.unlock()
        }
    }

    /// The rare cases of a delivery, with the delivery lock held (taken by this call if
    /// `locking`, released before returning): the handler is gone, the subscriber was disposed
    /// while the event waited for the lock, or the event is terminal.
    @inlinable @inline(never)
    final func deliverRarely(_ event: Event<Value, Failure>, locking: Bool) {
        guard let box else {
            if locking { deliveryLock.unlock() }
            return
        }
        if stopped.load(ordering: .acquiring) {
            // Disposed while this event waited for the lock: drop it, and release the handler that
            // the disposing thread could not (it never waits for a delivery).
            let stale = depth == 0 ? box : nil
            if stale != nil { self.box = nil }
            if locking { deliveryLock.unlock() }
            releaseHandler(stale)
            return
        }
        depth &+= 1
        stopped.store(true, ordering: .releasing)
        self.box = nil
        call(box, event)
        depth &-= 1
        let released = depth == 0 ? box : nil
        if released == nil { retired = box }
        let leftover = depth == 0 ? takeRetired() : nil
        if locking { deliveryLock.unlock() }
        releaseHandler(released)
        releaseHandler(leftover)
        disposeResources()
    }

    /// Ends a delivery after which the subscriber must release a handler: one retired by a
    /// nested terminal event or disposal, or its own if another thread disposed it meanwhile.
    @inlinable @inline(never)
    final func finishDelivery(locking: Bool) {
        let leftover = takeRetired()
        let stale = stopped.load(ordering: .acquiring) ? self.box : nil
        if stale != nil { self.box = nil }
        if locking { deliveryLock.unlock() }
        releaseHandler(leftover)
        releaseHandler(stale)
    }

    /// Calls the handler in `box` (this subscriber's) with `event`, without retaining it.
    @inlinable @inline(__always)
    final func call(_ box: Unmanaged<AnyObject>, _ event: Event<Value, Failure>) {
        if receives {
            var event = event
            withUnsafeMutablePointer(to: &event) { address in
                box._withUnsafeGuaranteedRef { dispatch($0, address) }
            }
        } else {
            box._withUnsafeGuaranteedRef { unsafeDowncast($0, to: HandlerBox.self).handler(event) }
        }
    }

    /// Takes the handler retired during a delivery (call with the delivery lock held).
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

    /// Stops the subscriber: no delivery starts after this returns, the handler is released and the
    /// resources are disposed. Runs once; never waits. A callback that another thread is running at
    /// this moment finishes (it began before the disposal), and that thread releases the handler
    /// when it returns. Not waiting is what keeps operators with several inputs (`merge` + `take`
    /// on two threads) from deadlocking: each delivering thread holds its own input's lock.
    public final func dispose() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if deliveryLock.tryLock() {
            var released = box
            box = nil
            if depth > 0 {
                // Disposed from inside its own callback: the callback is still running.
                retired = released
                released = nil
            }
            deliveryLock.unlock()
            releaseHandler(released)
        }
        disposeResources()
    }

    /// The lock that a subscriber feeding this one from upstream should share: the delivery lock
    /// if this is a claimed stage (then the upstream's deliveries already run under it), `nil`
    /// otherwise. Defined here so that other modules read `locksOnSend` without an exclusivity
    /// check.
    @inlinable
    package final var lockForUpstream: RecursiveLock? {
        locksOnSend ? nil : deliveryLock
    }

    /// Marks this subscriber as a stage whose events all arrive from inside a delivery that holds
    /// its delivery lock, so that `send` need not take it again. Call before any event.
    @usableFromInline
    package final func claimSerialDelivery() {
        locksOnSend = false
    }
}

/// The `dispatch` of a subscriber whose box is a `HandlerBox`: never called.
@usableFromInline
let noDispatch: @Sendable (AnyObject, UnsafeMutableRawPointer) -> Void = { _, _ in
    preconditionFailure("Subscriber: a handler box has no dispatch")
}
