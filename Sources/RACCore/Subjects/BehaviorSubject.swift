/// A subject with a current value: each new subscriber receives the latest value first (the
/// initial one if nothing was sent yet), then every later event.
///
/// RAC: `RACBehaviorSubject` (`+behaviorSubjectWithDefaultValue:`).
///
/// Once it has terminated, it is a one-value `ReplaySubject`: a subscriber arriving after the end
/// gets the current value (the initial one if nothing else was sent), then the terminal event, at
/// once; values and terminal events sent after the end are ignored, and `value` keeps the last
/// value. RAC's `RACBehaviorSubject` is a `RACSubject` that forgets its terminal event: a late
/// subscriber gets the current value and then waits forever, and `sendNext:` after the end still
/// changes the current value (see Docs/Concepts.md, "Departures from RAC 2.x").
///
/// Peers: RxSwift's `BehaviorSubject` and Combine's `CurrentValueSubject` send a late subscriber
/// only the terminal event, not the last value: here it gets the value, then the end. Read
/// `value` for the last value without subscribing.
///
/// ```
/// BehaviorSubject(value: z)
/// sends:          ---a---b-
/// sub at start:   z--a---b-
/// sub after a:       a---b-
///
/// sends:          ---a---|--c-
/// sub after |:              (a|)
/// RxSwift, Combine:         |
///
/// sends:          -------#--c-
/// sub after #:              (z#)
/// ```
public final class BehaviorSubject<Value, Failure: Error>: ReplaySubject<Value, Failure>, @unchecked Sendable
{
    /// Creates a subject whose current value is `value`.
    ///
    /// - Parameters:
    ///   - value: the initial current value, replayed to subscribers until another is sent.
    ///   - name: the debug name, printed by `description`.
    public init(value: Value, name: String = "anonymous") {
        super.init(capacity: 1, name: name)
        sendNext(value)
    }

    /// The latest value sent (or the initial one).
    public var value: Value {
        bufferedValues[0]
    }
}
