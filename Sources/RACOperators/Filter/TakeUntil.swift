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
