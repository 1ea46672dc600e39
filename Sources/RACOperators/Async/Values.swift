// The bridge from a signal to Swift concurrency: `values`, an `AsyncSequence`, and its buffer.

/// Moves a value across a concurrency boundary that the framework already serialises.
struct UncheckedTransfer<Wrapped>: @unchecked Sendable {
    let value: Wrapped
}

/// The values of a signal as an `AsyncSequence`: RAC has no equivalent; this is the bridge to
/// Swift concurrency. Iteration subscribes on the first call to `next()`; it ends when the signal
/// completes and throws the signal's error. Values that arrive while the consumer is busy are
/// buffered as its `BufferingPolicy` says (all of them by default). Cancelling the iterating
/// task disposes the subscription and ends the iteration. Each iterator subscribes anew: for a
/// hot signal, whose values before the first `next()` would be lost, see
/// `StartedSignalValues`.
///
/// ```
/// signal:                 -a-b-|
/// for try await v in signal.values { ... }   v = a, b, then the loop ends
/// ```
///
/// `Sendable` (it holds only the signal, the policy and the statistics), so it can be handed to another task or
/// back to `Signal(_:)`; its iterator is one consumer's and stays where it was made.
public struct SignalValues<Value, Failure: Error>: AsyncSequence, Sendable {
    /// The element type: the signal's values.
    public typealias Element = Value

    let signal: Signal<Value, Failure>
    let policy: BufferingPolicy<Failure>
    let statistics: HandOffStatistics?

    /// Creates the iterator; the subscription starts on its first `next()`.
    ///
    /// - Returns: a new iterator, with its own subscription to the signal.
    public func makeAsyncIterator() -> Iterator {
        Iterator(
            buffer: AsyncEventBuffer(
                signal: signal, policy: policy, statistics: statistics, call: "SignalValues.Iterator.next()"))
    }

    /// Pulls the signal's values one at a time.
    public struct Iterator: AsyncIteratorProtocol {
        let buffer: AsyncEventBuffer<Value, Failure>

        /// The next value, `nil` after completion (or cancellation); throws the signal's error.
        ///
        /// - Returns: the next value, or `nil` once the signal has completed or the task was cancelled.
        public mutating func next() async throws(Failure) -> Value? {
            try await buffer.next()
        }

        /// The next value, `nil` after completion (or cancellation); throws the signal's error.
        ///
        /// - Parameter actor: the caller's actor, as `AsyncIteratorProtocol` passes it.
        /// - Returns: the next value, or `nil` once the signal has completed or the task was cancelled.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Value? {
            try await buffer.next()
        }
    }
}

/// The buffer between a signal's subscriber and an async iterator: events wait here until the
/// iterator asks for them; an iterator that asks first waits for the next event. Values are kept
/// as the `BufferingPolicy` says (`HandOffBuffer`); a terminal event is always kept. The
/// subscription starts at the first `next()`, or at once for `valuesStartingNow`.
public final class AsyncEventBuffer<Value, Failure: Error>: @unchecked Sendable {
    private let lock = PthreadLock()
    private let signal: Signal<Value, Failure>
    private let call: String
    private var subscription: (any Disposable)?
    private var buffer: HandOffBuffer<Value, Failure>
    private var waiter: UnsafeContinuation<UncheckedTransfer<Event<Value, Failure>?>, Never>?
    /// The iterator has taken the terminal event.
    private var finished = false
    /// The source has ended or overflowed a `.failWhenFull` policy: later events are ignored.
    private var inputEnded = false
    private var cancelled = false

    /// A buffer for `signal`'s values; `call` names the API in a programmer error's message.
    init(
        signal: Signal<Value, Failure>, policy: BufferingPolicy<Failure>, statistics: HandOffStatistics?,
        call: String
    ) {
        self.signal = signal
        self.call = call
        buffer = HandOffBuffer(policy: policy, statistics: statistics)
    }

    deinit {
        subscription?.dispose()
    }

