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
    ///
    /// - Parameters:
    ///   - action: runs with each value, after it has been sent on.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
    @inlinable
    public func doAfterNext(
        _ action: @escaping (Value) -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        sideEffects("doAfterNext(_:)", isolation, file, line, SideEffects(next: action, after: true))
    }

    /// RAC: none (RxSwift `do(afterError:)`). Forwards the error, then runs `action(error)`. The
    /// subscription has ended when it runs; a `doDisposed(_:)` written before it (nearer the
    /// source) runs after it, as RxSwift's `onDispose` runs after `afterError`.
    ///
    /// ```
    /// self:                   -a-#
    /// doAfterError(report):   -a-#       (report(e) runs just after # is sent)
    /// ```
    ///
    /// - Parameters:
    ///   - action: runs with the error, after it has been sent on.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
    @inlinable
    public func doAfterError(
        _ action: @escaping (Failure) -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        sideEffects("doAfterError(_:)", isolation, file, line, SideEffects(error: action, after: true))
    }

    /// RAC: none (RxSwift `do(afterCompleted:)`). Forwards the completion, then runs `action()`.
    /// The subscription has ended when it runs; a `doDisposed(_:)` written before it (nearer the
    /// source) runs after it, as RxSwift's `onDispose` runs after `afterCompleted`.
    ///
    /// ```
    /// self:                     -a-|
    /// doAfterCompleted(done):   -a-|        (done() runs just after | is sent)
    /// ```
    ///
    /// - Parameters:
    ///   - action: runs after the completion has been sent on.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
    @inlinable
    public func doAfterCompleted(
        _ action: @escaping () -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        sideEffects(
            "doAfterCompleted(_:)", isolation, file, line, SideEffects(completed: action, after: true))
    }
}
