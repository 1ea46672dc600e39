// take(while:inclusive:) and take(until:inclusive:): the predicate forms of take that may also send
// the value that ends them (their stage is `TakeWhileStage`, in Take.swift).

extension Signal {
    /// RAC: none (RxSwift `take(while:behavior: .inclusive)`). `take(while:)`, but with `inclusive`
    /// true the first value for which `predicate` returns false is sent too, just before the
    /// completion; with `inclusive` false it is `take(while:)`. The source is disposed before the
    /// completion is sent.
    ///
    /// ```
    /// self:                                     -1-2-3-1-|
    /// take(while: { $0 < 3 }, inclusive: true): -1-2-(3|)
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Called with each value until it returns `false`; then the result completes.
    ///   - inclusive: Whether the value `predicate` rejected is sent, just before the completion.
    /// - Returns: A signal of the values before the first one `predicate` rejects (and that one too
    ///   if `inclusive`), which then completes, disposing this signal; it ends earlier if this signal
    ///   does.
    @inlinable
    public func take(
        while predicate: @escaping (Value) -> Bool, inclusive: Bool
    ) -> Signal<Value, Failure> {
        guard inclusive else { return take(while: predicate) }
        return lift(
            TakeWhileStage.self, (Prefix(predicate, while: true), inclusive: true),
            named: SignalDebugNames.name("[\(self.name)] -takeWhileBlock: inclusive"))
    }

    /// RAC: none (RxSwift `take(until:behavior: .inclusive)`). `take(until:)` with a predicate,
    /// but with `inclusive` true the value for which `predicate` returns true is sent too, just
    /// before the completion; with `inclusive` false it is `take(until:)`. The source is disposed
    /// before the completion is sent.
    ///
    /// ```
    /// self:                                      -1-2-3-4-|
    /// take(until: { $0 == 3 }, inclusive: true): -1-2-(3|)
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Called with each value until it returns `true`; then the result completes.
    ///   - inclusive: Whether the value `predicate` accepted is sent, just before the completion.
    /// - Returns: A signal of the values before the first one `predicate` accepts (and that one too if
    ///   `inclusive`), which then completes, disposing this signal; it ends earlier if this signal
    ///   does.
    @inlinable
    public func take(
        until predicate: @escaping (Value) -> Bool, inclusive: Bool
    ) -> Signal<Value, Failure> {
        guard inclusive else { return take(until: predicate) }
        return lift(
            TakeWhileStage.self, (Prefix(predicate, while: false), inclusive: true),
            named: SignalDebugNames.name("[\(self.name)] -takeUntilBlock: inclusive"))
    }
}
