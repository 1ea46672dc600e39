// SwitchSubscription: the subscription state of switchToLatest, Signal.switch and Signal.if.

/// One subscription of `switchToLatest()` (and so of `Signal.switch` and `Signal.if`): only the
/// latest inner signal is subscribed; a new one disposes the previous. It completes when the source
/// and the latest inner signal have completed; an error from either disposes everything, then is
/// forwarded, as ReactiveObjC's `RACSignal+Operations.m -switchToLatest`. Events go downstream
/// through the relay's `relay(_:)` and disposal through the `TeardownTrampoline`, so that nesting
/// it deeply does not grow the stack. The source and current inner subscriptions are linked, not
/// held: their handlers hold this object (see `UnownedDisposable`).
@usableFromInline
final class SwitchSubscription<Value, Failure: Error>: DeliveryRelay<Value, Failure>, Disposable,
    InnerSubscriptionOwner, @unchecked Sendable
{
    private let current = UnownedSerialDisposable()
    private let lock = RecursiveLock()
    // Guarded by `lock`.
    @exclusivity(unchecked) private var source: UnownedDisposable?
    @exclusivity(unchecked) private var disposed = false
    @exclusivity(unchecked) private var latest = 0
    @exclusivity(unchecked) private var innerActive = false
    @exclusivity(unchecked) private var sourceDone = false

    deinit {
        // A source still linked holds this object through its handler: it has stopped or gone.
        source?.release()
    }

    @usableFromInline
    var isDisposed: Bool {
        lock.withLock { disposed }
    }

    @usableFromInline
    func dispose() {
        let source: UnownedDisposable? = lock.withLock {
            guard !disposed else { return nil }
            disposed = true
            defer { self.source = nil }
            return self.source
        }
        TeardownTrampoline.dispose(current)
        if let source = source?.take() {
            TeardownTrampoline.dispose(source)
        }
    }

    /// Registers the source subscription before it is subscribed; disposes it if already disposed.
    @usableFromInline
    func setSource<SourceValue>(_ subscription: Subscriber<SourceValue, Failure>) {
        subscription.setHeir(downstream)
        let accepted: Bool = lock.withLock {
            guard !disposed else { return false }
            source = UnownedDisposable(subscription)
            return true
        }
        if !accepted {
            subscription.dispose()
        }
    }

    /// Disposes the current inner subscription and subscribes to `signal` instead.
    @inlinable
    func switchTo(_ signal: Signal<Value, Failure>) {
        guard let identifier = beginInner() else { return }
        let inner = InnerSubscriber(owner: self, identifier: identifier, feeding: downstream)
        install(inner)
        signal.subscribe(inner)
    }

    /// A value of the latest inner signal goes downstream (an earlier one is disposed when a later
    /// one starts), its error fails everything, its completion may complete the result.
    @inlinable @inline(__always)
    func receiveInner(_ event: inout Event<Value, Failure>, from identifier: Int) {
        relayInner(
            &event,
            failing: { error in
                dispose()
                relay(error)
            }, completed: { innerCompleted(identifier) })
    }

    /// Counts a new latest inner signal and returns its identifier, or `nil` once disposed.
    @usableFromInline
    func beginInner() -> Int? {
        lock.withLock {
            guard !disposed else { return nil }
            latest &+= 1
            innerActive = true
            return latest
        }
    }

    /// Makes `inner` the current inner subscription, disposing the previous one.
    @usableFromInline
    func install(_ inner: Subscriber<Value, Failure>) {
        current.replace(with: inner)
    }

    @usableFromInline
    func innerCompleted(_ identifier: Int) {
        let finished: Bool = lock.withLock {
            guard !disposed, identifier == latest else { return false }
            innerActive = false
            return sourceDone
        }
        if finished {
            relay(.completed)
        }
    }

    @usableFromInline
    func sourceCompleted() {
        let (finished, finishedSource): (Bool, UnownedDisposable?) = lock.withLock {
            guard !disposed else { return (false, nil) }
            sourceDone = true
            defer { source = nil }
            return (!innerActive, source)
        }
        finishedSource?.release()
        if finished {
            relay(.completed)
        }
    }

    @usableFromInline
    func fail(_ error: Failure) {
        dispose()
        relay(.error(error))
    }
}
