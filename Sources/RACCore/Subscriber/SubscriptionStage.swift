/// What a `Subscriber` hands its events to: the stage of one subscription. Every subscriber holds
/// exactly one stage and calls it for each event it may deliver (serialised, in grammar, never
/// after a terminal event). An operator's stage is the subscriber itself (an `OperatorStage`
/// subclass that implements `receive(_:)`); a subscriber made from closures holds a small stage
/// object that calls them (`ClosureStage`, `CallbackStage`).
///
/// RAC: none (the blocks an operator's `-subscribeNext:error:completed:` captured).
///
/// ```
/// upstream:  -1-2-|      stage.receive(event: .next(1)), … .next(2)), … .completed)
/// ```
@usableFromInline
package protocol SubscriptionStage<Value, Failure>: AnyObject {
    associatedtype Value
    associatedtype Failure: Error

    /// Handles one event. An operator's stage (`LiftableStage`) gets this from its
    /// `receive(_ value:)`, `receive(error:)` and `receiveCompleted()`.
    func receive(event: inout Event<Value, Failure>)
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
        // A closure that captures nothing once specialised where the stage's type is known: it
        // calls the stage's methods directly (Docs/Internals.md, "The walk of one value"). The event is passed
        // by address, so that unspecialised code neither copies it nor looks up its metadata.
        { object, address in
            guard let address else {
                unsafeDowncast(object, to: Self.self).releaseState()
                return
            }
            unsafeDowncast(object, to: Self.self).receive(
                event: &address.assumingMemoryBound(to: Event<Value, Failure>.self).pointee)
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
    package func receive(event: inout Event<Value, Failure>) {
        handler(event)
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
    package func receive(event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value): next?(value)
        case .error(let failure): error?(failure)
        case .completed: completed?()
        }
    }
}

/// The stage of `subscribe(next:error:completed:)` and `observe(_:)` called from an actor-isolated
/// context: before each callback, it checks that the event is delivered on that actor
/// (`IsolatedCallSite.check`), since Swift 6 isolates the closures to it. Nonisolated callers get
/// `CallbackStage` or `ClosureStage`, which check nothing.
///
/// ```
/// events (on the actor):      -1-2-|    next(1) next(2) completed()
/// events (off the actor):     -1        stops the process, naming the callback, actor and thread
/// ```
@usableFromInline
package final class IsolatedCallbackStage<Value, Failure: Error>: SubscriptionStage {
    @usableFromInline let next: ((Value) -> Void)?
    @usableFromInline let error: ((Failure) -> Void)?
    @usableFromInline let completed: (() -> Void)?
    @usableFromInline let site: IsolatedCallSite

    @inlinable
    package init(
        next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?,
        site: IsolatedCallSite
    ) {
        self.next = next
        self.error = error
        self.completed = completed
        self.site = site
    }

    @inlinable
    package func receive(event: inout Event<Value, Failure>) {
        switch event {
        case .next(let value):
            guard let next else { return }
            site.check("next")
            next(value)
        case .error(let failure):
            guard let error else { return }
            site.check("error")
            error(failure)
        case .completed:
            guard let completed else { return }
            site.check("completed")
            completed()
        }
    }
}
