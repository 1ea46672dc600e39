// Side effects on each event: RAC's `-doNext:`, `-doError:` and `-doCompleted:`, with their stages.

// Each action runs once per subscription and event, *before* the event is forwarded, on the thread
// that delivers the event.
extension Signal {
    /// RAC: `-doNext:`. Runs `action(value)` for each value, then forwards the value.
    ///
    /// ```
    /// self:               -a-b-|
    /// doNext(record):     -a-b-|     (record(a), record(b) run just before a and b are sent)
    /// ```
    @inlinable
    public func doNext(_ action: @escaping (Value) -> Void) -> Signal<Value, Failure> {
        lift(DoNextStage.self, ValueAction(action), named: SignalDebugNames.name("[\(self.name)] -doNext:"))
    }

    /// RAC: `-doError:`. Runs `action(error)` when the signal fails, then forwards the error.
    ///
    /// ```
    /// self:              -a-#
    /// doError(report):   -a-#       (report(e) runs just before # is sent)
    /// ```
    @inlinable
    public func doError(_ action: @escaping (Failure) -> Void) -> Signal<Value, Failure> {
        lift(
            DoErrorStage.self, FailureAction(action), named: SignalDebugNames.name("[\(self.name)] -doError:")
        )
    }

    /// RAC: `-doCompleted:`. Runs `action()` when the signal completes, then forwards the
    /// completion.
    ///
    /// ```
    /// self:                -a-|
    /// doCompleted(done):   -a-|        (done() runs just before | is sent)
    /// ```
    @inlinable
    public func doCompleted(_ action: @escaping () -> Void) -> Signal<Value, Failure> {
        lift(
            DoCompletedStage.self, Action(action),
            named: SignalDebugNames.name("[\(self.name)] -doCompleted:"))
    }
}

/// The action of `doNext(_:)` as a stage's arguments (a closure returning `Void` is wrapped: see
/// RelayPayloads.swift).
@usableFromInline
struct ValueAction<Value> {
    @usableFromInline let run: (Value) -> Void

    @inlinable
    init(_ run: @escaping (Value) -> Void) {
        self.run = run
    }
}

/// The action of `doError(_:)` as a stage's arguments.
@usableFromInline
struct FailureAction<Failure> {
    @usableFromInline let run: (Failure) -> Void

    @inlinable
    init(_ run: @escaping (Failure) -> Void) {
        self.run = run
    }
}

/// The action of `doCompleted(_:)` and `finally(_:)` as a stage's arguments.
@usableFromInline
struct Action {
    @usableFromInline let run: () -> Void

    @inlinable
    init(_ run: @escaping () -> Void) {
        self.run = run
    }
}

/// A subscription of `doNext(_:)`: runs the action for each value, then sends it.
///
/// ```
/// -a-b-|  →  -a-b-|     (action(a) before a, action(b) before b)
/// ```
@usableFromInline
final class DoNextStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let action: (Value) -> Void

    @inlinable
    init(_ arguments: ValueAction<Value>, feeding downstream: Subscriber<Value, Failure>) {
        self.action = arguments.run
        super.init(feeding: downstream, as: DoNextStage.self)
    }

    @inlinable
    func receive(_ value: Value) {
        action(value)
        emitNext(value)
    }
}

/// A subscription of `doError(_:)`: runs the action for the error, then sends it.
///
/// ```
/// -a-#  →  -a-#     (action(e) before #)
/// ```
@usableFromInline
final class DoErrorStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let action: (Failure) -> Void

    @inlinable
    init(_ arguments: FailureAction<Failure>, feeding downstream: Subscriber<Value, Failure>) {
        self.action = arguments.run
        super.init(feeding: downstream, as: DoErrorStage.self)
    }

    @inlinable
    func receive(_ value: Value) {
        emitNext(value)
    }

    @inlinable
    func receive(error: Failure) {
        action(error)
        emitError(error)
    }
}

/// A subscription of `doCompleted(_:)`: runs the action on completion, then completes.
///
/// ```
/// -a-|  →  -a-|     (action() before |)
/// ```
@usableFromInline
final class DoCompletedStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let action: () -> Void

    @inlinable
    init(_ arguments: Action, feeding downstream: Subscriber<Value, Failure>) {
        self.action = arguments.run
        super.init(feeding: downstream, as: DoCompletedStage.self)
    }

    @inlinable
    func receive(_ value: Value) {
        emitNext(value)
    }

    @inlinable
    func receiveCompleted() {
        action()
        emitCompleted()
    }
}
