import Synchronization

/// Receives one subscription's events, serialised and in grammar.
///
/// RAC: `RACSubscriber` (and `RACPassthroughSubscriber`). Guarantees, whatever threads send:
/// - events never overlap: each callback runs under the subscriber's recursive lock, so an event
///   sent from inside a callback (reentrancy) is delivered nested at once, as RAC's
///   `@synchronized` does, and one sent from another thread waits;
/// - nothing is delivered after a terminal event or after `dispose()` returns;
/// - a terminal event or `dispose()` disposes every resource added with `add(_:)`, once.
///
/// ```
/// sent:       -a-b-|-c-    (c after completion)
/// delivered:  -a-b-|       (c dropped)
/// ```
public final class Subscriber<Value, Failure: Error>: SubscriberProtocol, Disposable, @unchecked Sendable {
    /// The callback invoked with each event; cleared (and released) on termination or disposal.
    public typealias Handler = (Event<Value, Failure>) -> Void

    private let deliveryLock = PthreadLock(recursive: true)
    private var handler: Handler?
    private let stopped = Atomic<Bool>(false)
    private let resources = CompoundDisposable()

    /// Creates a subscriber that passes every event to `handler`.
    public init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// Creates a subscriber from optional closures; a missing closure ignores that event.
    /// RAC: `+subscriberWithNext:error:completed:`.
    public convenience init(
        next: ((Value) -> Void)? = nil,
        error: ((Failure) -> Void)? = nil,
        completed: (() -> Void)? = nil
    ) {
        self.init { event in
            switch event {
            case .next(let value): next?(value)
            case .error(let failure): error?(failure)
            case .completed: completed?()
            }
        }
    }

    /// Whether the subscriber has stopped: it received a terminal event or was disposed.
    public var isDisposed: Bool {
        stopped.load(ordering: .acquiring)
    }

    /// Delivers `event` unless the subscriber has stopped. A terminal event stops the subscriber,
    /// is delivered, and then disposes its resources.
    public func send(_ event: Event<Value, Failure>) {
        guard !stopped.load(ordering: .acquiring) else { return }
        deliveryLock.lock()
        guard let handler else {
            deliveryLock.unlock()
            return
        }
        if event.isTerminal {
            self.handler = nil
            stopped.store(true, ordering: .releasing)
            handler(event)
            deliveryLock.unlock()
            resources.dispose()
        } else {
            handler(event)
            deliveryLock.unlock()
        }
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
        resources.add(disposable)
    }

    /// Ties a cleanup action to this subscription.
    public func add(_ action: @escaping () -> Void) {
        resources.add(ActionDisposable(action))
    }

    /// Stops the subscriber: waits for an event being delivered on another thread to finish, drops
    /// every later event, releases the handler and disposes the resources. Runs once.
    public func dispose() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        deliveryLock.lock()
        let released = handler
        handler = nil
        deliveryLock.unlock()
        withExtendedLifetime(released) {}
        resources.dispose()
    }
}
