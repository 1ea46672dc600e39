// buffer(count:): values in arrays of a fixed size, and its stage.

extension Signal {
    /// RAC: none (RxSwift `buffer(timeSpan:count:scheduler:)` by count, Combine `collect(_:)`,
    /// ReactiveSwift `collect(count:)`). Collects values into arrays of `count` and sends each full
    /// array; on completion the last, shorter array is sent if it has any value. An error is
    /// forwarded and the partial array dropped, as `buffer(for:on:)` does. `count` must be positive.
    ///
    /// ```
    /// self:              -a-b-c-d-e-|
    /// buffer(count: 2):  ---x---y---(z|)     x = [a, b], y = [c, d], z = [e]
    /// ```
    ///
    /// - Parameter count: how many values each array holds; must be more than 0.
    /// - Returns: a signal of arrays of `count` values, then, when the source completes, of the rest (if
    ///   any) before completing; it fails when the source does, dropping the partial array.
    @inlinable
    public func buffer(count: Int) -> Signal<[Value], Failure> {
        racRequirePositive(count, "count", "buffer(count:)")
        return lift(
            BufferCountStage.self, count,
            named: SignalDebugNames.name("[\(self.name)] bufferWithCount: \(count)"))
    }
}

/// A subscription of `buffer(count:)`: sends every `count` values as one array, and the rest on
/// completion.
///
/// ```
/// -a-b-c-|  →  ---x---(y|)     x = [a, b], y = [c]     (buffer(count: 2))
/// ```
@usableFromInline
final class BufferCountStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, [Value], Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let count: Int
    /// The values of the batch being filled.
    @exclusivity(unchecked) @usableFromInline var batch: [Value] = []

    @inlinable
    init(_ count: Int, feeding downstream: Subscriber<[Value], Failure>) {
        self.count = count
        super.init(feeding: downstream, as: BufferCountStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        batch.append(value)
        guard batch.count == count else { return }
        let full = batch
        batch = []
        emitNext(full)
    }

    /// Drops the partial batch and passes the error through.
    @inlinable
    func receive(error: Failure) {
        batch = []
        emitError(error)
    }

    /// Sends the partial batch, if any, then completes.
    @inlinable
    func receiveCompleted() {
        if !batch.isEmpty {
            let rest = batch
            batch = []
            emitNext(rest)
        }
        emitCompleted()
    }

    /// Lets go of the partial batch.
    @inlinable
    func releaseState() {
        batch = []
    }
}
