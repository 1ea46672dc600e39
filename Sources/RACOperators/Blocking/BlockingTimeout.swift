// first(timeout:), first(default:timeout:), waitUntilCompleted(timeout:) and toArray(timeout:):
// the blocking operators with a deadline (RAC's asynchronous variants waited 10 s at most), and
// the errors they throw.

import Dispatch

/// Why a blocking operator with a timeout did not return: the signal failed, or the deadline
/// passed first. RAC: the `NSError **` of `-asynchronousFirstOrDefault:success:error:` (the
/// signal's error, or `RACSignalErrorTimedOut`).
///
/// ```
/// self:  -a-#           toArray(timeout: 5)   throws .failed(#)
/// self:  -a-------|     toArray(timeout: 5)   throws .timedOut(toArray(timeout:) after 5)
/// ```
public enum BlockingError<Failure: Error>: Error {
    /// The signal sent this error before the deadline.
    case failed(Failure)
    /// The deadline passed first; the subscription was disposed.
    case timedOut(BlockingTimeoutError)
}

extension BlockingError: Equatable where Failure: Equatable {}

/// The deadline of a blocking operator passed before the signal gave what it waited for. Names
/// the call and the timeout. RAC: `RACSignalErrorTimedOut`.
///
/// ```
/// Signal.never.waitUntilCompleted(timeout: .seconds(1))
///     throws .timedOut("waitUntilCompleted(timeout:) timed out after 1.0 seconds")
/// ```
public struct BlockingTimeoutError: Error, Equatable, CustomStringConvertible {
    /// The call that timed out, as `toArray(timeout:)`.
    public let call: String
    /// How long it waited.
    public let timeout: Duration

    /// Creates the error of `call`, which waited `timeout` in vain.
    ///
    /// - Parameters:
    ///   - call: the call that timed out, as `toArray(timeout:)`.
    ///   - timeout: how long it waited.
    public init(call: String, timeout: Duration) {
        self.call = call
        self.timeout = timeout
    }

    /// "toArray(timeout:) timed out after 2.0 seconds".
    public var description: String { "\(call) timed out after \(timeout)" }
}

extension Signal {
    /// RAC: `-asynchronousFirstOrDefault:nil success:error:` (which waited 10 s). Blocks until
    /// the first value and returns it, or `nil` if the signal completes first; throws
    /// `.failed(error)` if it fails first, and `.timedOut` if none of these happens within
    /// `timeout`. In every case the subscription is disposed before it returns.
    ///
    /// ```
    /// self:               --a-b-|     first(timeout: 5) == a     (disposed after a)
    /// self:               ---|        first(timeout: 5) == nil
    /// self:               --------    first(timeout: 5) throws .timedOut(first(timeout:) after 5)
    /// ```
    ///
    /// - Parameter timeout: How long to wait for the first value or the end.
    /// - Returns: The first value, or `nil` if this signal completes without one.
    /// - Throws: `.failed(error)` if this signal fails first, `.timedOut` if `timeout` passes first.
    public func first(timeout: Duration) throws(BlockingError<Failure>) -> Value? {
        try blockingCollect(limit: 1, timeout: timeout, call: "first(timeout:)").first
    }

    /// RAC: `-asynchronousFirstOrDefault:success:error:`. Like `first(timeout:)`, but returns
    /// `defaultValue` when the signal completes without a value.
    ///
    /// ```
    /// self:   ---|     first(default: z, timeout: 5) == z
    /// ```
    ///
    /// - Parameters:
    ///   - defaultValue: What to return if this signal completes without a value.
    ///   - timeout: How long to wait for the first value or the end.
    /// - Returns: The first value, or `defaultValue` if this signal completes without one.
    /// - Throws: `.failed(error)` if this signal fails first, `.timedOut` if `timeout` passes first.
    public func first(default defaultValue: Value, timeout: Duration) throws(BlockingError<Failure>) -> Value
    {
        try blockingCollect(limit: 1, timeout: timeout, call: "first(default:timeout:)").first ?? defaultValue
    }

    /// RAC: `-asynchronouslyWaitUntilCompleted:` (which waited 10 s). Blocks until the signal
    /// completes; throws `.failed(error)` if it fails, `.timedOut` (after disposing the
    /// subscription) if it has not terminated within `timeout`.
    ///
    /// ```
    /// self:  -a-b-|       returns after |
    /// self:  -a-#         throws .failed(#)
    /// self:  -a-b----     throws .timedOut(waitUntilCompleted(timeout:) after the timeout)
    /// ```
    ///
    /// - Parameter timeout: the longest the call waits (`>= 0`).
    public func waitUntilCompleted(timeout: Duration) throws(BlockingError<Failure>) {
        _ = try blockingCollect(limit: .max, timeout: timeout, call: "waitUntilCompleted(timeout:)")
    }

    /// RAC: `-toArray` with the 10 s limit of RAC's asynchronous variants. Blocks until the
    /// signal completes and returns its values; throws `.failed(error)` if it fails, `.timedOut`
    /// (after disposing the subscription; the values so far are dropped) if it has not
    /// terminated within `timeout`.
    ///
    /// ```
    /// self:  -a-b-c-|     toArray(timeout: 10) == [a, b, c]
    /// self:  -a-b----     throws .timedOut(toArray(timeout:) after 10)
    /// ```
    ///
    /// - Parameter timeout: the longest the call waits (`>= 0`).
    /// - Returns: every value the signal sent, in order, once it has completed.
    public func toArray(timeout: Duration) throws(BlockingError<Failure>) -> [Value] {
        try blockingCollect(limit: .max, timeout: timeout, call: "toArray(timeout:)")
    }

    /// Subscribes and blocks the calling thread until the signal terminates or `limit` values have
    /// arrived, or until `timeout` passes; the subscription is disposed before it returns. As
    /// `blockingCollect(limit:call:)`, the subscription runs on a fresh trampoline, and on the
    /// main thread a due action of `Scheduler.main` stops the process (`BlockingWaitWatch`).
    func blockingCollect(limit: Int, timeout: Duration, call: String) throws(BlockingError<Failure>)
        -> [Value]
    {
        if timeout < .zero {
            racProgrammerError(call, "timeout must be >= 0, got \(timeout)")
        }
        let outcome = BlockingOutcome<Value, Failure>()
        let subscriber = outcome.start(self, limit: limit)
        // A signal that finishes just as the deadline passes counts as finished.
        let finished = BlockingWaitWatch.wait(
            on: outcome.finished, until: { outcome.hasFinished },
            deadline: Self.deadline(after: timeout), in: call)
        subscriber.dispose()
        guard finished else {
            throw .timedOut(BlockingTimeoutError(call: call, timeout: timeout))
        }
        let (values, failure) = outcome.lock.withLock { (outcome.values, outcome.failure) }
        if let failure { throw .failed(failure) }
        return values
    }

    /// The dispatch time `timeout` from now; `distantFuture` for a timeout too long to represent.
    private static func deadline(after timeout: Duration) -> DispatchTime {
        let (seconds, attoseconds) = timeout.components
        guard seconds < Int64(Int.max / 1_000_000_000) - 1 else { return .distantFuture }
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        return .now() + .nanoseconds(nanoseconds)
    }
}
