// ignoreValues() and ignore(_:): filters (`FilterStage`) with their own debug names.

extension Signal {
    /// RAC: `-ignoreValues`. Drops every value; only the error or the completion passes.
    ///
    /// ```
    /// self:            -1-2-3-|
    /// ignoreValues():  -------|
    /// ```
    ///
    /// - Returns: A signal that sends no value, and completes or fails when this signal does.
    ///
    /// ```swift
    /// let uploadProgress = Signal<Int, Never>(values: [25, 50, 100])   // percent
    /// let uploaded = uploadProgress.ignoreValues()
    /// let subscription = uploaded.subscribe(
    ///     next: { print("progress", $0) },   // never called
    ///     completed: { print("upload finished") })   // prints upload finished
    /// subscription.dispose()
    /// ```
    @inlinable
    public func ignoreValues() -> Signal<Value, Failure> {
        lift(
            FilterStage.self, Predicate { _ in false },
            named: SignalDebugNames.name("[\(self.name)] -ignoreValues"))
    }
}

extension Signal where Value: Equatable {
    /// RAC: `-ignore:`. Drops every value equal to `value`.
    ///
    /// ```
    /// self:       -1-2-1-3-|
    /// ignore(1):  ---2---3-|
    /// ```
    ///
    /// - Parameter value: the value to drop.
    /// - Returns: a signal of the source's values that differ from `value`; it completes or fails when
    ///   the source does.
    @inlinable
    public func ignore(_ value: Value) -> Signal<Value, Failure> {
        lift(
            FilterStage.self, Predicate { $0 != value },
            named: SignalDebugNames.name("[\(self.name)] -ignore: \(value)"))
    }
}
