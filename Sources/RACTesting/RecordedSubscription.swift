/// One subscription to a test signal: when it began and, if it has, when it ended (by disposal
/// or by the signal's terminal event).
///
/// RxTest: `Subscription(subscribe, unsubscribe)`; RxJS: a subscription marble such as `"^---!"`.
/// Times are virtual, since the scheduler's time zero. A test signal's subscriptions know its
/// scheduler's frame duration and print their times in frames (`subscribed @ frame 0, disposed @
/// frame 4`); equality and hashing ignore it.
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
    /// The frame duration of the test signal's scheduler, if known: `description` then shows the
    /// times in frames. Not compared by `==`.
    public let frameDuration: Duration?

    /// A subscription made at `subscribed` and ended at `disposed` (`nil`: still active), as
    /// `"--^--!"` is `RecordedSubscription(subscribed: frames(2), disposed: frames(5))`; with a
    /// `frameDuration`, it prints its times in frames.
    public init(subscribed: Duration, disposed: Duration? = nil, frameDuration: Duration? = nil) {
        self.subscribed = subscribed
        self.disposed = disposed
        self.frameDuration = frameDuration
    }

    /// Whether both began and ended at the same times (`frameDuration` is not compared).
    public static func == (left: Self, right: Self) -> Bool {
        left.subscribed == right.subscribed && left.disposed == right.disposed
    }

    /// Hashes the two times (not `frameDuration`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(subscribed)
        hasher.combine(disposed)
    }

    /// `subscribed @ frame 0, disposed @ frame 4` with a frame duration, `subscribed @ 0.0
    /// seconds, disposed @ 0.004 seconds` without.
    public var description: String {
        let end = disposed.map { "disposed @ \(FrameTime($0, frameDuration))" } ?? "not disposed"
        return "subscribed @ \(FrameTime(subscribed, frameDuration)), \(end)"
    }
}
