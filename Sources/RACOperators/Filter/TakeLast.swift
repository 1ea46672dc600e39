// takeLast(_:) and its stage.

extension Signal {
    /// RAC: `-takeLast:`. Keeps the last `count` values and sends them when the source completes,
    /// then completes. Nothing is sent before completion; an error is forwarded and the kept values
    /// dropped. A negative count is a programmer error.
    ///
    /// ```
    /// self:         -1-2-3-|
    /// takeLast(2):  -------(23|)
    /// ```
    ///
    /// - Parameter count: How many of the last values to keep; must not be negative.
    /// - Returns: A signal that sends nothing until this signal completes, then the last `count`
    ///   values, oldest first, and completes; if this signal fails, it fails with that error and sends
    ///   none of them.
    ///
    /// ```swift
    /// let bootLog = Signal<String, Never>(values: ["boot", "mount /", "start sshd", "ready"])
    /// let tail = bootLog.takeLast(2)
    /// print(tail.toArray())   // ["start sshd", "ready"]
    /// ```
    @inlinable
    public func takeLast(_ count: Int) -> Signal<Value, Failure> {
        racRequireNonNegative(count, "count", "takeLast(_:)")
        return lift(
            TakeLastStage.self, count, named: SignalDebugNames.name("[\(self.name)] -takeLast: \(count)"))
    }
}

/// A subscription of `takeLast(_:)`: keeps the last `count` values, and sends them when the source
/// completes, then completes. An error drops them and passes through.
///
/// ```
/// -1-2-3-|  →  -------(23|)     (takeLast(2))
/// ```
@usableFromInline
final class TakeLastStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let count: Int
    /// The last values, at most `count` of them, oldest first.
    @usableFromInline let kept = FIFO<Value>()

    @inlinable
    init(_ count: Int, feeding downstream: Subscriber<Value, Failure>) {
        self.count = count
        super.init(feeding: downstream, as: TakeLastStage.self)
    }

    /// Keeps `value`, dropping the oldest kept value if `count` are kept already.
    @inlinable @inline(__always)
    func receive(_ value: Value) {
        if kept.count == count {
            guard count > 0 else { return }
            _ = kept.removeFirst()
        }
        kept.append(value)
    }

    /// Drops the kept values and passes the error through.
    @inlinable
    func receive(error: Failure) {
        kept.removeAll()
        emitError(error)
    }

    /// Sends the kept values, oldest first, then completes; stops sending if the subscriber has
    /// stopped (disposed from a callback of one of the values). The source has ended, so nothing
    /// is added while they are sent.
    @inlinable
    func receiveCompleted() {
        while !kept.isEmpty {
            if downstreamIsDisposed { return }
            emitNext(kept.removeFirst())
        }
        emitCompleted()
    }

    /// Lets go of the kept values.
    @inlinable
    func releaseState() {
        kept.removeAll()
    }
}
