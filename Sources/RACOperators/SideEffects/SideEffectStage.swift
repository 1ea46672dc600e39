// The stage of the side-effect operators (`doNext`, `doError`, `doCompleted`, `finally`, the
// `log…` family) and its arguments.

/// The actions of a side-effect operator, one optional action per kind of event, as a stage's
/// arguments (closures returning `Void`: see Arguments.swift), and where they were formed when
/// that was an actor-isolated context (`site`, checked before each action runs).
@usableFromInline
struct SideEffects<Value, Failure> {
    @usableFromInline let next: ((Value) -> Void)?
    @usableFromInline let error: ((Failure) -> Void)?
    @usableFromInline let completed: (() -> Void)?
    @usableFromInline let site: IsolatedCallSite?

    @inlinable
    init(
        next: ((Value) -> Void)? = nil, error: ((Failure) -> Void)? = nil, completed: (() -> Void)? = nil,
        site: IsolatedCallSite? = nil
    ) {
        self.next = next
        self.error = error
        self.completed = completed
        self.site = site
    }
}

/// A subscription of a side-effect operator: runs the action for each event that has one, *then*
/// forwards the event. Actions formed on an actor first check that they run on it.
///
/// ```
/// -a-|  →  -a-|     (next(a) before a, completed() before |)
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

    @inlinable
    func receive(_ value: Value) {
        if let next = actions.next {
            actions.site?.check("action")
            next(value)
        }
        emitNext(value)
    }

    @inlinable
    func receive(error: Failure) {
        if let action = actions.error {
            actions.site?.check("action")
            action(error)
        }
        emitError(error)
    }

    @inlinable
    func receiveCompleted() {
        if let completed = actions.completed {
            actions.site?.check("action")
            completed()
        }
        emitCompleted()
    }
}
