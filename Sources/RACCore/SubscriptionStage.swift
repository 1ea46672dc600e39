/// What a `Subscriber` hands its events to: the stage of one subscription. Every subscriber holds
/// exactly one stage and calls it for each event it may deliver (serialised, in grammar, never
/// after a terminal event). An operator's stage is the subscriber itself (an `OperatorStage`
/// subclass that implements `receive(_:)`); a subscriber made from closures holds a small stage
/// object that calls them (`ClosureStage`, `CallbackStage`).
///
/// RAC: none (the blocks an operator's `-subscribeNext:error:completed:` captured).
///
/// ```
/// upstream:  -1-2-|      stage.receive(1), stage.receive(2), stage.receiveCompleted()
/// ```
@usableFromInline
package protocol SubscriptionStage<Value, Failure>: AnyObject {
    associatedtype Value
    associatedtype Failure: Error

    /// Handles one value.
    func receive(_ value: Value)
    /// Handles the error that ends the subscription.
    func receive(error: Failure)
    /// Handles the completion that ends the subscription.
    func receiveCompleted()
    /// Lets go of what the stage kept from its events (an accumulation, a last value) once its
    /// subscription has stopped. The default keeps nothing.
    func releaseState()
}

extension SubscriptionStage {
    /// Keeps nothing.
    @inlinable
    package func releaseState() {}

    /// How a subscriber calls a stage of this type (`Subscriber.dispatch`): with the address of an
    /// event, or with `nil` once the subscription has stopped (`releaseState()`).
    @inlinable @inline(__always)
    package static var dispatch: (AnyObject, UnsafeMutableRawPointer?) -> Void {
        // A closure that captures nothing: specialised where the stage's type is known, it calls
        // the stage's methods directly (see Docs/Internals.md, "dispatch").
        { object, address in
            let stage = unsafeDowncast(object, to: Self.self)
            guard let address else {
                stage.releaseState()
                return
            }
            switch address.assumingMemoryBound(to: Event<Value, Failure>.self).pointee {
            case .next(let value): stage.receive(value)
            case .error(let failure): stage.receive(error: failure)
            case .completed: stage.receiveCompleted()
            }
        }
    }
}

/// The stage of `Subscriber(_ handler:)`: one closure that receives every event.
///
/// ```
/// events:   -1-2-|
/// handler:  .next(1) .next(2) .completed
/// ```
@usableFromInline
package final class ClosureStage<Value, Failure: Error>: SubscriptionStage {
    @usableFromInline let handler: (Event<Value, Failure>) -> Void

    @inlinable
    package init(_ handler: @escaping (Event<Value, Failure>) -> Void) {
        self.handler = handler
    }

    @inlinable @inline(__always)
    package func receive(_ value: Value) {
        handler(.next(value))
    }

    @inlinable
    package func receive(error: Failure) {
        handler(.error(error))
    }

    @inlinable
    package func receiveCompleted() {
        handler(.completed)
    }
}

/// The stage of `subscribe(next:error:completed:)` and `Subscriber(next:error:completed:)`: its
/// three optional closures in one object. A missing closure ignores its event.
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
    package func receive(_ value: Value) {
        next?(value)
    }

    @inlinable
    package func receive(error failure: Failure) {
        error?(failure)
    }

    @inlinable
    package func receiveCompleted() {
        completed?()
    }
}
