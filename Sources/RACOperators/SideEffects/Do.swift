// Side effects on each event: RAC's `-doNext:`, `-doError:` and `-doCompleted:` (their stage is
// `SideEffectStage`).

// Each action runs once per subscription and event, *before* the event is forwarded, on the thread
// that delivers the event. An action formed in an actor-isolated context (`isolation`, the
// caller's `#isolation`) checks first that it runs on that actor, and stops the process with a
// message naming the operator's call site, the actor and the thread otherwise (see
// `subscribe(next:error:completed:)`).
extension Signal {
    /// RAC: `-doNext:`. Runs `action(value)` for each value, then forwards the value.
    ///
    /// ```
    /// self:               -a-b-|
    /// doNext(record):     -a-b-|     (record(a), record(b) run just before a and b are sent)
    /// ```
    ///
    /// Logging each save on its way to the subscriber:
    ///
    /// ```swift
    /// let saves = Subject<String, Never>()
    /// let logged = saves.doNext { print("saving", $0) }
    /// let subscription = logged.subscribe(next: { print("saved", $0) })
    /// saves.sendNext("notes.txt")    // saving notes.txt, then saved notes.txt
    /// subscription.dispose()
    /// ```
    ///
    /// - Parameters:
    ///   - action: runs with each value, before it is sent on.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
    @inlinable
    public func doNext(
        _ action: @escaping (Value) -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        sideEffects("doNext(_:)", isolation, file, line, SideEffects(next: action))
    }

    /// RAC: `-doError:`. Runs `action(error)` when the signal fails, then forwards the error.
    ///
    /// ```
    /// self:              -a-#
    /// doError(report):   -a-#       (report(e) runs just before # is sent)
    /// ```
    ///
    /// - Parameters:
    ///   - action: runs with the error, before it is sent on.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
    @inlinable
    public func doError(
        _ action: @escaping (Failure) -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        sideEffects("doError(_:)", isolation, file, line, SideEffects(error: action))
    }

    /// RAC: `-doCompleted:`. Runs `action()` when the signal completes, then forwards the
    /// completion.
    ///
    /// ```
    /// self:                -a-|
    /// doCompleted(done):   -a-|        (done() runs just before | is sent)
    /// ```
    ///
    /// - Parameters:
    ///   - action: runs when this signal completes, before the completion is sent on.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
    @inlinable
    public func doCompleted(
        _ action: @escaping () -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        sideEffects("doCompleted(_:)", isolation, file, line, SideEffects(completed: action))
    }
}
