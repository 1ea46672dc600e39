// deliverOnMainActor(): a delivery onto the main actor whose callbacks are `@MainActor` closures,
// so that the compiler, not the runtime check, keeps a main-actor UI layer's isolation.

extension Signal {
    /// RAC: none (RAC's `-deliverOnMainThread`, with main-actor types). Delivers every event on
    /// the main actor, as `deliverOnMainThread()` does (at once when sent on the main thread or
    /// main queue with nothing queued, otherwise on `Scheduler.main`, in order), and returns it
    /// as a `MainActorSignal`, whose `subscribe(next:error:completed:)`, `observe(_:)` and `<~`
    /// take `@MainActor` closures and targets: a main-actor view subscribes to a view model's
    /// signal with no `MainActor.assumeIsolated` of its own, and the compiler checks its
    /// closures as main-actor code.
    ///
    /// ```
    /// self (background):        -a-b-|
    /// deliverOnMainActor():     --a-b-|    (on the main queue; callbacks are @MainActor)
    /// ```
    ///
    /// An unread badge, a main-actor object, kept up to date with no `assumeIsolated`:
    ///
    /// ```swift
    /// @MainActor final class UnreadBadge { var text = "" }
    /// let badge = await UnreadBadge()
    /// let unread = Subject<Int, Never>()
    /// let subscription = unread.map { "\($0) unread" }
    ///     .deliverOnMainActor()
    ///     .subscribe(next: { badge.text = $0 })   // a @MainActor closure
    /// await MainActor.run {
    ///     unread.sendNext(3)      // sent on the main actor: delivered at once
    ///     print(badge.text)       // 3 unread
    /// }
    /// subscription.dispose()
    /// ```
    ///
    /// - Returns: a `MainActorSignal` of the same events, delivered on the main actor; it completes
    ///   and fails when this signal does.
    public func deliverOnMainActor() -> MainActorSignal<Value, Failure> {
        MainActorSignal(deliveringOnMainActor: deliverOnMainThread())
    }
}

/// A signal that delivers its events on the main actor (`Signal.deliverOnMainActor()`): its
/// callbacks are `@MainActor` closures. RAC: none.
///
/// On Linux the main queue runs only while the main thread drains it (`dispatchMain()`,
/// `RunLoop.main.run()`, or an `async` main, which drains it as the main actor's executor).
///
/// ```
/// viewModel.title.deliverOnMainActor().subscribe(next: { label.text = $0 })   // @MainActor closure
/// label.rac[\.text] <~ viewModel.title.deliverOnMainActor()
/// ```
public struct MainActorSignal<Value, Failure: Error>: Sendable {
    /// The underlying signal, which delivers on the main thread or main queue.
    ///
    /// ```
    /// signal:   --a-b-|   (on the main queue)
    /// ```
    public let signal: Signal<Value, Failure>

    init(deliveringOnMainActor signal: Signal<Value, Failure>) {
        self.signal = signal
    }
}

// The callbacks take the values onto the main actor, as Swift 6 allows for `Sendable` values only.
extension MainActorSignal where Value: Sendable {

    /// Subscribes with optional main-actor closures; an event without a closure is ignored. Each
    /// runs on the main actor (checked with `MainActor.assumeIsolated`). RAC: `-subscribeNext:
    /// error:completed:` after `-deliverOnMainThread`.
    ///
    /// ```
    /// events (any thread):   -1-2-|
    /// callbacks (main):      --next(1) next(2) completed()
    /// ```
    ///
    /// - Parameters:
    ///   - next: runs on the main actor with each value; `nil` to ignore values.
    ///   - error: runs on the main actor with the error; `nil` to ignore it.
    ///   - completed: runs on the main actor at the completion; `nil` to ignore it.
    /// - Returns: a disposable that ends the subscription.
    @discardableResult
    public func subscribe(
        next: (@MainActor (Value) -> Void)? = nil,
        error: (@MainActor (Failure) -> Void)? = nil,
        completed: (@MainActor () -> Void)? = nil
    ) -> any Disposable {
        signal.subscribe(
            next: next.map { next in { value in MainActor.assumeIsolated { next(value) } } },
            error: error.map { error in { failure in MainActor.assumeIsolated { error(failure) } } },
            completed: completed.map { completed in { MainActor.assumeIsolated { completed() } } },
            isolation: nil)
    }

    /// Subscribes a main-actor closure that receives every event. RAC: none.
    ///
    /// ```
    /// events (any thread):   -1-|
    /// handler (main):        --.next(1) .completed
    /// ```
    ///
    /// - Parameter handler: runs on the main actor with every event.
    /// - Returns: a disposable that ends the subscription.
    @discardableResult
    public func observe(_ handler: @escaping @MainActor (Event<Value, Failure>) -> Void) -> any Disposable {
        signal.observe({ event in MainActor.assumeIsolated { handler(event) } }, isolation: nil)
    }
}

/// Binds `source`, delivered on the main actor, one way into `target` (a target made on the main
/// actor: `label.rac[\.text]` in a `@MainActor` view). RAC: `RAC(object, key) = signal` after
/// `-deliverOnMainThread`.
///
/// ```
/// label.rac[\.text] <~ viewModel.title.deliverOnMainActor()
/// title (background):   -a--b-|
/// label.text (main):    --a--b
/// ```
///
/// - Parameters:
///   - target: where the values are written, on the main actor.
///   - source: the main-actor signal whose values are written.
/// - Returns: a disposable that ends the binding.
@discardableResult
public func <~ <Value>(target: BindingTarget<Value>, source: MainActorSignal<Value, Never>) -> any Disposable
{
    target.bind(source.signal)
}

/// Binds `source`, delivered on the main actor, one way into `property`. RAC: none.
///
/// ```
/// property <~ signal.deliverOnMainActor()
/// signal (background):     -a--b-|
/// property.value (main):  z--a--b
/// ```
///
/// - Parameters:
///   - property: the property set by each value, on the main actor; not retained.
///   - source: the main-actor signal whose values are set.
/// - Returns: a disposable that ends the binding.
@discardableResult
public func <~ <Value>(property: MutableProperty<Value>, source: MainActorSignal<Value, Never>)
    -> any Disposable
{
    property.bindingTarget.bind(source.signal)
}
