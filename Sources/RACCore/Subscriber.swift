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
/// receive events from inside that delivery, run under it without locking again.
public final class Subscriber<Value, Failure: Error>: SubscriberProtocol, Disposable, @unchecked Sendable {
    /// The callback invoked with each event; released on termination or disposal.
    public typealias Handler = (Event<Value, Failure>) -> Void

    /// Holds the handler in a `let`, so that a delivery calls it without retaining it.
    @usableFromInline
    final class HandlerBox {
        @usableFromInline let handler: Handler

        @usableFromInline
        init(_ handler: @escaping Handler) {
            self.handler = handler
        }
    }

    /// Serialises deliveries; shared with the upstream stages of a chain (see the type's notes).
    @usableFromInline package let deliveryLock: RecursiveLock
    /// Set once a terminal event or `dispose()` has stopped the subscriber.
    @usableFromInline let stopped = Atomic<Bool>(false)
    /// Whether `send` takes `deliveryLock` itself. `false` for a claimed stage, whose events all
    /// arrive from inside a delivery that holds the same lock. Written only before the first event.
    @exclusivity(unchecked) @usableFromInline package var locksOnSend = true
    /// The handler, retained by hand (`nil` once stopped). Guarded by `deliveryLock`.
    @exclusivity(unchecked) @usableFromInline var box: Unmanaged<HandlerBox>?
    /// How many deliveries to this subscriber are on the stack (nested ones included). Guarded by
    /// `deliveryLock`.
    @exclusivity(unchecked) @usableFromInline var depth = 0
    /// A handler stopped during a delivery, released once the outermost delivery returns.
    /// Guarded by `deliveryLock`.
    @exclusivity(unchecked) @usableFromInline var retired: Unmanaged<HandlerBox>?

    /// A tiny spin lock over the resources below: its critical sections never call out.
    @usableFromInline let resourcesLock = Atomic<Bool>(false)
    @usableFromInline var firstResource: (any Disposable)?
    @usableFromInline var otherResources: [any Disposable] = []
    @usableFromInline var resourcesDisposed = false

    /// Creates a subscriber that passes every event to `handler`.
    @inlinable
    public init(_ handler: @escaping Handler) {
        deliveryLock = RecursiveLock()
        box = Unmanaged.passRetained(HandlerBox(handler))
    }

    /// A subscriber for a framework-made stage whose deliveries are serialised by `lock`, the
    /// delivery lock of the stage it feeds.
    @inlinable
    package init(_ handler: @escaping Handler, sharing lock: RecursiveLock) {
        deliveryLock = lock
        box = Unmanaged.passRetained(HandlerBox(handler))
    }

    /// Creates a subscriber from optional closures; a missing closure ignores that event.
    /// RAC: `+subscriberWithNext:error:completed:`.
    @inlinable
    public convenience init(
        next: ((Value) -> Void)? = nil,
        error: ((Failure) -> Void)? = nil,
        completed: (() -> Void)? = nil
    ) {
        self.init(Self.handler(next: next, error: error, completed: completed))
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
        box?.release()
        retired?.release()
    }

    /// Whether the subscriber has stopped: it received a terminal event or was disposed.
    public var isDisposed: Bool {
        stopped.load(ordering: .acquiring)
    }

    /// Delivers `event` unless the subscriber has stopped. A terminal event stops the subscriber,
    /// is delivered, and then disposes its resources.
    @inlinable
    public func send(_ event: Event<Value, Failure>) {
        guard !stopped.load(ordering: .acquiring) else { return }
        let locking = locksOnSend
        if locking { deliveryLock.lock() }
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
            stale?.release()
            return
        }
        depth += 1
        if event.isTerminal {
            stopped.store(true, ordering: .releasing)
            self.box = nil
            box._withUnsafeGuaranteedRef { $0.handler(event) }
            depth -= 1
            let released = depth == 0 ? box : nil
            if released == nil { retired = box }
            let leftover = depth == 0 ? takeRetired() : nil
            if locking { deliveryLock.unlock() }
            released?.release()
            leftover?.release()
            disposeResources()
        } else {
            box._withUnsafeGuaranteedRef { $0.handler(event) }
            depth -= 1
            if depth == 0, retired != nil || stopped.load(ordering: .acquiring) {
                let leftover = takeRetired()
                // Disposed from another thread during this delivery: release the handler now.
                let stale = stopped.load(ordering: .acquiring) ? self.box : nil
                if stale != nil { self.box = nil }
                if locking { deliveryLock.unlock() }
                leftover?.release()
                stale?.release()
            } else if locking {
                deliveryLock.unlock()
            }
        }
    }

    /// Takes the handler retired during a delivery (call with the delivery lock held).
    @usableFromInline
    func takeRetired() -> Unmanaged<HandlerBox>? {
        defer { retired = nil }
        return retired
    }

    /// Sends a value. RAC: `sendNext:`.
    @inlinable
    public func sendNext(_ value: Value) {
        send(.next(value))
    }

    /// Sends an error and ends the subscription. RAC: `sendError:`.
    @inlinable
    public func sendError(_ error: Failure) {
        send(.error(error))
    }

    /// Completes the subscription. RAC: `sendCompleted`.
    @inlinable
    public func sendCompleted() {
        send(.completed)
    }

    /// Ties `disposable` to this subscription; it is disposed at once if the subscriber has stopped.
    public func add(_ disposable: (any Disposable)?) {
        guard let disposable else { return }
        lockResources()
        if resourcesDisposed {
            unlockResources()
            disposable.dispose()
            return
        }
        if firstResource == nil {
            firstResource = disposable
        } else {
            otherResources.append(disposable)
        }
        unlockResources()
    }

    /// Ties a cleanup action to this subscription.
    public func add(_ action: @escaping () -> Void) {
        add(ActionDisposable(action))
    }

    /// Stops the subscriber: no delivery starts after this returns, the handler is released and the
    /// resources are disposed. Runs once; never waits. A callback that another thread is running at
    /// this moment finishes (it began before the disposal), and that thread releases the handler
    /// when it returns. Not waiting is what keeps operators with several inputs (`merge` + `take`
    /// on two threads) from deadlocking: each delivering thread holds its own input's lock.
    public func dispose() {
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
            released?.release()
        }
        disposeResources()
    }

    /// Disposes every resource, once, in the order they were added.
    @usableFromInline
    func disposeResources() {
        lockResources()
        guard !resourcesDisposed else {
            unlockResources()
            return
        }
        resourcesDisposed = true
        let first = firstResource
        let others = otherResources
        firstResource = nil
        otherResources = []
        unlockResources()
        first?.dispose()
        for resource in others {
            resource.dispose()
        }
    }

    private func lockResources() {
        while !resourcesLock.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            sched_yield()
        }
    }

    private func unlockResources() {
        resourcesLock.store(false, ordering: .releasing)
    }

    /// Marks this subscriber as a stage whose events all arrive from inside a delivery that holds
    /// its delivery lock, so that `send` need not take it again. Call before any event.
    @usableFromInline
    package func claimSerialDelivery() {
        locksOnSend = false
    }
}
