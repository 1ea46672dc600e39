// RAC's `-finally:`: an action run just before the terminal event is forwarded, and its stage.

extension Signal {
    /// RAC: `-finally:`. Runs `action()` when the signal completes or fails, just before the
    /// terminal event is forwarded (RAC: `-doError:` then `-doCompleted:`). It does not run when
    /// the subscription is disposed before terminating.
    ///
    /// ```
    /// self:                -a-|     -a-#     -a-  (disposed)
    /// finally(tearDown):   -a-|     -a-#     -a-  (tearDown() runs before | and #, not on dispose)
    /// ```
    @inlinable
    public func finally(_ action: @escaping () -> Void) -> Signal<Value, Failure> {
        lift(FinallyStage.self, Action(action), named: SignalDebugNames.name("[\(self.name)] -finally:"))
    }
}

/// A subscription of `finally(_:)`: runs the action before sending the error or the completion.
///
/// ```
/// -a-|  →  -a-|     -a-#  →  -a-#     (action() before | and #)
/// ```
@usableFromInline
final class FinallyStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let action: () -> Void

    @inlinable
    init(_ arguments: Action, feeding downstream: Subscriber<Value, Failure>) {
        self.action = arguments.run
        super.init(feeding: downstream, as: FinallyStage.self)
    }

    @inlinable
    func receive(_ value: Value) {
        emitNext(value)
    }

    @inlinable
    func receive(error: Failure) {
        action()
        emitError(error)
    }

    @inlinable
    func receiveCompleted() {
        action()
        emitCompleted()
    }
}
