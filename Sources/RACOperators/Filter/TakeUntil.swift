// take(until:) with a trigger and take(untilReplacement:): two inputs, so no stage, but one state
// each (Combine/MultiInput.swift), which ends an input itself through its `InputLinks`.

extension Signal {
    /// RAC: `-takeUntil:`. Forwards the source until `trigger` sends a value or completes; then
    /// completes, disposing both. An error from the trigger is ignored (the source goes on). The
    /// trigger is subscribed first: if it fires during that subscription, the source is never
    /// subscribed. When the source terminates, the trigger is disposed.
    ///
    /// Peers: the trigger's completion ends the result and its error is ignored, as in
    /// ReactiveSwift. RxSwift's `take(until:)` does the other way round: the trigger's
    /// completion is ignored and its error is forwarded. Combine's `prefix(untilOutputFrom:)`
    /// ignores both. To end on a value only, pass `trigger.concat(Signal.never)`.
    ///
    /// ```
    /// self:                         -1-2-3-4-|
    /// trigger:                      -----x-
    /// take(until: trigger):         -1-2-|
    /// trigger ending:               -----|
    /// take(until: trigger ending):  -1-2-|         (its completion ends the result)
    /// trigger failing:              -----#
    /// take(until: trigger failing): -1-2-3-4-|     (its error is ignored)
    /// RxSwift, trigger ending:      -1-2-3-4-|
    /// RxSwift, trigger failing:     -1-2-#
    /// ```
    ///
    /// - Parameter trigger: The signal whose first value, or completion, ends the result; its error is
    ///   ignored.
    /// - Returns: A signal that forwards this signal's events until `trigger` sends a value or
    ///   completes, then completes, disposing both; it fails with this signal's error.
    ///
    /// ```swift
    /// let downloadProgress = Subject<Int, Never>()
    /// let cancelButton = Subject<Void, Never>()
    /// let shown = downloadProgress.take(until: cancelButton)
    /// let subscription = shown.subscribe(next: { print("\($0)%") }, completed: { print("cancelled") })
    /// downloadProgress.sendNext(10)   // prints 10%
    /// cancelButton.sendNext(())       // prints cancelled
    /// downloadProgress.sendNext(20)   // prints nothing
    /// subscription.dispose()
    /// ```
    @inlinable
    public func take<TriggerValue, TriggerFailure>(
        until trigger: Signal<TriggerValue, TriggerFailure>
    ) -> Signal<Value, Failure> {
        .pairInputs(self, trigger, named: SignalDebugNames.name("[\(self.name)] -takeUntil: \(trigger)")) {
            TakeUntilState(downstream: $0)
        }
    }

    /// RAC: `-takeUntilReplacement:`. Forwards the source until `replacement` sends its first
    /// event; from then on forwards only `replacement` (the source is disposed). The source's
    /// completion is not forwarded (the result waits for the replacement); its error is. The
    /// replacement is subscribed first: if it sends during that subscription, the source is never
    /// subscribed.
    ///
    /// ```
    /// self:                          -1-2-3-|
    /// replacement:                   -----a-b-|
    /// take(untilReplacement: r):     -1-2-a-b-|
    /// ```
    ///
    /// - Parameter replacement: The signal whose first event ends this signal's part: the result
    ///   forwards only `replacement` from then on.
    /// - Returns: A signal that forwards this signal's values (and its error) until `replacement`
    ///   sends its first event, then `replacement`'s events; it completes when `replacement` does.
    @inlinable
    public func take(untilReplacement replacement: Signal<Value, Failure>) -> Signal<Value, Failure> {
        let name = SignalDebugNames.name("[\(self.name)] -takeUntilReplacement: \(replacement)")
        return .pairInputs(self, replacement, named: name) { TakeUntilReplacementState(downstream: $0) }
    }
}

/// One subscription of `take(until:)` with a trigger: the source is the left input, the trigger the
/// right one, subscribed first. Its methods run under the delivery lock that both inputs share with
/// `downstream`.
@usableFromInline
final class TakeUntilState<Value, Failure: Error, TriggerValue, TriggerFailure: Error>:
    TriggerFirstState<Value, Failure>, PairInputState, @unchecked Sendable
{
    /// Keeps the source's subscriber (0) and the trigger's (1), which the state disposes itself.
    @inlinable
    func attach(left: Subscriber<Value, Failure>, right: Subscriber<TriggerValue, TriggerFailure>) {
        inputs.add(left)
        inputs.add(right)
    }

    /// The source: forwarded; its completion disposes the trigger first (its error does, through
    /// the downstream's end).
    @inlinable
    func receiveLeft(_ event: Event<Value, Failure>) {
        if case .completed = event { inputs.dispose(at: 1) }
        downstream.send(event)
    }

    /// The trigger: a value or the completion disposes the trigger and the source, then completes
    /// (RAC's order); an error is ignored.
    @inlinable
    func receiveRight(_ event: Event<TriggerValue, TriggerFailure>) {
        if case .error = event { return }
        inputs.dispose(at: 1)
        inputs.dispose(at: 0)
        downstream.sendCompleted()
    }
}

/// One subscription of `take(untilReplacement:)`: the source is the left input, the replacement
/// the right one, subscribed first. Its methods run under the delivery lock that both inputs share
/// with `downstream`.
@usableFromInline
final class TakeUntilReplacementState<Value, Failure: Error>:
    TriggerFirstState<Value, Failure>, PairInputState, @unchecked Sendable
{
    /// Keeps the source's subscriber (0), which the replacement's first event disposes.
    @inlinable
    func attach(left: Subscriber<Value, Failure>, right _: Subscriber<Value, Failure>) {
        inputs.add(left)
    }

    /// The source: its values and its error are forwarded, its completion is not.
    @inlinable
    func receiveLeft(_ event: Event<Value, Failure>) {
        switch event {
        case .next(let value): downstream.sendNext(value)
        case .error(let failure): downstream.sendError(failure)
        case .completed: break
        }
    }

    /// The replacement: every event disposes the source, then is forwarded.
    @inlinable
    func receiveRight(_ event: Event<Value, Failure>) {
        inputs.dispose(at: 0)
        downstream.send(event)
    }
}

/// What the two states above share: the downstream, the inputs' subscribers they dispose
/// themselves (`InputLinks`), and the order of subscription: the right input (the trigger, the
/// replacement) first, so that if it fires while it is subscribed, the source is never
/// subscribed.
@usableFromInline
class TriggerFirstState<Value, Failure: Error>: @unchecked Sendable {
    @usableFromInline let downstream: Subscriber<Value, Failure>
    @usableFromInline let inputs = InputLinks()

    @inlinable
    init(downstream: Subscriber<Value, Failure>) {
        self.downstream = downstream
    }

    /// The right input first.
    @inlinable
    static var subscribesRightFirst: Bool { true }
}
