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
        lock.lock()
        if disposed {
            lock.unlock()
            inner.dispose()
            return
        }
        let previous = current
        current = UnownedDisposable(inner)
        lock.unlock()
        previous?.disposeAndRelease()
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
