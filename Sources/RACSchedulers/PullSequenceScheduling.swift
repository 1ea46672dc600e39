// PullSequence.signal(on:): a sequence walked on a scheduler, one value per scheduled action.

extension PullSequence {
    /// A cold signal that walks this sequence on `scheduler`, evaluating and sending one value per
    /// scheduled action (recursive scheduling), then completes. Disposing the subscription between
    /// two actions stops the walk before the next value is evaluated, so a long or infinite
    /// sequence can be cancelled; each subscription walks the sequence from its start (values it
    /// has already computed are remembered). RAC: `-signalWithScheduler:`.
    ///
    /// ```
    /// PullSequence(values: [a, b, c]).signal(on: scheduler):  (abc|)   (one action per event, each due at once)
    /// ```
    ///
    /// - Parameter scheduler: where each value is evaluated and sent, one scheduled action each.
    /// - Returns: a cold signal of the sequence's values, then completion; it never fails.
    public func signal(on scheduler: Scheduler) -> Signal<Value, Never> {
        Signal(name: SignalDebugNames.name("[PullSequence] -signalWithScheduler: \(scheduler.name)")) {
            subscriber in
            let walk = SequenceWalk(self)
            return scheduler.scheduleRecursive { reschedule in
                guard !subscriber.isDisposed else { return }
                guard let value = walk.next() else {
                    subscriber.sendCompleted()
                    return
                }
                subscriber.sendNext(value)
                reschedule()
            }
        }
    }
}

/// How far one subscription of `signal(on:)` has walked. Only the scheduled actions of that
/// subscription touch it, and they run one after another.
private final class SequenceWalk<Value>: @unchecked Sendable {
    private var iterator: PullSequence<Value>.Iterator

    init(_ sequence: PullSequence<Value>) {
        iterator = sequence.makeIterator()
    }

    /// The next value (evaluating it), or `nil` at the end.
    func next() -> Value? {
        iterator.next()
    }
}
