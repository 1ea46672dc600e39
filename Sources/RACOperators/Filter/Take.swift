// take(_:), take(until:) with a predicate and take(while:), with their stages (take(_:)'s is a
// `CountStage`, in CountStage.swift, with the rule `TakeCount`).

extension Signal {
    /// RAC: `-take:`. Sends the first `count` values, then completes at once (right after the
    /// `count`-th value), disposing the source. `take(0)` completes on subscription without
    /// subscribing to the source. A negative count is a programmer error.
    ///
    /// ```
    /// self:      -1-2-3-4-|
    /// take(2):   -1-(2|)
    /// take(0):   |
    /// ```
    ///
    /// - Parameter count: How many values to send; must not be negative.
    /// - Returns: A signal that sends the first `count` values and completes right after the last of
    ///   them (at once for `0`), disposing this signal; it ends earlier if this signal does.
    ///
    /// ```swift
    /// let keyPresses = Subject<Character, Never>()
    /// let pin = keyPresses.take(4).collect()
    /// let subscription = pin.subscribe(next: { print("PIN entered:", String($0)) })
    /// for key in "12345" { keyPresses.sendNext(key) }   // prints PIN entered: 1234
    /// subscription.dispose()
    /// ```
    @inlinable
    public func take(_ count: Int) -> Signal<Value, Failure> {
        racRequireNonNegative(count, "count", "take(_:)")
        let name = SignalDebugNames.name("[\(self.name)] -take: \(count)")
        if count == 0 {
            return Signal(name: name) { subscriber in
                subscriber.sendCompleted()
                return nil
            }
        }
        return lift(CountStage<Value, Failure, TakeCount>.self, count, named: name)
    }

    /// RAC: `-takeUntilBlock:`. Sends values until `predicate` returns true for one: that value is
    /// not sent, and the signal completes (disposing the source). If the predicate never holds, the
    /// result is the source.
    ///
    /// ```
    /// self:                     -1-2-3-4-|
    /// take(until: { $0 == 3 }): -1-2-|
    /// ```
    ///
    /// - Parameter predicate: Called with each value until it returns `true`: that value is not sent,
    ///   and the result completes.
    /// - Returns: A signal of the values before the first one `predicate` accepts, which then
    ///   completes, disposing this signal; it ends earlier if this signal does.
    @inlinable
    public func take(until predicate: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
        lift(
            TakeWhileStage.self, (Prefix(predicate, while: false), inclusive: false),
            named: SignalDebugNames.name("[\(self.name)] -takeUntilBlock:"))
    }

    /// RAC: `-takeWhileBlock:`. Sends values while `predicate` returns true; the first value for
    /// which it returns false is not sent, and the signal completes (disposing the source).
    ///
    /// ```
    /// self:                    -1-2-3-1-|
    /// take(while: { $0 < 3 }): -1-2-|
    /// ```
    ///
    /// - Parameter predicate: Called with each value until it returns `false`: that value is not sent,
    ///   and the result completes.
    /// - Returns: A signal of the values before the first one `predicate` rejects, which then
    ///   completes, disposing this signal; it ends earlier if this signal does.
    @inlinable
    public func take(while predicate: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
        lift(
            TakeWhileStage.self, (Prefix(predicate, while: true), inclusive: false),
            named: SignalDebugNames.name("[\(self.name)] -takeWhileBlock:"))
    }
}

/// The rule of `take(_:)` with a count above zero: sends the first `count` values, then disposes
/// the stage (and so the source) and completes.
///
/// ```
/// -1-2-3-|  →  -1-(2|)     (take(2))
/// ```
@usableFromInline
enum TakeCount: CountingRule {
    @inlinable @inline(__always)
    static func receive<Value, Failure>(_ value: Value, in stage: CountStage<Value, Failure, Self>) {
        // Counted before forwarding: a value sent back into the source from the downstream
        // callback (reentrancy) must not exceed the count.
        guard stage.counted < stage.count else { return }
        stage.counted += 1
        stage.emitNext(value)
        if stage.counted == stage.count {
            // As RAC: the source is disposed before the completion is sent.
            stage.dispose()
            stage.emitCompleted()
        }
    }
}

/// A subscription of `take(while:)` and `take(until:)` with a predicate, and of their
/// `inclusive:` forms: sends the values of the prefix (see `Prefix`); at the first value past it,
/// sends that value too if `inclusive`, then disposes itself (and so the source) and completes.
///
/// ```
/// -1-2-3-1-|  →  -1-2-|        (take(while: { $0 < 3 }))
/// -1-2-3-1-|  →  -1-2-(3|)     (take(while: { $0 < 3 }, inclusive: true))
/// ```
@usableFromInline
final class TakeWhileStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let prefix: Prefix<Value>
    /// Whether the first value past the prefix is sent.
    @usableFromInline let inclusive: Bool
    /// Whether the value past the prefix has come: a value sent back into the source from the
    /// downstream callback of that value (reentrancy) is dropped.
    @exclusivity(unchecked) @usableFromInline var isPastPrefix = false

    @inlinable
    init(_ arguments: (Prefix<Value>, inclusive: Bool), feeding downstream: Subscriber<Value, Failure>) {
        self.prefix = arguments.0
        self.inclusive = arguments.inclusive
        super.init(feeding: downstream, as: TakeWhileStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        guard !isPastPrefix else { return }
        guard prefix.continues(with: value) else {
            isPastPrefix = true
            if inclusive { emitNext(value) }
            // As RAC: the source is disposed before the completion is sent.
            dispose()
            return emitCompleted()
        }
        emitNext(value)
    }
}
