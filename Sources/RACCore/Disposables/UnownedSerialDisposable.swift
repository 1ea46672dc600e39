/// A `SerialDisposable` whose inner disposable is linked, not held (see `UnownedDisposable`): for
/// an operator that subscribes to one signal after another (`concat`, `retry`, `switchToLatest`)
/// and whose current inner subscriber's handler holds the operator. Replacing the inner disposes
/// the previous one (if still alive); once disposed, every later inner is disposed at once.
@usableFromInline
package final class UnownedSerialDisposable: Disposable, @unchecked Sendable {
    /// Guards the fields below; its critical sections never call out (disposal runs outside).
    private let lock = SpinLock()
    @exclusivity(unchecked) private var current: UnownedDisposable?
    @exclusivity(unchecked) private var disposed = false

    /// An empty serial disposable.
    @usableFromInline
    package init() {}

    deinit {
        current?.release()
    }

    /// Whether `dispose()` has been called.
    @usableFromInline
    package var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// Makes `inner` the current disposable and disposes the previous one, or disposes `inner` at
    /// once if this serial disposable is disposed already.
    package func replace(with inner: any Disposable) {
        if let previous = swap(in: inner) {
            previous.disposeAndRelease()
        }
    }

    /// `replace(with:)` for a caller that knows the previous disposable needs no disposal (a
    /// subscription that has ended: `SerialSubscription` starts its next signal from the current
    /// one's terminal event): it is only let go of.
    @usableFromInline
    package func replace(afterEndOfPrevious inner: any Disposable) {
        swap(in: inner)?.release()
    }

    /// Makes `inner` the current disposable and returns the previous one, or disposes `inner` at
    /// once (and returns `nil`) if this serial disposable is disposed already.
    private func swap(in inner: any Disposable) -> UnownedDisposable? {
        lock.lock()
        if disposed {
            lock.unlock()
            inner.dispose()
            return nil
        }
        let previous = current
        current = UnownedDisposable(inner)
        lock.unlock()
        return previous
    }

    /// Disposes the current disposable and every one set later.
    @usableFromInline
    package func dispose() {
        lock.lock()
        guard !disposed else {
            lock.unlock()
            return
        }
        disposed = true
        let last = current
        current = nil
        lock.unlock()
        last?.take()?.dispose()
    }
}
