// RAC's `-logAll`, `-logNext`, `-logError` and `-logCompleted`, and their stage.

extension Signal {
    /// RAC: `-logAll`. Writes every event to `output` (by default `print`) as RAC's `NSLog` does:
    /// `<Signal<Int, Never>: name> next: 1`, `… error: e`, `… completed`, naming the receiver;
    /// then forwards it. The result keeps the receiver's name.
    ///
    /// ```
    /// self:       -1-|
    /// logAll():   -1-|      prints "<Signal<Int, Never>: s> next: 1", then "… completed"
    /// ```
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
        lift(
            LogStage.self,
            LogOptions(
                signal: "\(self)", next: logsNext, error: logsError, completed: logsCompleted, output: output),
            named: self.name)
    }
}

/// What a `log…` operator writes, and where, as a stage's arguments.
@usableFromInline
struct LogOptions {
    /// The logged signal's description (`<Signal<Int, Never>: name>`), which starts each line.
    @usableFromInline let signal: String
    @usableFromInline let logsNext: Bool
    @usableFromInline let logsError: Bool
    @usableFromInline let logsCompleted: Bool
    @usableFromInline let output: (String) -> Void

    @inlinable
    init(
        signal: String, next logsNext: Bool, error logsError: Bool, completed logsCompleted: Bool,
        output: @escaping (String) -> Void
    ) {
        self.signal = signal
        self.logsNext = logsNext
        self.logsError = logsError
        self.logsCompleted = logsCompleted
        self.output = output
    }
}

/// A subscription of a `log…` operator: writes the chosen events, then forwards each.
///
/// ```
/// -1-|  →  -1-|     (writes "<…> next: 1", then "<…> completed", for logAll())
/// ```
@usableFromInline
final class LogStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let options: LogOptions

    @inlinable
    init(_ arguments: LogOptions, feeding downstream: Subscriber<Value, Failure>) {
        self.options = arguments
        super.init(feeding: downstream, as: LogStage.self)
    }

    @inlinable
    func receive(_ value: Value) {
        if options.logsNext { options.output("\(options.signal) next: \(value)") }
        emitNext(value)
    }

    @inlinable
    func receive(error: Failure) {
        if options.logsError { options.output("\(options.signal) error: \(error)") }
        emitError(error)
    }

    @inlinable
    func receiveCompleted() {
        if options.logsCompleted { options.output("\(options.signal) completed") }
        emitCompleted()
    }
}
