// Side effects on each event: RAC's `-doNext:`, `-doError:` and `-doCompleted:` (their stage is
// `SideEffectStage`).

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
        lift(
            SideEffectStage.self, SideEffects(next: action),
            named: SignalDebugNames.name("[\(self.name)] -doNext:"))
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
            SideEffectStage.self, SideEffects(error: action),
            named: SignalDebugNames.name("[\(self.name)] -doError:")
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
            SideEffectStage.self, SideEffects(completed: action),
            named: SignalDebugNames.name("[\(self.name)] -doCompleted:"))
    }
}
