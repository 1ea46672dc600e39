// RAC's `-logAll`, `-logNext`, `-logError` and `-logCompleted`, whose stage is `SideEffectStage`.

extension Signal {
    /// RAC: `-logAll`. Writes every event to `output` (by default `print`) as RAC's `NSLog` does:
    /// `<Signal<Int, Never>: name> next: 1`, `… error: e`, `… completed`, naming the receiver;
    /// then forwards it. The result keeps the receiver's name.
    ///
    /// ```
    /// self:       -1-|
    /// logAll():   -1-|      prints "<Signal<Int, Never>: s> next: 1", then "… completed"
    /// ```
    ///
    /// - Parameter output: writes one log line; `print` by default.
    /// - Returns: a signal of the same events, every event logged before it is sent on; it
    ///   completes and fails when this signal does.
    @inlinable
    public func logAll(to output: @escaping (String) -> Void = { print($0) }) -> Signal<Value, Failure> {
        logging(next: true, error: true, completed: true, to: output)
    }

    /// RAC: `-logNext`. Writes each value to `output` (by default `print`) as
    /// `<Signal<Int, Never>: name> next: value`, then forwards it; errors and completion pass
    /// silently. The result keeps the receiver's name.
    ///
    /// ```
    /// self:        -1-2-|
    /// logNext():   -1-2-|     prints "… next: 1", "… next: 2"
    /// ```
    ///
    /// - Parameter output: writes one log line; `print` by default.
    /// - Returns: a signal of the same events, each value logged before it is sent on; it
    ///   completes and fails when this signal does.
    @inlinable
    public func logNext(to output: @escaping (String) -> Void = { print($0) }) -> Signal<Value, Failure> {
        logging(next: true, error: false, completed: false, to: output)
    }

    /// RAC: `-logError`. Writes the error to `output` (by default `print`) as
    /// `<Signal<Int, Never>: name> error: error`, then forwards it. The result keeps the
    /// receiver's name.
    ///
    /// ```
    /// self:         -1-#
    /// logError():   -1-#      prints "… error: e"
    /// ```
    ///
    /// - Parameter output: writes one log line; `print` by default.
    /// - Returns: a signal of the same events, the error logged before it is sent on; it
    ///   completes and fails when this signal does.
    @inlinable
    public func logError(to output: @escaping (String) -> Void = { print($0) }) -> Signal<Value, Failure> {
        logging(next: false, error: true, completed: false, to: output)
    }

    /// RAC: `-logCompleted`. Writes `<Signal<Int, Never>: name> completed` to `output` (by default
    /// `print`) when the signal completes, then forwards the completion. The result keeps the
    /// receiver's name.
    ///
    /// ```
    /// self:             -1-|
    /// logCompleted():   -1-|      prints "… completed"
    /// ```
    ///
    /// - Parameter output: writes one log line; `print` by default.
    /// - Returns: a signal of the same events, the completion logged before it is sent on; it
    ///   completes and fails when this signal does.
    @inlinable
    public func logCompleted(to output: @escaping (String) -> Void = { print($0) }) -> Signal<Value, Failure>
    {
        logging(next: false, error: false, completed: true, to: output)
    }

    /// The mechanism of the `log…` operators: logs the chosen events to `output`, naming this
    /// signal, and keeps its name.
    @inlinable
    func logging(
        next logsNext: Bool, error logsError: Bool, completed logsCompleted: Bool,
        to output: @escaping (String) -> Void
    ) -> Signal<Value, Failure> {
        let signal = "\(self)"
        return lift(
            SideEffectStage.self,
            SideEffects(
                next: logsNext ? { output("\(signal) next: \($0)") } : nil,
                error: logsError ? { output("\(signal) error: \($0)") } : nil,
                completed: logsCompleted ? { output("\(signal) completed") } : nil),
            named: self.name)
    }
}
