// promoteError: a non-failing signal typed as one that may fail, with its stage.

extension Signal where Failure == Never {
    /// RAC: none (all its errors were `NSError`). The same signal, typed as one that may fail with
    /// `NewFailure` (it never does). Named as in ReactiveSwift (Combine calls it
    /// `setFailureType(to:)`). Use it to combine a non-failing signal with failing ones.
    ///
    /// ```
    /// self (Never):                 -a-b-|
    /// promoteError(MyError.self):   -a-b-|    (a Signal<Value, MyError>)
    /// ```
    @inlinable
    public func promoteError<NewFailure>(
        _: NewFailure.Type = NewFailure.self
    ) -> Signal<Value, NewFailure> {
        lift(PromoteErrorStage.self, (), named: self.name)
    }
}

/// A subscription of `promoteError(_:)`: sends the values and the completion of a source that
/// never fails.
///
/// ```
/// -a-b-|  →  -a-b-|
/// ```
@usableFromInline
final class PromoteErrorStage<Value, NewFailure: Error>:
    OperatorStage<Value, Never, Value, NewFailure>, LiftableStage, @unchecked Sendable
{
    @inlinable
    init(_: Void, feeding downstream: Subscriber<Value, NewFailure>) {
        super.init(feeding: downstream, as: PromoteErrorStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        emitNext(value)
    }

    /// The source never fails.
    @inlinable
    func receive(error _: Never) {}
}
