// The bridge from a signal to Swift concurrency: `values`, an `AsyncSequence`, and its buffer.

/// Moves a value across a concurrency boundary that the framework already serialises.
struct UncheckedTransfer<Wrapped>: @unchecked Sendable {
    let value: Wrapped
}

/// The values of a signal as an `AsyncSequence`: RAC has no equivalent; this is the bridge to
/// Swift concurrency. Iteration subscribes on the first call to `next()`; it ends when the signal
/// completes and throws the signal's error. Values that arrive while the consumer is busy are
/// buffered as its `AsyncBufferingPolicy` says (all of them by default). Cancelling the iterating
/// task disposes the subscription and ends the iteration.
///
/// ```
/// signal:                 -a-b-|
/// for try await v in signal.values { ... }   v = a, b, then the loop ends
/// ```
///
/// `Sendable` (it holds only the signal and the policy), so it can be handed to another task or
/// back to `Signal(_:)`; its iterator is one consumer's and stays where it was made.
public struct SignalValues<Value, Failure: Error>: AsyncSequence, Sendable {
    /// The element type: the signal's values.
    public typealias Element = Value

    let signal: Signal<Value, Failure>
    let policy: AsyncBufferingPolicy

    /// Creates the iterator; the subscription starts on its first `next()`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(buffer: AsyncEventBuffer(signal: signal, policy: policy))
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
/// iterator asks for them; an iterator that asks first waits for the next event. Values beyond
/// the policy's limit are dropped (the oldest or the arriving one); a terminal event is always
/// kept.
public final class AsyncEventBuffer<Value, Failure: Error>: @unchecked Sendable {
    private let lock = PthreadLock()
    private let signal: Signal<Value, Failure>
    private let policy: AsyncBufferingPolicy
    private var subscription: (any Disposable)?
    private var pending: [Event<Value, Failure>] = []
    private var head = 0
    private var waiter: UnsafeContinuation<UncheckedTransfer<Event<Value, Failure>?>, Never>?
    private var finished = false
    private var cancelled = false

    init(signal: Signal<Value, Failure>, policy: AsyncBufferingPolicy) {
        self.signal = signal
        self.policy = policy
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
            appendLocked(event)
            lock.unlock()
        }
    }

    /// Buffers `event` as the policy says. A value arrives only before the terminal event, so
    /// every buffered event is then a value.
    private func appendLocked(_ event: Event<Value, Failure>) {
        guard !event.isTerminal else {
            pending.append(event)
            return
        }
        let buffered = pending.count - head
        switch policy.storage {
        case .unbounded:
            pending.append(event)
        case .newest(let limit):
            guard limit > 0 else { return }
            if buffered >= limit { _ = takeLocked() }
            pending.append(event)
        case .oldest(let limit):
            if buffered < limit { pending.append(event) }
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
    /// Peers: it keeps every value that arrives while the loop body runs (no limit, as RxSwift's
    /// `values`, an `AsyncThrowingStream`); Combine's `values` asks for one value at a time, so a
    /// subject's values sent meanwhile are dropped there. Bound it with
    /// `values(bufferingPolicy:)`. It subscribes at the loop's first `next()`, not when `values`
    /// is read (RxSwift) nor when the iterator is made (Combine): values sent before are missed.
    ///
    /// ```
    /// signal:  -1-2-3-|
    /// for try await value in signal.values { print(value) }   // 1 2 3
    /// subject sends 1 2 3 while the body runs:   values 1 2 3, Combine's values 1
    /// ```
    public var values: SignalValues<Value, Failure> {
        SignalValues(signal: self, policy: .unbounded)
    }

    /// RAC: none (the buffering of Swift's `AsyncStream`). The signal's values as an
    /// `AsyncSequence`, as `values`, keeping at most what `bufferingPolicy` allows of the values
    /// that arrive while the consumer is busy: all of them, the newest `n` or the oldest `n`. The
    /// completion or error is always kept, after the kept values.
    ///
    /// ```
    /// signal:  -1-2-3-4-|   (all sent while the consumer is busy)
    /// for try await value in signal.values(bufferingPolicy: .bufferingNewest(2)) { }   // 3 4
    /// for try await value in signal.values(bufferingPolicy: .bufferingOldest(2)) { }   // 1 2
    /// ```
    public func values(bufferingPolicy: AsyncBufferingPolicy) -> SignalValues<Value, Failure> {
        SignalValues(signal: self, policy: bufferingPolicy)
    }
}

/// How many of the values that arrive while an async consumer is busy `values(bufferingPolicy:)`
/// keeps, as the `BufferingPolicy` of Swift's `AsyncStream`. RAC: none.
///
/// ```
/// arriving while busy:  1 2 3 4 |
/// .unbounded:           1 2 3 4 |
/// .bufferingNewest(2):  3 4 |
/// .bufferingOldest(2):  1 2 |
/// ```
public struct AsyncBufferingPolicy: Sendable, Equatable {
    enum Storage: Equatable {
        case unbounded
        case newest(Int)
        case oldest(Int)
    }

    let storage: Storage

    /// Keeps every value (the default of `values`).
    public static let unbounded = AsyncBufferingPolicy(storage: .unbounded)

    /// Keeps the newest `limit` values, dropping the oldest buffered one for each new value beyond
    /// it (`0` keeps none). A negative limit stops the process with a message naming it.
    ///
    /// ```
    /// arriving while busy:  1 2 3 4 |     .bufferingNewest(2):  3 4 |
    /// ```
    public static func bufferingNewest(_ limit: Int) -> AsyncBufferingPolicy {
        AsyncBufferingPolicy(storage: .newest(validated(limit, "AsyncBufferingPolicy.bufferingNewest(_:)")))
    }

    /// Keeps the oldest `limit` values, dropping each value that arrives while `limit` wait
    /// (`0` keeps none). A negative limit stops the process with a message naming it.
    ///
    /// ```
    /// arriving while busy:  1 2 3 4 |     .bufferingOldest(2):  1 2 |
    /// ```
    public static func bufferingOldest(_ limit: Int) -> AsyncBufferingPolicy {
        AsyncBufferingPolicy(storage: .oldest(validated(limit, "AsyncBufferingPolicy.bufferingOldest(_:)")))
    }

    private static func validated(_ limit: Int, _ call: String) -> Int {
        if limit < 0 {
            racProgrammerError(call, "limit must be >= 0, got \(limit)")
        }
        return limit
    }
}
