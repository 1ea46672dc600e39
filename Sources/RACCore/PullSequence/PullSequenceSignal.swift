import Foundation

extension PullSequence {
    /// A cold signal that sends this sequence's values, in order and synchronously on the
    /// subscribing thread, to each subscriber, then completes. Disposing the subscription (from a
    /// value handler, or `take(_:)` downstream) stops the pulling, so an infinite lazy sequence can be
    /// turned into a signal. RAC: `-signal` on a sequence, which delivers on a background
    /// scheduler; the scheduler-taking `signal(on:)` lives in RACSchedulers.
    ///
    /// ```
    /// PullSequence(values: [a, b, c]).signal:  (abc|)
    /// ```
    public var signal: Signal<Value, Never> {
        Signal(name: SignalDebugNames.name("[PullSequence] -signal")) { subscriber in
            var node = self.resolved
            while !subscriber.isDisposed && !node.isEmpty {
                subscriber.sendNext(node.firstValue)
                node = node.tail.resolved
            }
            subscriber.sendCompleted()
            return nil
        }
    }

    /// A sequence of the values `signal` sends. The signal is subscribed **at once** and every
    /// value is buffered (as ReactiveObjC's `RACSignalSequence.m +sequenceWithSignal:` does, into
    /// a replay subject); reading a value that has not arrived yet blocks the reading thread until
    /// it arrives or the signal terminates. The
    /// sequence ends where the signal completes or fails (a failure is dropped, as RAC's
    /// `firstOrDefault:` drops it). Values sent synchronously during subscription are in the buffer
    /// when this initialiser returns, even if called from inside another subscription. When the
    /// sequence is released, the subscription is disposed. RAC: `-[RACSignal sequence]`
    /// (`RACSignalSequence`).
    ///
    /// ```
    /// signal:                -a-b-|
    /// PullSequence(signal:)  a b      (head blocks until a arrives)
    /// ```
    public convenience init<Failure: Error>(signal: Signal<Value, Failure>) {
        let buffer = SignalBuffer<Value>()
        let subscriber = Subscriber<Value, Failure> { [weak buffer] event in
            switch event {
            case .next(let value): buffer?.append(value)
            case .error, .completed: buffer?.finish()
            }
        }
        buffer.subscription = subscriber
        SubscriptionTrampoline.isolated {
            _ = signal.subscribe(subscriber)
        }
        self.init(storage: .deferred(Memo { buffer.sequence(from: 0) }))
    }
}

extension Signal {
    /// A `PullSequence` of this signal's values, subscribed at once and buffered; reading a value
    /// not yet sent blocks until it arrives or the signal terminates (which ends the sequence; a
    /// failure is dropped). RAC: `-sequence`. See `PullSequence(signal:)`.
    ///
    /// ```
    /// signal:    -a-b-|
    /// sequence:  a b
    /// ```
    public var sequence: PullSequence<Value> {
        PullSequence(signal: self)
    }
}

/// The values a signal has sent so far, for `PullSequence(signal:)`; readers wait on a condition
/// for values that have not arrived yet.
private final class SignalBuffer<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var values: [Value] = []
    private var finished = false
    /// The subscription feeding the buffer; disposed when the buffer is released.
    var subscription: (any Disposable)?

    deinit {
        subscription?.dispose()
    }

    func append(_ value: Value) {
        condition.lock()
        values.append(value)
        condition.broadcast()
        condition.unlock()
    }

    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The value at `index`, waiting for it; `nil` if the signal terminated before sending it.
    private func value(at index: Int) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        while index >= values.count && !finished {
            condition.wait()
        }
        return index < values.count ? values[index] : nil
    }

    /// The sequence of the values from `index` on.
    func sequence(from index: Int) -> PullSequence<Value> {
        guard let value = value(at: index) else { return .empty }
        return .cons(value) { .defer { self.sequence(from: index + 1) } }
    }
}
