/// The object of one subscription of a framework-made stage: an operator's state and the
/// subscriber it feeds, or the callbacks of `subscribe(next:error:completed:)`. A subscriber made
/// with `Subscriber(stage:sharing:)` holds it in place of a handler and calls its `receive` for
/// each event, under the subscriber's delivery lock, in grammar, never after a terminal event.
///
/// RAC: none (the blocks an operator's `-subscribeNext:error:completed:` captured).
///
/// ```
/// upstream:  -1-2-|      Subscriber(stage: s) → s.receive(.next(1)), s.receive(.next(2)), s.receive(.completed)
/// ```
@usableFromInline
package protocol SubscriptionStage<Value, Failure>: AnyObject {
    associatedtype Value
    associatedtype Failure: Error
    /// Handles one event; the subscriber has checked that it may be delivered.
    func receive(_ event: inout Event<Value, Failure>)
}

extension SubscriptionStage {
    /// The `dispatch` of a subscriber whose box is a stage of this type (see `Subscriber.dispatch`):
    /// it calls `receive` directly. A closure that captures nothing once specialised for the
    /// concrete stage type, which is why it is inlined where that type is known.
    @inlinable @inline(__always)
    package static var dispatch: (AnyObject, UnsafeMutableRawPointer) -> Void {
        { object, event in
            unsafeDowncast(object, to: Self.self).receive(
                &event.assumingMemoryBound(to: Event<Value, Failure>.self).pointee)
        }
    }
}

/// The stage of a subscriber made from optional callbacks (`subscribe(next:error:completed:)`,
/// `Subscriber(next:error:completed:)`): one object for the three closures. A missing closure
/// ignores its event.
///
/// ```
/// events:     -1-2-|
/// callbacks:  next(1) next(2) completed()
/// ```
@usableFromInline
package final class CallbackStage<Value, Failure: Error>: SubscriptionStage {
    @usableFromInline let next: ((Value) -> Void)?
    @usableFromInline let error: ((Failure) -> Void)?
    @usableFromInline let completed: (() -> Void)?

    @inlinable
    package init(next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?) {
        self.next = next
        self.error = error
        self.completed = completed
    }

    @inlinable @inline(__always)
    package func receive(_ event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value): next?(value)
        case .error(let failure): error?(failure)
        case .completed: completed?()
        }
    }
}
