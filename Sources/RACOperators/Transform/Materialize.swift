// materialize and dematerialize: events as values and back, with their stages.

extension Signal {
    /// RAC: `-materialize`. Sends every event, the terminal one included, as a value, then
    /// completes. The result never fails.
    ///
    /// ```
    /// self:           -a-b-#
    /// materialize():  -A-B-(E|)     A = .next(a), B = .next(b), E = .error(e)
    /// ```
    ///
    /// A sync log that records the failure too, as an ordinary value:
    ///
    /// ```swift
    /// enum SyncError: Error { case conflict }
    /// let sync = Subject<Int, SyncError>()         // files synced so far
    /// let subscription = sync.materialize().subscribe(
    ///     next: { print("sync:", $0) }, completed: { print("log closed") })
    /// sync.sendNext(3)              // sync: next(3)
    /// sync.sendError(.conflict)     // sync: error(conflict), then log closed
    /// subscription.dispose()
    /// ```
    ///
    /// - Returns: a signal of this signal's events as `Event` values, the terminal one included; it
    ///   completes after that one and never fails.
    @inlinable
    public func materialize() -> Signal<Event<Value, Failure>, Never> {
        lift(MaterializeStage.self, (), named: SignalDebugNames.name("[\(self.name)] -materialize"))
    }
}

extension Signal where Failure == Never {
    /// RAC: `-dematerialize`. The inverse of `materialize()`: for a signal of events, sends each
    /// `.next` value, and ends with the first `.error` or `.completed` value (disposing the
    /// source). If the source completes first, the result completes.
    ///
    /// ```
    /// self:             -A-B-E-     A = .next(a), B = .next(b), E = .error(e)
    /// dematerialize():  -a-b-#
    /// ```
    ///
    /// - Returns: a signal of the `.next` values; it ends as the first `.error` or `.completed`
    ///   value says, or completes when this signal completes.
    @inlinable
    public func dematerialize<EventValue, EventFailure>() -> Signal<EventValue, EventFailure>
    where Value == Event<EventValue, EventFailure> {
        lift(DematerializeStage.self, (), named: SignalDebugNames.name("[\(self.name)] -dematerialize"))
    }
}

/// A subscription of `materialize()`: sends every event as a value, then completes after the
/// terminal one.
///
/// ```
/// -a-b-#  →  -A-B-(E|)     A = .next(a), B = .next(b), E = .error(e)
/// ```
@usableFromInline
final class MaterializeStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Event<Value, Failure>, Never>, LiftableStage, @unchecked Sendable
{
    @inlinable
    init(_: Void, feeding downstream: Subscriber<Event<Value, Failure>, Never>) {
        super.init(feeding: downstream, as: MaterializeStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        emitNext(.next(value))
    }

    /// Sends the error as a value, then completes.
    @inlinable
    func receive(error failure: Failure) {
        emitNext(.error(failure))
        emitCompleted()
    }

    /// On completion, sends the completion as a value, then completes.
    @inlinable
    func receiveCompleted() {
        emitNext(.completed)
        emitCompleted()
    }
}

/// A subscription of `dematerialize()`: sends each event value as an event; a terminal one
/// disposes this stage (and so the source) first.
///
/// ```
/// -A-B-E-  →  -a-b-#     A = .next(a), B = .next(b), E = .error(e)
/// ```
@usableFromInline
final class DematerializeStage<EventValue, EventFailure: Error>:
    OperatorStage<Event<EventValue, EventFailure>, Never, EventValue, EventFailure>, LiftableStage,
    @unchecked Sendable
{
    @inlinable
    init(_: Void, feeding downstream: Subscriber<EventValue, EventFailure>) {
        super.init(feeding: downstream, as: DematerializeStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ inner: Event<EventValue, EventFailure>) {
        // As RAC: the source is disposed before the terminal event is sent.
        if inner.isTerminal { dispose() }
        emit(inner)
    }

    /// The source never fails.
    @inlinable
    func receive(error _: Never) {}
}
