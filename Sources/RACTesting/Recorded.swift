/// Something that happened at a virtual time: an event a recorder saw, for instance.
///
/// RxTest: `Recorded<Event<Element>>` (`.next(210, 1)`, `.completed(300)`). Times are exact
/// `Duration`s of virtual time since the scheduler was created; `scheduler.frames(n)` turns a
/// frame count into one. A list of them is `Equatable` when the element is.
///
/// What a `TestRecorder` records, and what `TestScheduler.next(atFrame:_:)` and its siblings
/// make, also knows the scheduler's `frameDuration`, so that it prints its time in frames, as
/// marbles and expectation diffs do (`next(2) @ frame 3`). The frame duration is only for
/// printing: equality and hashing look at the time and the element.
///
/// ```
/// -a-(b|)  with values ["a": 1, "b": 2], 1 ms frames:
/// [.next(.milliseconds(1), 1), .next(.milliseconds(3), 2), .completed(.milliseconds(3))]
/// recorded:  [next(1) @ frame 1, next(2) @ frame 3, completed @ frame 3]
/// ```
public struct Recorded<Element> {
    /// When it happened, in virtual time since the scheduler's time zero: `a` of `"-a"` is at
    /// `scheduler.frames(1)`.
    public let time: Duration
    /// What happened: `.next(1)` for `a` of `"-a"` with `values: ["a": 1]`.
    public let value: Element
    /// The frame duration of the scheduler it was recorded on, if known: `description` then
    /// shows the time in frames. Not compared by `==`.
    public let frameDuration: Duration?

    /// Records `value` at `time`: `Recorded(time: frames(1), value: .next(1))` is `a` of `"-a"`.
    /// With a `frameDuration`, it prints its time in frames of that duration.
    ///
    /// ```
    /// Recorded(time: .milliseconds(3), value: .completed)                              completed @ 0.003 seconds
    /// Recorded(time: .milliseconds(3), value: .completed, frameDuration: .milliseconds(1))  completed @ frame 3
    /// ```
    public init(time: Duration, value: Element, frameDuration: Duration? = nil) {
        self.time = time
        self.value = value
        self.frameDuration = frameDuration
    }

    /// A `next` event at `time`. RxTest: `.next(time, value)`.
    ///
    /// ```
    /// .next(scheduler.frames(1), 1)   // -a  with a = 1
    /// ```
    public static func next<Value, Failure>(_ time: Duration, _ value: Value) -> Recorded
    where Element == Event<Value, Failure> {
        Recorded(time: time, value: .next(value))
    }

    /// An `error` event at `time`. RxTest: `.error(time, error)`.
    ///
    /// ```
    /// .error(scheduler.frames(2), failure)   // --#
    /// ```
    public static func error<Value, Failure>(_ time: Duration, _ error: Failure) -> Recorded
    where Element == Event<Value, Failure> {
        Recorded(time: time, value: .error(error))
    }

    /// A `completed` event at `time`. RxTest: `.completed(time)`.
    ///
    /// ```
    /// .completed(scheduler.frames(3))   // ---|
    /// ```
    public static func completed<Value, Failure>(_ time: Duration) -> Recorded
    where Element == Event<Value, Failure> {
        Recorded(time: time, value: .completed)
    }
}

extension Recorded: Equatable where Element: Equatable {
    /// Whether both happened at the same time and are equal (`frameDuration` is not compared).
    public static func == (left: Recorded, right: Recorded) -> Bool {
        left.time == right.time && left.value == right.value
    }
}

extension Recorded: Hashable where Element: Hashable {
    /// Hashes the time and the element (not `frameDuration`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(time)
        hasher.combine(value)
    }
}

extension Recorded: Sendable where Element: Sendable {}

extension Recorded: CustomStringConvertible {
    /// `next(1) @ frame 1` with a frame duration, `next(1) @ 0.001 seconds` without.
    public var description: String {
        "\(value) @ \(FrameTime(time, frameDuration))"
    }
}

/// A virtual time as tests print it: in frames when the frame duration is known (`frame 3`, or
/// `frame 3 + 0.0005 seconds` between frames), otherwise as a `Duration`.
struct FrameTime: CustomStringConvertible {
    let time: Duration
    let frameDuration: Duration?

    init(_ time: Duration, _ frameDuration: Duration?) {
        self.time = time
        self.frameDuration = frameDuration
    }

    var description: String {
        guard let nanoseconds = time.exactNanoseconds, let frame = frameDuration?.exactNanoseconds,
            frame > 0, nanoseconds >= 0
        else { return "\(time)" }
        let (whole, rest) = nanoseconds.quotientAndRemainder(dividingBy: frame)
        return rest == 0 ? "frame \(whole)" : "frame \(whole) + \(Duration.nanoseconds(rest))"
    }
}
