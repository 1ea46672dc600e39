// doAfterNext, doAfterError and doAfterCompleted: an action run *after* the event has been
// forwarded downstream (RxSwift's `do(afterNext:afterError:afterCompleted:)`), where `doNext` and
// its family run theirs before. An action formed on an actor checks first that it runs there (see
// `subscribe(next:error:completed:)`).

extension Signal {
    /// RAC: none (RxSwift `do(afterNext:)`). Forwards each value, then runs `action(value)`: the
    /// action sees what the value's delivery did downstream (a subscriber's callback has run).
    /// `doNext(_:)` runs its action before forwarding.
    ///
    /// The calls for one value, with `doNext(before).doAfterNext(after)`: `before(v)`, the
    /// downstream's delivery of `v`, `after(v)`.
    ///
    /// ```
    /// self:                 -a-b-|
    /// doAfterNext(record):  -a-b-|     (record(a), record(b) run just after a and b are sent)
    /// ```
    @inlinable
    public func doAfterNext(
        _ action: @escaping (Value) -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        lift(
            AfterSideEffectStage.self,
            SideEffects(
                next: action,
                site: IsolatedCallSite(
                    isolation, call: "doAfterNext(_:)", file: file, line: line, signalName: self.name)),
            named: SignalDebugNames.name("[\(self.name)] -doAfterNext:"))
    }

    /// RAC: none (RxSwift `do(afterError:)`). Forwards the error, then runs `action(error)`. The
    /// subscription has ended when it runs; a `doDisposed(_:)` written before it (nearer the
    /// source) runs after it, as RxSwift's `onDispose` runs after `afterError`.
    ///
    /// ```
    /// self:                   -a-#
    /// doAfterError(report):   -a-#       (report(e) runs just after # is sent)
    /// ```
    @inlinable
    public func doAfterError(
        _ action: @escaping (Failure) -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        lift(
            AfterSideEffectStage.self,
            SideEffects(
                error: action,
                site: IsolatedCallSite(
                    isolation, call: "doAfterError(_:)", file: file, line: line, signalName: self.name)),
            named: SignalDebugNames.name("[\(self.name)] -doAfterError:"))
    }

    /// RAC: none (RxSwift `do(afterCompleted:)`). Forwards the completion, then runs `action()`.
    /// The subscription has ended when it runs; a `doDisposed(_:)` written before it (nearer the
    /// source) runs after it, as RxSwift's `onDispose` runs after `afterCompleted`.
    ///
    /// ```
    /// self:                     -a-|
    /// doAfterCompleted(done):   -a-|        (done() runs just after | is sent)
    /// ```
    @inlinable
    public func doAfterCompleted(
        _ action: @escaping () -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        lift(
            AfterSideEffectStage.self,
            SideEffects(
                completed: action,
                site: IsolatedCallSite(
                    isolation, call: "doAfterCompleted(_:)", file: file, line: line, signalName: self.name)),
            named: SignalDebugNames.name("[\(self.name)] -doAfterCompleted:"))
    }
}

/// A subscription of `doAfterNext`, `doAfterError` or `doAfterCompleted`: forwards each event,
/// *then* runs its action, if it has one.
///
/// ```
/// -a-|  →  -a-|     (next(a) after a, completed() after |)
/// ```
@usableFromInline
final class AfterSideEffectStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let actions: SideEffects<Value, Failure>

    @inlinable
    init(_ actions: SideEffects<Value, Failure>, feeding downstream: Subscriber<Value, Failure>) {
        self.actions = actions
        super.init(feeding: downstream, as: AfterSideEffectStage.self)
    }

    @inlinable
    func receive(_ value: Value) {
        emitNext(value)
        if let next = actions.next {
            actions.site?.check("action")
            next(value)
        }
    }

    @inlinable
    func receive(error: Failure) {
        emitError(error)
        if let action = actions.error {
            actions.site?.check("action")
            action(error)
        }
    }

    @inlinable
    func receiveCompleted() {
        emitCompleted()
        if let completed = actions.completed {
            actions.site?.check("action")
            completed()
        }
    }
}
