// LatestValue: the latest value of one input, read by another input of the same operator.

/// The latest value one input of `withLatest(from:)` or `sample(_:)` has sent, read when the other
/// input sends. The two inputs deliver independently, so a lock guards it.
@usableFromInline
final class LatestValue<Value>: @unchecked Sendable {
    @usableFromInline let lock = RecursiveLock()
    /// The latest value, `nil` until the first. Read and written only under `lock`.
    @exclusivity(unchecked) @usableFromInline var value: Value?

    /// Once per subscription: out of line.
    @usableFromInline
    init() {}

    /// Keeps `newValue` as the latest.
    @inlinable
    func store(_ newValue: Value) {
        lock.withLock { value = newValue }
    }

    /// The latest value, `nil` if none was stored yet.
    @inlinable
    var current: Value? {
        lock.withLock { value }
    }
}
