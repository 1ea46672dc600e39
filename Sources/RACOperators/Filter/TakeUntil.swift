// take(until:) with a trigger, take(untilReplacement:) and TakeUntilLinks: two inputs, so no stage.

extension Signal {
    /// RAC: `-takeUntil:`. Forwards the source until `trigger` sends a value or completes; then
    /// completes, disposing both. An error from the trigger is ignored (the source goes on). The
    /// trigger is subscribed first: if it fires during that subscription, the source is never
    /// subscribed. When the source terminates, the trigger is disposed.
    ///
    /// ```
    /// self:                -1-2-3-4-|
    /// trigger:             -----x-
    /// take(until: trigger): -1-2-|
    /// ```
    @inlinable
    public func take<TriggerValue, TriggerFailure>(
        until trigger: Signal<TriggerValue, TriggerFailure>
    ) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -takeUntil: \(trigger)")) { subscriber in
            // RAC's order: the trigger and the source are disposed before the completion is sent.
            // Both handlers reach both subscribers through `links`, which does not hold them.
            let links = TakeUntilLinks()
            let source = Subscriber<Value, Failure> { event in
                if case .completed = event { links.disposeTrigger() }
                subscriber.send(event)
            }
            let triggerSubscriber = Subscriber<TriggerValue, TriggerFailure> { event in
                if case .error = event { return }
                links.disposeTrigger()
                links.disposeSource()
                subscriber.sendCompleted()
            }
            links.set(trigger: triggerSubscriber, source: source)
            subscriber.link(triggerSubscriber)
            subscriber.link(source)
            return self.subscribe(source, after: trigger, subscribedWith: triggerSubscriber)
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
    @inlinable
    public func take(untilReplacement replacement: Signal<Value, Failure>) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -takeUntilReplacement: \(replacement)")) {
            subscriber in
            let source = Subscriber<Value, Failure> { event in
                switch event {
                case .next(let value): subscriber.sendNext(value)
                case .error(let failure): subscriber.sendError(failure)
                case .completed: break
                }
            }
            let replacing = Subscriber<Value, Failure> { event in
                source.dispose()
                subscriber.send(event)
            }
            subscriber.link(source)
            subscriber.link(replacing)
            return self.subscribe(source, after: replacement, subscribedWith: replacing)
        }
    }
}

extension Signal {
    /// The end of the set-up of `take(until:)` and `take(untilReplacement:)`: subscribes
    /// `otherSubscriber` to `other` first, then `source` to this signal, unless `other` has
    /// already ended the subscription (disposing `source`). Returns no disposable of its own.
    @inlinable
    func subscribe<OtherValue, OtherFailure>(
        _ source: Subscriber<Value, Failure>, after other: Signal<OtherValue, OtherFailure>,
        subscribedWith otherSubscriber: Subscriber<OtherValue, OtherFailure>
    ) -> (any Disposable)? {
        other.subscribe(otherSubscriber)
        guard !source.isDisposed else { return nil }
        subscribe(source)
        return nil
    }
}

/// The two subscribers of one `take(until:)` subscription, as both handlers reach them: linked,
/// not held (see `UnownedDisposable`), since each handler is held by its subscriber and holds this
/// object. The links are set once, before either subscriber is subscribed.
@usableFromInline
final class TakeUntilLinks: @unchecked Sendable {
    @exclusivity(unchecked) private var trigger: UnownedDisposable?
    @exclusivity(unchecked) private var source: UnownedDisposable?

    /// No links yet: `set(trigger:source:)` sets them.
    @usableFromInline
    init() {}

    deinit {
        trigger?.release()
        source?.release()
    }

    /// Links the trigger's and the source's subscribers (once, before subscribing either).
    @usableFromInline
    func set(trigger: any Disposable, source: any Disposable) {
        self.trigger = UnownedDisposable(trigger)
        self.source = UnownedDisposable(source)
    }

    /// Disposes the trigger's subscriber, if it is still alive.
    @usableFromInline
    func disposeTrigger() {
        trigger?.dispose()
    }

    /// Disposes the source's subscriber, if it is still alive.
    @usableFromInline
    func disposeSource() {
        source?.dispose()
    }
}
