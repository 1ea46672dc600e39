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
    ///
    /// - Parameters:
    ///   - action: runs when this signal completes or fails, before the event is sent on.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
    @inlinable
    public func finally(
        _ action: @escaping () -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        sideEffects(
            "finally(_:)", isolation, file, line, SideEffects(error: { _ in action() }, completed: action))
    }
}
