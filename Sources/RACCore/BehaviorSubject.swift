/// A subject with a current value: each new subscriber receives the latest value first (the
/// initial one if nothing was sent yet), then every later event.
///
/// RAC: `RACBehaviorSubject` (`+behaviorSubjectWithDefaultValue:`).
///
/// ```
/// BehaviorSubject(value: z)
/// sends:          ---a---b-
/// sub at start:   z--a---b-
/// sub after a:       a---b-
/// ```
public final class BehaviorSubject<Value, Failure: Error>: ReplaySubject<Value, Failure>, @unchecked Sendable
{
    /// Creates a subject whose current value is `value`.
    public init(value: Value, name: String = "anonymous") {
        super.init(capacity: 1, name: name)
        sendNext(value)
    }

    /// The latest value sent (or the initial one).
    public var value: Value {
        bufferedValues[0]
    }
}
