// MergeSubscription: the subscription state of the merging operators.

/// One subscription of a merging operator (`bind`, `flattenMap`, `flatten`, `flatten(_:)`,
/// `concat()`, `Signal.merge`; and `flatMapFirst`, which drops what `flatten(1)` would queue): it
/// owns the source subscription, every inner subscription and the signals waiting for a free slot,
/// and completes the downstream subscriber once the source and every inner signal have completed,
/// as ReactiveObjC's `RACSignal.m -bind:` does.
///
/// Values of inner signals go straight to the downstream subscriber (which serialises them), through
/// the relay's `relay(_:)` (which queues them only deep in nested forwards); the lock only guards
/// the bookkeeping and is never held while calling out. An error from the source or from any inner
/// signal disposes everything, then is forwarded. Disposal reaches the source and the inner
/// subscriptions through the `TeardownTrampoline`, so disposing a million nested merges does not
/// nest a million calls.
///
/// The source and inner subscriptions are linked, not held (see `UnownedDisposable`): their
/// handlers hold this object, and the downstream subscriber links it too (`Subscriber.link(_:)`).
/// So it lives as long as a subscription that can still send to it.
@usableFromInline
final class MergeSubscription<Value, Failure: Error>: DeliveryRelay<Value, Failure>, Disposable,
    InnerSubscriptionOwner, @unchecked Sendable
{
    @usableFromInline let maxConcurrent: Int
    @usableFromInline let lock = RecursiveLock()
    // Everything below is guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var disposed = false
    @exclusivity(unchecked) @usableFromInline var sourceActive = true
    @exclusivity(unchecked) private var source: UnownedDisposable?
    /// The running inner subscriptions, each in the slot that is its identifier; a `nil` slot is
    /// free. (A table rather than a dictionary: no hashing per inner signal.)
    @exclusivity(unchecked) private var inners: [UnownedDisposable?] = []
    /// The free slots of `inners`, the last freed on top.
    @exclusivity(unchecked) private var freeSlots: [Int] = []
    /// Inner subscriptions started and not yet completed.
    @exclusivity(unchecked) @usableFromInline var running = 0
    @exclusivity(unchecked) @usableFromInline var queued: [Signal<Value, Failure>?] = []
    @exclusivity(unchecked) @usableFromInline var queueHead = 0

    /// `maxConcurrent` is the number of inner signals subscribed at once (`Int.max`: no limit).
    @inlinable
    init(downstream: Subscriber<Value, Failure>, maxConcurrent: Int = .max) {
        self.maxConcurrent = maxConcurrent
        super.init(downstream: downstream)
    }

    deinit {
        // The subscriptions still linked hold this object through their handlers, so they have
        // all stopped or gone: only the references are left to give up.
        source?.release()
        for case let inner? in inners {
            inner.release()
        }
    }

    /// How many inner subscriptions hold a slot, and how many slots there are (for tests).
    var innerSlots: (held: Int, total: Int) {
        lock.withLock { (inners.count { $0 != nil }, inners.count) }
    }

    @usableFromInline
    var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// Disposes the source subscription and every inner subscription, and drops queued signals.
    @usableFromInline
    func dispose() {
        // Few locals: disposing a subscription may nest the disposal of a chain upstream.
        guard let (source, inners, queued) = detach() else { return }
        // Released here, without the lock: a signal's release may release an inner subscriber of
        // another merge, whose `deinit` takes that merge's lock (`innerReleased`).
        withExtendedLifetime(queued) {}
        if let source = source?.take() {
            TeardownTrampoline.dispose(source)
        }
        for case let link? in inners {
            if let inner = link.take() {
                TeardownTrampoline.dispose(inner)
            }
        }
    }

    /// Marks everything disposed, drops queued signals and takes out the subscriptions, unless
    /// disposed already.
    private func detach() -> (UnownedDisposable?, [UnownedDisposable?], [Signal<Value, Failure>?])? {
        lock.lock()
        defer { lock.unlock() }
        guard !disposed else { return nil }
        disposed = true
        let taken = (source, inners, queued)
        source = nil
        inners = []
        freeSlots = []
        queued = []
        queueHead = 0
        return taken
    }

    /// Registers the subscription to the source of signals, before subscribing it, so that an error
    /// sent synchronously during that subscription disposes it too. Returns `false` (and disposes
    /// `subscription`) if everything is disposed already.
    @usableFromInline @discardableResult
    func setSource<SourceValue>(_ subscription: Subscriber<SourceValue, Failure>) -> Bool {
        subscription.setHeir(downstream)
        lock.lock()
        guard !disposed else {
            lock.unlock()
            subscription.dispose()
            return false
        }
        source = UnownedDisposable(subscription)
        lock.unlock()
        return true
    }

    /// Subscribes to `signal` now, or queues it if `maxConcurrent` inner signals are running.
    @inlinable
    func add(_ signal: Signal<Value, Failure>) {
        lock.lock()
        guard !disposed else {
            lock.unlock()
            return
        }
        if running >= maxConcurrent {
            queued.append(signal)
            lock.unlock()
            return
        }
        let inner = startInnerLocked()
        lock.unlock()
        signal.subscribe(inner)
    }

    /// Subscribes to the signal `make` returns if fewer than `maxConcurrent` inner signals are
    /// running; otherwise drops it without calling `make` (`flatMapFirst`, `exhaust`).
    @inlinable
    func addUnlessFull(_ make: () -> Signal<Value, Failure>) {
        lock.lock()
        guard !disposed, running < maxConcurrent else {
            lock.unlock()
            return
        }
        let inner = startInnerLocked()
        lock.unlock()
        make().subscribe(inner)
    }

    /// Counts a new running inner signal and makes its subscriber. Call with `lock` held.
    @inlinable
    func startInnerLocked() -> Subscriber<Value, Failure> {
        running += 1
        let identifier = freeSlotLocked()
        let inner = InnerSubscriber(owner: self, identifier: identifier, feeding: downstream)
        register(inner, as: identifier)
        return inner
    }

    /// An inner signal's value goes downstream, its error fails everything, its completion may
    /// start a queued signal or complete the result.
    @inlinable @inline(__always)
    func receiveInner(_ event: inout Event<Value, Failure>, from identifier: Int) {
        relayInner(&event, failing: { fail($0) }, completed: { innerCompleted(identifier) })
    }

    /// Makes `inner` an inner subscription of this merge, under `identifier`. Call with `lock`
    /// held.
    @usableFromInline
    func register(_ inner: Subscriber<Value, Failure>, as identifier: Int) {
        inners[identifier] = UnownedDisposable(inner)
    }

    /// A free slot of `inners` for a new inner subscription. Call with `lock` held.
    @usableFromInline
    func freeSlotLocked() -> Int {
        if let slot = freeSlots.popLast() {
            return slot
        }
        inners.append(nil)
        return inners.count - 1
    }

    /// Lets go of the inner subscription `identifier`, which has completed or is going away. Call
    /// with `lock` held, from the inner subscriber's own delivery or `deinit`: its memory is alive.
    @usableFromInline
    func unregisterLocked(_ identifier: Int) {
        inners[identifier]?.release()
        inners[identifier] = nil
        freeSlots.append(identifier)
    }

    /// An inner subscription released without stopping (its signal let go of it) can never
    /// complete, so it still counts as running, as in RAC, but its slot is freed: a long-lived
    /// merge of inner subjects dropped without ending does not keep the memory of each one's
    /// subscriber.
    @usableFromInline
    func innerReleased(_ identifier: Int, at address: UnsafeMutableRawPointer) {
        lock.lock()
        // The slot is still this subscriber's unless everything was disposed.
        if !disposed, identifier < inners.count, inners[identifier]?.refers(to: address) == true {
            unregisterLocked(identifier)
        }
        lock.unlock()
    }

    // Inlinable, so that it is specialised with the inner subscriber's delivery: unspecialised,
    // reading `queued` and sending `.completed` looked up the metadata of `Signal`, `Optional` and
    // `Event` for every inner signal (about 1 000 instructions).
    @inlinable
    func innerCompleted(_ identifier: Int) {
        lock.lock()
        guard !disposed else {
            lock.unlock()
            return
        }
        unregisterLocked(identifier)
        running -= 1
        if queueHead < queued.count {
            let signal = queued[queueHead].unsafelyUnwrapped
            queued[queueHead] = nil
            queueHead += 1
            if queueHead == queued.count {
                queued.removeAll(keepingCapacity: true)
                queueHead = 0
            }
            let inner = startInnerLocked()
            lock.unlock()
            // A queued signal is subscribed from the completion of the previous one; going through
            // the trampoline keeps a long run of synchronously completing signals (subjects
            // included, whose `subscribe` does not trampoline) from growing the stack.
            SubscriptionTrampoline.subscribe(inner, to: signal)
            return
        }
        let finished = !sourceActive && running == 0
        lock.unlock()
        if finished {
            relay(.completed)
        }
    }

    /// The source has completed (or was stopped): complete once every inner signal has.
    @usableFromInline
    func sourceCompleted() {
        lock.lock()
        guard !disposed, sourceActive else {
            lock.unlock()
            return
        }
        sourceActive = false
        let finishedSource = source
        source = nil
        let finished = running == 0
        lock.unlock()
        finishedSource?.release()
        if finished {
            relay(.completed)
        }
    }

    /// Stops the source (RAC's bind `stop`, or a `nil` signal): disposes its subscription and
    /// counts it as completed (`RACSignal.m -bind:`).
    @usableFromInline
    func stopSource() {
        let source: (any Disposable)? = lock.withLock { self.source?.retainedTarget }
        source?.dispose()
        sourceCompleted()
    }

    /// Disposes everything, then forwards `error` (`RACSignal.m -bind:`).
    @usableFromInline
    func fail(_ error: Failure) {
        dispose()
        relay(.error(error))
    }

    /// `fail(_:)` for an inner error event: out of line, as the error path of every inner event.
    @usableFromInline
    func fail(_ event: Event<Value, Failure>) {
        dispose()
        relay(event)
    }
}
