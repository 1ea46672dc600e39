// element(at:) and single(): one value of the source, or an error (ValueCountError), with their stages.

extension Signal {
    /// RAC: none (RxSwift `element(at:)`). Sends the value at `index` (0 for the first) and
    /// completes at once, disposing the source. If the source completes first, fails with
    /// `makeError(.indexOutOfRange(index:count:))`; its error is forwarded. A negative index is a
    /// programmer error. For a signal that cannot fail, `element(at:)` fails with the
    /// `ValueCountError` itself.
    ///
    /// ```
    /// self:                            -a-b-c-|
    /// element(at: 1, raising: { e }):  ---(b|)
    /// ```
    ///
    /// - Parameters:
    ///   - index: the position of the value wanted, 0 for the first; must be 0 or more.
    ///   - makeError: turns the `ValueCountError` (`.indexOutOfRange`) into this signal's error.
    /// - Returns: a signal that sends the value at `index` and completes; it fails with
    ///   `makeError(_:)`'s error if the source completes before that index, or with the source's error.
    @inlinable
    public func element(
        at index: Int, raising makeError: @escaping (ValueCountError) -> Failure
    ) -> Signal<Value, Failure> {
        racRequireNonNegative(index, "index", "element(at:raising:)")
        return lift(
            ElementAtStage.self, CountedValueArguments(index, makeError),
            named: SignalDebugNames.name("[\(self.name)] -elementAt: \(index)"))
    }

    /// RAC: none (RxSwift `single()`). Sends the source's only value once it completes, then
    /// completes. Fails with `makeError(.noValues)` if it completes without a value, and with
    /// `makeError(.moreThanOneValue)` as soon as a second value comes (disposing the source); its
    /// error is forwarded. Unlike RxSwift's, which sends the first value at once, the value waits
    /// for the completion: the result sends a value only when it will complete. For a signal that
    /// cannot fail, `single()` fails with the `ValueCountError` itself.
    ///
    /// ```
    /// self:                     -a---|
    /// single(raising: { e }):   -----(a|)
    /// ```
    ///
    /// - Parameter makeError: turns the `ValueCountError` (`.noValues` or `.moreThanOneValue`) into
    ///   this signal's error.
    /// - Returns: a signal that sends the source's only value and completes when the source completes;
    ///   it fails with `makeError(_:)`'s error if there is no value or more than one, or with the
    ///   source's error.
    @inlinable
    public func single(raising makeError: @escaping (ValueCountError) -> Failure) -> Signal<Value, Failure> {
        lift(
            SingleStage.self, CountedValueArguments(0, makeError),
            named: SignalDebugNames.name("[\(self.name)] -single"))
    }
}

extension Signal where Failure == Never {
    /// RAC: none (RxSwift `element(at:)`). Sends the value at `index` (0 for the first) and
    /// completes at once, disposing the source; fails with `ValueCountError.indexOutOfRange` if it
    /// completes first. A negative index is a programmer error.
    ///
    /// ```
    /// self:            -a-b-c-|
    /// element(at: 1):  ---(b|)
    /// element(at: 5):  -------#     (# = .indexOutOfRange(index: 5, count: 3))
    /// ```
    ///
    /// - Parameter index: the position of the value wanted, 0 for the first; must be 0 or more.
    /// - Returns: a signal that sends the value at `index` and completes; it fails with
    ///   `ValueCountError.indexOutOfRange` if the source completes before that index.
    @inlinable
    public func element(at index: Int) -> Signal<Value, ValueCountError> {
        racRequireNonNegative(index, "index", "element(at:)")
        return promoteError(ValueCountError.self).element(at: index, raising: { $0 })
    }

    /// RAC: none (RxSwift `single()`). Sends the source's only value once it completes, then
    /// completes; fails with `ValueCountError.noValues` if it completes without a value, and with
    /// `.moreThanOneValue` as soon as a second value comes (disposing the source).
    ///
    /// ```
    /// self:       -a---|
    /// single():   -----(a|)
    /// self:       -a-b-|
    /// single():   ---#          (# = .moreThanOneValue)
    /// ```
    ///
    /// - Returns: a signal that sends the source's only value and completes when the source completes;
    ///   it fails with `ValueCountError.noValues` or `.moreThanOneValue` otherwise.
    @inlinable
    public func single() -> Signal<Value, ValueCountError> {
        promoteError(ValueCountError.self).single(raising: { $0 })
    }
}

/// The arguments of `element(at:raising:)` and `single(raising:)`: the index of the value wanted
/// (0 for `single`) and what makes the error. In a struct, so that the closure is not re-wrapped on
/// every subscription (Docs/Internals.md, "Adding an operator").
@usableFromInline
struct CountedValueArguments<Failure: Error> {
    @usableFromInline let index: Int
    @usableFromInline let makeError: (ValueCountError) -> Failure

    @inlinable
    init(_ index: Int, _ makeError: @escaping (ValueCountError) -> Failure) {
        self.index = index
        self.makeError = makeError
    }
}

/// A subscription of `element(at:raising:)`: counts values, sends the one at the index, then
/// disposes itself (and so the source) and completes; the source's completion before it fails.
///
/// ```
/// -a-b-c-|  →  ---(b|)     (element(at: 1))
/// ```
@usableFromInline
final class ElementAtStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let arguments: CountedValueArguments<Failure>
    /// How many values have come.
    @exclusivity(unchecked) @usableFromInline var count = 0

    @inlinable
    init(_ arguments: CountedValueArguments<Failure>, feeding downstream: Subscriber<Value, Failure>) {
        self.arguments = arguments
        super.init(feeding: downstream, as: ElementAtStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        // Counted before forwarding: a value sent back into the source from the downstream
        // callback (reentrancy) is past the index.
        let position = count
        count += 1
        guard position == arguments.index else { return }
        emitNext(value)
        // As `take(_:)`: the source is disposed before the completion is sent.
        dispose()
        emitCompleted()
    }

    /// The source completed before the index: the error.
    @inlinable
    func receiveCompleted() {
        emitError(arguments.makeError(.indexOutOfRange(index: arguments.index, count: count)))
    }
}

/// A subscription of `single(raising:)`: keeps the first value; a second one disposes itself (and
/// so the source) and fails; the completion sends the kept value and completes, or fails without
/// one.
///
/// ```
/// -a---|  →  -----(a|)
/// -a-b-|  →  ---#
/// ```
@usableFromInline
final class SingleStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let arguments: CountedValueArguments<Failure>
    /// The only value so far.
    @exclusivity(unchecked) @usableFromInline var kept: Value?

    @inlinable
    init(_ arguments: CountedValueArguments<Failure>, feeding downstream: Subscriber<Value, Failure>) {
        self.arguments = arguments
        super.init(feeding: downstream, as: SingleStage.self)
    }

    @inlinable
    func receive(_ value: Value) {
        guard kept != nil else {
            kept = value
            return
        }
        kept = nil
        dispose()
        emitError(arguments.makeError(.moreThanOneValue))
    }

    /// Sends the kept value and completes, or fails if there is none.
    @inlinable
    func receiveCompleted() {
        guard let value = kept.take() else {
            return emitError(arguments.makeError(.noValues))
        }
        emitNext(value)
        emitCompleted()
    }

    /// Drops the kept value and passes the error through.
    @inlinable
    func receive(error: Failure) {
        kept = nil
        emitError(error)
    }

    /// Lets go of the kept value.
    @inlinable
    func releaseState() {
        kept = nil
    }
}
