/// Something that happened at a virtual time: an event a recorder saw, for instance.
///
/// RxTest: `Recorded<Event<Element>>` (`.next(210, 1)`, `.completed(300)`). Times are exact
/// `Duration`s of virtual time since the scheduler was created; `scheduler.frames(n)` turns a
/// frame count into one. A list of them is `Equatable` when the element is.
///
/// ```
/// -a-(b|)  with values ["a": 1, "b": 2], 1 ms frames:
/// [.next(.milliseconds(1), 1), .next(.milliseconds(3), 2), .completed(.milliseconds(3))]
/// ```
public struct Recorded<Element> {
    /// When it happened, in virtual time since the scheduler's time zero: `a` of `"-a"` is at
    /// `scheduler.frames(1)`.
    public let time: Duration
    /// What happened: `.next(1)` for `a` of `"-a"` with `values: ["a": 1]`.
    public let value: Element

    /// Records `value` at `time`: `Recorded(time: frames(1), value: .next(1))` is `a` of `"-a"`.
    public init(time: Duration, value: Element) {
        self.time = time
        self.value = value
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

extension Recorded: Equatable where Element: Equatable {}
extension Recorded: Hashable where Element: Hashable {}
extension Recorded: Sendable where Element: Sendable {}

extension Recorded: CustomStringConvertible {
    /// `next(1) @ 0.001 seconds`.
    public var description: String {
        "\(value) @ \(time)"
    }
}
