// skip(until:) with a trigger signal: two inputs, so no stage, but one state (Combine/MultiInput.swift),
// which disposes the trigger itself once it has fired.

extension Signal {
    /// RAC: none (RxSwift `skip(until:)`). Drops the source's values until `trigger` sends its
    /// first value; from then on forwards them (the trigger is disposed). The trigger is
    /// subscribed first: if it fires during that subscription, every value of the source is sent.
    /// An error from the trigger before it fired ends the result with that error (as RxSwift);
    /// a trigger that completes without a value leaves the gate shut, so the result sends no value
    /// and ends when the source does. The source's error and completion pass at once, and dispose
    /// the trigger.
    ///
    /// ```
    /// self:                  -1-2-3-4-|
    /// trigger:               ----x-
    /// skip(until: trigger):  -----3-4-|
    /// ```
    ///
    /// - Parameter trigger: The signal whose first value opens the gate; its error before that ends
    ///   the result, its completion leaves the gate shut.
    /// - Returns: A signal of this signal's values sent after `trigger`'s first value; it completes or
    ///   fails when this signal does, or fails with `trigger`'s error if that comes first.
    @inlinable
    public func skip<TriggerValue>(until trigger: Signal<TriggerValue, Failure>) -> Signal<Value, Failure> {
        .pairInputs(self, trigger, named: SignalDebugNames.name("[\(self.name)] -skipUntil: \(trigger)")) {
            SkipUntilState(downstream: $0)
        }
    }

    /// RAC: none (RxSwift `skip(until:)`). `skip(until:)` with a trigger that cannot fail, for a
    /// source that can: drops the source's values until `trigger` sends its first value.
    ///
    /// ```
    /// self:                  -1-2-3-#
    /// trigger:               ----x-
    /// skip(until: trigger):  -----3-#
    /// ```
    ///
    /// - Parameter trigger: The signal whose first value opens the gate; its completion leaves the
    ///   gate shut.
    /// - Returns: A signal of this signal's values sent after `trigger`'s first value, which completes
    ///   or fails when this signal does.
    @inlinable
    public func skip<TriggerValue>(until trigger: Signal<TriggerValue, Never>) -> Signal<Value, Failure> {
        skip(until: trigger.promoteError(Failure.self))
    }
}

extension Signal where Failure == Never {
    /// RAC: none (RxSwift `skip(until:)`). `skip(until:)` when neither signal can fail (the
    /// overload that picks the general form where both of the others would apply).
    ///
    /// ```
    /// self:                  -1-2-3-|
    /// trigger:               --x-
    /// skip(until: trigger):  ---2-3-|
    /// ```
    ///
    /// - Parameter trigger: The signal whose first value opens the gate; its completion leaves the
    ///   gate shut.
    /// - Returns: A signal of this signal's values sent after `trigger`'s first value, which completes
    ///   when this signal does.
    @inlinable
    public func skip<TriggerValue>(until trigger: Signal<TriggerValue, Never>) -> Signal<Value, Never> {
        .pairInputs(self, trigger, named: SignalDebugNames.name("[\(self.name)] -skipUntil: \(trigger)")) {
            SkipUntilState(downstream: $0)
        }
    }
}

/// One subscription of `skip(until:)` with a trigger: the source is the left input, the trigger the
/// right one, subscribed first. Its methods run under the delivery lock that both inputs share with
/// `downstream`.
@usableFromInline
final class SkipUntilState<Value, Failure: Error, TriggerValue>:
    TriggerFirstState<Value, Failure>, PairInputState, @unchecked Sendable
{
    /// Whether the trigger has sent a value: the source's values pass from then on.
    @exclusivity(unchecked) @usableFromInline var isOpen = false

    /// Keeps the trigger's subscriber (0), which the state disposes once it has fired.
    @inlinable
    func attach(left _: Subscriber<Value, Failure>, right: Subscriber<TriggerValue, Failure>) {
        inputs.add(right)
    }

    /// The source: its values pass once the gate is open; its end is the end.
    @inlinable
    func receiveLeft(_ event: Event<Value, Failure>) {
        if case .next = event, !isOpen { return }
        downstream.send(event)
    }

    /// The trigger: its first value opens the gate and disposes it; an error before that is the
    /// end; its completion leaves the gate as it is.
    @inlinable
    func receiveRight(_ event: Event<TriggerValue, Failure>) {
        switch event {
        case .next:
            isOpen = true
            inputs.dispose(at: 0)
        case .error(let failure):
            downstream.sendError(failure)
        case .completed:
            break
        }
    }
}