    /// How many values wait (for tests).
    var waitingCount: Int { lock.withLock { buffer.valueCount } }

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
                } else if waiter != nil {
                    lock.unlock()
                    racProgrammerError(
                        call, "next() called while another next() waits: one consumer at a time")
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

    /// Subscribes, unless already subscribed, ended or cancelled.
    func startIfNeeded() {
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
        let stopMeanwhile = lock.withLock { () -> Bool in
            subscription = disposable
            return cancelled || inputEnded
        }
        if stopMeanwhile { disposable.dispose() }
    }

    private func takeLocked() -> Event<Value, Failure>? {
        guard let event = buffer.removeFirst() else { return nil }
        if event.isTerminal { finished = true }
        return event
    }

    private func receive(_ event: Event<Value, Failure>) {
        lock.lock()
        guard !cancelled, !inputEnded else {
            lock.unlock()
            return
        }
        if event.isTerminal { inputEnded = true }
        if let waiter {
            // A waiting consumer: nothing is buffered, the event goes to it directly.
            self.waiter = nil
            if event.isTerminal { finished = true }
            lock.unlock()
            waiter.resume(returning: UncheckedTransfer(value: Optional(event)))
            return
        }
        let overflowed = buffer.append(event)
        if overflowed { inputEnded = true }
        let subscription = overflowed ? self.subscription : nil
        lock.unlock()
        // During a synchronous subscription this is the placeholder; `startIfNeeded` then disposes
        // the real one.
        subscription?.dispose()
    }

    private func cancel() {
        let (waiter, subscription, released) = lock.withLock {
            () -> (
                UnsafeContinuation<UncheckedTransfer<Event<Value, Failure>?>, Never>?, (any Disposable)?,
                (FIFO<Value>, Event<Value, Failure>?)
            ) in
            cancelled = true
            defer { self.waiter = nil }
            return (self.waiter, self.subscription, buffer.removeAll())
        }
        subscription?.dispose()
        waiter?.resume(returning: UncheckedTransfer(value: nil))
        withExtendedLifetime(released) {}
    }
}

extension Signal {
    /// RAC: none (a bridge to Swift concurrency). The signal's values as an `AsyncSequence`: ends
    /// when the signal completes, throws its error; cancelling the iterating task disposes the
    /// subscription.
    ///
    /// It subscribes at the consumer's first `next()`, which suits a cold signal (each iteration
    /// gets every value). A hot signal (a `Subject`) sends to nobody before that: values sent
    /// between making the sequence and the task's first `next()` are lost. For a subject, use
    /// `valuesStartingNow(bufferingPolicy:statistics:)`, which subscribes when it is called and
    /// keeps what arrives until the consumer asks.
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
        SignalValues(signal: self, policy: .unbounded, statistics: nil)
    }

    /// RAC: none (the buffering of Swift's `AsyncStream`). The signal's values as an
    /// `AsyncSequence`, as `values`, keeping at most what `bufferingPolicy` allows of the values
    /// that arrive while the consumer is busy: all of them, the newest `n` or the oldest `n`, or
    /// failing when `n` wait (`next()` throws the policy's error after the kept values). The
    /// completion or error is always kept, after the kept values. A consumer waiting in `next()`
    /// gets the next value directly. `statistics`, if given, counts the dropped values and the
    /// most that waited. Subscribes at the first `next()`, as `values`: for a subject, use
    /// `valuesStartingNow(bufferingPolicy:statistics:)`.
    ///
    /// ```
    /// signal:  -1-2-3-4-|   (all sent while the consumer is busy)
    /// for try await value in signal.values(bufferingPolicy: .bufferingNewest(2)) { }   // 3 4
    /// for try await value in signal.values(bufferingPolicy: .bufferingOldest(2)) { }   // 1 2
    /// ```
    ///
    /// - Parameters:
    ///   - bufferingPolicy: what to keep of the values that arrive while the consumer is busy.
    ///   - statistics: counts the dropped values and the most that waited; `nil` to not count.
    /// - Returns: an `AsyncSequence` of the signal's values, subscribing at its first `next()`; the
    ///   iteration ends when the signal completes and throws the signal's error (or the policy's).
    public func values(
        bufferingPolicy: BufferingPolicy<Failure>, statistics: HandOffStatistics? = nil
    ) -> SignalValues<Value, Failure> {
        SignalValues(signal: self, policy: bufferingPolicy, statistics: statistics)
    }
}
