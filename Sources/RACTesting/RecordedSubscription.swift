/// One subscription to a test signal: when it began and, if it has, when it ended (by disposal
/// or by the signal's terminal event).
///
/// RxTest: `Subscription(subscribe, unsubscribe)`; RxJS: a subscription marble such as `"^---!"`.
/// Times are virtual, since the scheduler's time zero.
///
/// ```
/// ^---!    RecordedSubscription(subscribed: frames(0), disposed: frames(4))
/// --^      RecordedSubscription(subscribed: frames(2), disposed: nil)
/// ```
public struct RecordedSubscription: Hashable, Sendable, CustomStringConvertible {
    /// When the subscription was made: the `^` of `"--^--!"` is `frames(2)`.
    public let subscribed: Duration
    /// When it ended, or `nil` while it is still active: the `!` of `"--^--!"` is `frames(5)`.
    public let disposed: Duration?

    /// A subscription made at `subscribed` and ended at `disposed` (`nil`: still active), as
    /// `"--^--!"` is `RecordedSubscription(subscribed: frames(2), disposed: frames(5))`.
    public init(subscribed: Duration, disposed: Duration? = nil) {
        self.subscribed = subscribed
        self.disposed = disposed
    }

    /// `subscribed @ 0.0 seconds, disposed @ 0.004 seconds`.
    public var description: String {
        let end = disposed.map { "disposed @ \($0)" } ?? "not disposed"
        return "subscribed @ \(subscribed), \(end)"
    }
}
