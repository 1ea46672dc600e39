// The stage of the side-effect operators (`doNext`, `doError`, `doCompleted`, `finally`, the
// `log…` family, and `doAfterNext` and its family) and its arguments.

/// The actions of a side-effect operator, one optional action per kind of event, as a stage's
/// arguments (closures returning `Void`: see Arguments.swift), whether they run before the
/// event is forwarded (`doNext` and its family) or after (`doAfterNext` and its family), and where
/// they were formed when that was an actor-isolated context (`site`, checked before each action).
@usableFromInline
struct SideEffects<Value, Failure> {
    @usableFromInline let next: ((Value) -> Void)?
    @usableFromInline let error: ((Failure) -> Void)?
    @usableFromInline let completed: (() -> Void)?
    /// Set by `Signal.sideEffects(_:_:_:_:_:)`, from the operator's call.
    @usableFromInline var site: IsolatedCallSite?
    /// Whether each action runs after its event is forwarded, rather than before.
    @usableFromInline let runAfter: Bool

    @inlinable
    init(
        next: ((Value) -> Void)? = nil, error: ((Failure) -> Void)? = nil, completed: (() -> Void)? = nil,
        after runAfter: Bool = false
    ) {
        self.next = next
        self.error = error
        self.completed = completed
        self.runAfter = runAfter
    }
}

/// A subscription of a side-effect operator: runs the action for each event that has one, then
/// forwards the event, or (`runAfter`) forwards the event, then runs the action. Actions formed
/// on an actor first check that they run on it.
///
/// ```
/// -a-|  →  -a-|     (next(a) before a, completed() before |; with runAfter, just after)
/// ```
@usableFromInline
final class SideEffectStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let actions: SideEffects<Value, Failure>

    @inlinable
    init(_ actions: SideEffects<Value, Failure>, feeding downstream: Subscriber<Value, Failure>) {
        self.actions = actions
        super.init(feeding: downstream, as: SideEffectStage.self)
    }

    /// Runs `action` (if any) on `argument` before or after `forward`, as `actions.runAfter` says.
    @inlinable @inline(__always)
    func perform<Argument>(
        _ action: ((Argument) -> Void)?, on argument: Argument, around forward: (Argument) -> Void
    ) {
        guard let action else { return forward(argument) }
        if actions.runAfter {
            forward(argument)
            actions.site?.check("action")
            action(argument)
        } else {
            actions.site?.check("action")
            action(argument)
            forward(argument)
        }
    }

    @inlinable
    func receive(_ value: Value) {
        perform(actions.next, on: value, around: emitNext)
    }

    @inlinable
    func receive(error: Failure) {
        perform(actions.error, on: error, around: emitError)
    }

    @inlinable
    func receiveCompleted() {
        perform(
            actions.completed.map { action in { _ in action() } }, on: (), around: { _ in emitCompleted() })
    }
}

extension Signal {
    /// The signal of a side-effect operator: `actions`, checked at the site of the operator's call
    /// (`call`, made from `isolation` at `file`:`line`; no check from nonisolated code), run by a
    /// `SideEffectStage`, the result named after RAC's selector for the call (`doNext(_:)`:
    /// `[source] -doNext:`), made for the operator `function`.
    ///
    /// ```
    /// self:                                                -a-|
    /// sideEffects("doNext(_:)", …, SideEffects(next: f)):  -a-|     (f(a) just before a)
    /// ```
    @inlinable
    func sideEffects(
        _ call: StaticString, _ isolation: (any Actor)?, _ file: StaticString, _ line: UInt,
        _ actions: SideEffects<Value, Failure>, function: StaticString = #function
    ) -> Signal<Value, Failure> {
        var actions = actions
        actions.site = callSite(call, isolation, file, line)
        return lift(
            SideEffectStage.self, actions,
            named: SignalDebugNames.name(
                "[\(self.name)] -\(String(describing: call).prefix { $0 != "(" }):"),
            function: function)
    }

    /// The site of a call of `call` on this signal, made from `isolation` at `file`:`line`, that
    /// checks that its callbacks run on that actor; `nil` from nonisolated code.
    @inlinable
    func callSite(
        _ call: StaticString, _ isolation: (any Actor)?, _ file: StaticString, _ line: UInt
    ) -> IsolatedCallSite? {
        IsolatedCallSite(isolation, call: call, file: file, line: line, signalName: self.name)
    }
}
