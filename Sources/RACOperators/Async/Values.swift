// The bridge from a signal to Swift concurrency: `values`, an `AsyncSequence`, and its buffer.

/// Moves a value across a concurrency boundary that the framework already serialises.
struct UncheckedTransfer<Wrapped>: @unchecked Sendable {
    let value: Wrapped
}

/// The values of a signal as an `AsyncSequence`: RAC has no equivalent; this is the bridge to
/// Swift concurrency. Iteration subscribes on the first call to `next()`; it ends when the signal
/// completes and throws the signal's error. Values are buffered (none are lost) while the consumer
/// is busy. Cancelling the iterating task disposes the subscription and ends the iteration.
///
/// ```
/// signal:                 -a-b-|
/// for try await v in signal.values { ... }   v = a, b, then the loop ends
/// ```
public struct SignalValues<Value, Failure: Error>: AsyncSequence {
    /// The element type: the signal's values.
    public typealias Element = Value

    let signal: Signal<Value, Failure>

    /// Creates the iterator; the subscription starts on its first `next()`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(buffer: AsyncEventBuffer(signal: signal))
    }

    /// Pulls the signal's values one at a time.
    public struct Iterator: AsyncIteratorProtocol {
        let buffer: AsyncEventBuffer<Value, Failure>

        /// The next value, `nil` after completion (or cancellation); throws the signal's error.
        public mutating func next() async throws(Failure) -> Value? {
            try await buffer.next()
        }

        /// The next value, `nil` after completion (or cancellation); throws the signal's error.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Value? {
            try await buffer.next()
        }
    }
}

/// The buffer between a signal's subscriber and an async iterator: events wait here until the
/// iterator asks for them; an iterator that asks first waits for the next event.
public final class AsyncEventBuffer<Value, Failure: Error>: @unchecked Sendable {
    private let lock = PthreadLock()
    private let signal: Signal<Value, Failure>
    private var subscription: (any Disposable)?
    private var pending: [Event<Value, Failure>] = []
    private var head = 0
    private var waiter: UnsafeContinuation<UncheckedTransfer<Event<Value, Failure>?>, Never>?
    private var finished = false
    private var cancelled = false

    init(signal: Signal<Value, Failure>) {
        self.signal = signal
    }

    deinit {
        subscription?.dispose()
    }

    func next() async throws(Failure) -> Value? {
        startIfNeeded()
        let transfer = await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                lock.lock()
                if let event = takeLocked() {
                    lock.unlock()
                    continuation.resume(returning: UncheckedTransfer(value: Optional(event)))
                } else if finished || cancelled {
                    lock.unlock()
                    continuation.resume(returning: UncheckedTransfer(value: nil))
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            cancel()
        }
        guard let event = transfer.value else { return nil }
        switch event {
        case .next(let value): return value
        case .error(let failure): throw failure
        case .completed: return nil
        }
    }

    private func startIfNeeded() {
        let needsStart = lock.withLock { () -> Bool in
            guard subscription == nil, !finished, !cancelled else { return false }
            subscription = ActionDisposable()
            return true
        }
        guard needsStart else { return }
        let subscriber = Subscriber<Value, Failure> { [weak self] event in
            self?.receive(event)
        }
        let disposable = SubscriptionTrampoline.isolated { signal.subscribe(subscriber) }
        let cancelledMeanwhile = lock.withLock { () -> Bool in
            subscription = disposable
            return cancelled
        }
        if cancelledMeanwhile { disposable.dispose() }
    }

    private func takeLocked() -> Event<Value, Failure>? {
        guard head < pending.count else { return nil }
        let event = pending[head]
        head += 1
        if head == pending.count {
            pending.removeAll(keepingCapacity: true)
            head = 0
        }
        if event.isTerminal { finished = true }
        return event
    }

    private func receive(_ event: Event<Value, Failure>) {
        lock.lock()
        guard !cancelled else {
            lock.unlock()
            return
        }
        if let waiter {
            self.waiter = nil
            if event.isTerminal { finished = true }
            lock.unlock()
            waiter.resume(returning: UncheckedTransfer(value: Optional(event)))
        } else {
            pending.append(event)
            lock.unlock()
        }
    }

    private func cancel() {
        let (waiter, subscription) = lock.withLock {
            () -> (UnsafeContinuation<UncheckedTransfer<Event<Value, Failure>?>, Never>?, (any Disposable)?)
            in
            cancelled = true
            defer { self.waiter = nil }
            return (self.waiter, self.subscription)
        }
        subscription?.dispose()
        waiter?.resume(returning: UncheckedTransfer(value: nil))
    }
}

extension Signal {
    /// RAC: none (a bridge to Swift concurrency). The signal's values as an `AsyncSequence`: ends
    /// when the signal completes, throws its error; cancelling the iterating task disposes the
    /// subscription.
    ///
    /// ```
    /// signal:  -1-2-3-|
    /// for try await value in signal.values { print(value) }   // 1 2 3
    /// ```
    public var values: SignalValues<Value, Failure> {
        SignalValues(signal: self)
    }
}
