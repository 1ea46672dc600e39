// collect: every value in one array, sent on completion, with its stage.

extension Signal {
    /// RAC: `-collect`. Collects every value and sends them as one array when the signal
    /// completes (`[]` for an empty signal). An error is forwarded and nothing is sent.
    ///
    /// ```
    /// self:       -1-2-3-|
    /// collect():  -------(x|)     x = [1, 2, 3]
    /// ```
    ///
    /// - Returns: A signal that sends one array of every value, in order (`[]` if there was none),
    ///   when this signal completes, then completes; if this signal fails, it fails with that error
    ///   and sends nothing.
    ///
    /// ```swift
    /// let downloads = Subject<String, Never>()
    /// let finished = downloads.collect()
    /// let subscription = finished.subscribe(next: { print("downloaded", $0) })
    /// downloads.sendNext("a.png")
    /// downloads.sendNext("b.png")
    /// downloads.sendCompleted()   // prints downloaded ["a.png", "b.png"]
    /// subscription.dispose()
    /// ```
    @inlinable
    public func collect() -> Signal<[Value], Failure> {
        lift(CollectStage.self, (), named: SignalDebugNames.name("[\(self.name)] -collect"))
    }
}

/// A subscription of `collect()`: keeps every value, and sends them as one array when the source
/// completes.
///
/// ```
/// -1-2-3-|  →  -------(x|)     x = [1, 2, 3]
/// ```
@usableFromInline
final class CollectStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, [Value], Failure>, LiftableStage, @unchecked Sendable
{
    /// The values received so far.
    @exclusivity(unchecked) @usableFromInline var collected: [Value] = []

    @inlinable
    init(_: Void, feeding downstream: Subscriber<[Value], Failure>) {
        super.init(feeding: downstream, as: CollectStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        collected.append(value)
    }

    /// Drops the values, then forwards the error.
    @inlinable
    func receive(error failure: Failure) {
        collected = []
        emitError(failure)
    }

    /// On completion, sends the values, then completes.
    @inlinable
    func receiveCompleted() {
        let values = collected
        collected = []
        emitNext(values)
        emitCompleted()
    }

    /// Lets go of the values.
    @inlinable
    func releaseState() {
        collected = []
    }
}
