// RAC's `-first` and `-firstOrDefault:`: block until the first value.

extension Signal {
    /// RAC: `-first`. Blocks until the first value and returns it (disposing the subscription),
    /// returns `nil` if the signal completes without a value, or throws its error.
    ///
    /// ```
    /// self:     --a-b-|
    /// first():  a        (the subscription is disposed after a)
    /// self:     ---|     first() == nil
    /// ```
    public func first() throws(Failure) -> Value? {
        let (values, failure) = blockingCollect(limit: 1)
        if let value = values.first { return value }
        if let failure { throw failure }
        return nil
    }

    /// RAC: `-firstOrDefault:`. Like `first()`, but returns `defaultValue` for an empty signal.
    ///
    /// ```
    /// self:                 ---|
    /// first(default: z):    z
    /// ```
    public func first(default defaultValue: Value) throws(Failure) -> Value {
        try first() ?? defaultValue
    }
}
