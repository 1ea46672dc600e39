// RAC's `-finally:`: an action run just before the terminal event is forwarded (its stage is
// `SideEffectStage`).

extension Signal {
    /// RAC: `-finally:`. Runs `action()` when the signal completes or fails, just before the
    /// terminal event is forwarded (RAC: `-doError:` then `-doCompleted:`). It does not run when
    /// the subscription is disposed before terminating. An action formed on an actor checks first
    /// that it runs on it (as `doNext(_:)`).
    ///
    /// ```
    /// self:                -a-|     -a-#     -a-  (disposed)
    /// finally(tearDown):   -a-|     -a-#     -a-  (tearDown() runs before | and #, not on dispose)
    /// ```
    @inlinable
    public func finally(
        _ action: @escaping () -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        sideEffects(
            "finally(_:)", isolation, file, line, SideEffects(error: { _ in action() }, completed: action))
    }
}
