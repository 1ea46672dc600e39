// The bound of a hand-off (`deliver(on:bufferingPolicy:statistics:)`, `values(bufferingPolicy:)`,
// `valuesStartingNow(bufferingPolicy:statistics:)`): the policy, its overflow error and the
// counters a caller reads.

import Synchronization

/// How many of the values waiting in a hand-off (for a scheduler to deliver them, or for an async
/// consumer to ask for them) are kept, and what happens to the others. RAC: none (RAC's hand-offs
/// queued without a limit, today's `.unbounded`).
///
/// A completion or an error from the source is never dropped: it waits behind the kept values.
/// The policy has the signal's `Failure` type so that `.failWhenFull` can only be written where
/// the signal can fail with the error it raises: a `Never` signal has no such policy (use
/// `promoteError(BufferOverflowError.self)` first, then `.failWhenFull(_:)`).
///
/// ```
/// waiting, limit 2:      1 2 3 4 |
/// .unbounded:            1 2 3 4 |
/// .bufferingNewest(2):   3 4 |          (1, 2 dropped)
/// .bufferingOldest(2):   1 2 |          (3, 4 dropped)
/// .failWhenFull(2):      1 2 #          (3 dropped, # raised; 4 never received)
/// ```
public struct BufferingPolicy<Failure: Error>: Sendable {
    enum Storage {
        case unbounded
        case newest(Int)
        case oldest(Int)
        case failing(Int, Failure)
    }

    let storage: Storage

    /// Keeps every value: the hand-off grows as long as the consumer is behind (the default).
    ///
    /// ```
    /// waiting:  1 2 3 4 |   →   1 2 3 4 |
    /// ```
    public static var unbounded: BufferingPolicy { BufferingPolicy(storage: .unbounded) }

    /// Keeps the newest `limit` values: a value arriving while `limit` wait drops the oldest of
    /// them (`0` keeps none). A negative limit stops the process with a message naming it.
    ///
    /// ```
    /// waiting:  1 2 3 4 |   →   3 4 |      (limit 2)
    /// ```
    ///
    /// - Parameter limit: how many values may wait (`>= 0`).
    /// - Returns: a policy that keeps the newest `limit` waiting values.
    public static func bufferingNewest(_ limit: Int) -> BufferingPolicy {
        BufferingPolicy(storage: .newest(validated(limit, "BufferingPolicy.bufferingNewest(_:)")))
    }

    /// Keeps the oldest `limit` values: a value arriving while `limit` wait is dropped (`0` keeps
    /// none). A negative limit stops the process with a message naming it.
    ///
    /// ```
    /// waiting:  1 2 3 4 |   →   1 2 |      (limit 2)
    /// ```
    ///
    /// - Parameter limit: how many values may wait (`>= 0`).
    /// - Returns: a policy that keeps the oldest `limit` waiting values.
    public static func bufferingOldest(_ limit: Int) -> BufferingPolicy {
        BufferingPolicy(storage: .oldest(validated(limit, "BufferingPolicy.bufferingOldest(_:)")))
    }

    /// Fails when full: a value arriving while `limit` wait is dropped, the source's subscription is
    /// disposed, and `error` follows the values already waiting (they are delivered first, so the
    /// consumer sees everything it was given, then the error). A negative limit stops the process
    /// with a message naming it.
    ///
    /// ```
    /// waiting:  1 2 3 4 |   →   1 2 #      (limit 2; 3 dropped, the source disposed at 3)
    /// ```
    ///
    /// - Parameters:
    ///   - limit: how many values may wait (`>= 0`).
    ///   - error: the error sent, after the waiting values, when a value arrives while `limit` wait.
    /// - Returns: a policy that fails with `error` when full.
    public static func failWhenFull(_ limit: Int, raising error: Failure) -> BufferingPolicy {
        BufferingPolicy(
            storage: .failing(validated(limit, "BufferingPolicy.failWhenFull(_:raising:)"), error))
    }

    private static func validated(_ limit: Int, _ call: String) -> Int {
        racRequireNonNegative(limit, "limit", call)
        return limit
    }
}

extension BufferingPolicy.Storage: Equatable where Failure: Equatable {}

/// Two policies are equal when they keep the same values and, failing, raise equal errors.
extension BufferingPolicy: Equatable where Failure: Equatable {}

extension BufferingPolicy where Failure == BufferOverflowError {
    /// Fails with `BufferOverflowError(limit:)` when a value arrives while `limit` wait, as
    /// `failWhenFull(_:raising:)`: for a signal typed to fail with that error (a `Never` signal
    /// after `promoteError(BufferOverflowError.self)`).
    ///
    /// ```
    /// waiting:  1 2 3 4 |   →   1 2 #      (limit 2; # = BufferOverflowError(limit: 2))
    /// ```
    ///
    /// - Parameter limit: how many values may wait (`>= 0`).
    /// - Returns: a policy that fails with `BufferOverflowError(limit:)` when full.
    public static func failWhenFull(_ limit: Int) -> BufferingPolicy {
        failWhenFull(limit, raising: BufferOverflowError(limit: limit))
    }
}

/// The error of `BufferingPolicy.failWhenFull(_:)`: a value arrived at a hand-off while `limit`
/// values were waiting. RAC: none.
///
/// ```
/// waiting:  1 2 3 |   →   1 2 #      (# = BufferOverflowError(limit: 2))
/// ```
public struct BufferOverflowError: Error, Equatable, CustomStringConvertible {
    /// How many values could wait.
    public let limit: Int

    /// The error of a hand-off that could keep `limit` values waiting.
    ///
    /// - Parameter limit: how many values could wait.
    public init(limit: Int) {
        self.limit = limit
    }

    /// "a value arrived while 2 were waiting (the buffer's limit)".
    public var description: String { "a value arrived while \(limit) were waiting (the buffer's limit)" }
}

/// What the hand-offs given this object did, for a caller who watches a slow consumer: how many
/// values their buffering policy dropped, and the most values that waited at once. RAC: none.
///
/// One object may be given to several hand-offs or serve every subscription of one: the counts
/// add up over them, and `highWaterMark` is the largest of any one buffer. It is `Sendable`:
/// read it from any thread while the hand-offs run (each count is exact, the two are not read
/// together atomically).
///
/// ```
/// deliver(on: s, bufferingPolicy: .bufferingNewest(2), statistics: stats)
/// waiting:  1 2 3 4 |   →   3 4 |      stats.droppedCount == 2, stats.highWaterMark == 2
/// ```
public final class HandOffStatistics: Sendable {
    private let dropped = Atomic<Int>(0)
    private let highWater = Atomic<Int>(0)

    /// Counters at zero.
    public init() {}

    /// How many values the buffering policy dropped (the oldest waiting, or the arriving one).
    /// Values still waiting when a subscription is disposed are not counted: the consumer left.
    public var droppedCount: Int { dropped.load(ordering: .relaxed) }

    /// The most values that waited at once in one hand-off's buffer (a completion or an error is
    /// not counted). Under `.bufferingNewest(n)`, `.bufferingOldest(n)` and `.failWhenFull(n)` it
    /// never exceeds `n`.
    public var highWaterMark: Int { highWater.load(ordering: .relaxed) }

    func noteDropped() {
        dropped.wrappingAdd(1, ordering: .relaxed)
    }

    func noteWaiting(_ count: Int) {
        var current = highWater.load(ordering: .relaxed)
        while count > current {
            let (exchanged, original) = highWater.compareExchange(
                expected: current, desired: count, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}
