// promoteError: a non-failing signal typed as one that may fail (its stage is map's).

extension Signal where Failure == Never {
    /// RAC: none (all its errors were `NSError`). The same signal, typed as one that may fail with
    /// `NewFailure` (it never does). Named as in ReactiveSwift (Combine calls it
    /// `setFailureType(to:)`). Use it to combine a non-failing signal with failing ones.
    ///
    /// ```
    /// self (Never):                 -a-b-|
    /// promoteError(MyError.self):   -a-b-|    (a Signal<Value, MyError>)
    /// ```
    ///
    /// - Returns: the same values and completion, in a signal whose `Failure` is `NewFailure` (pass
    ///   `NewFailure.self`, or let the type be inferred); it never fails.
    @inlinable
    public func promoteError<NewFailure>(
        _: NewFailure.Type = NewFailure.self
    ) -> Signal<Value, NewFailure> {
        // `map`'s stage, whose error transform is never called.
        lift(MapStage.self, Transforms({ $0 }, { (_: Never) -> NewFailure in }), named: self.name)
    }
}
