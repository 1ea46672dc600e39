/// A disposable that disposes what it wraps when it is itself deallocated.
///
/// RAC: `RACScopedDisposable` / `-asScopedDisposable`. Keep it in a property or a local to tie a
/// subscription to that owner's lifetime.
///
/// ```
/// let scoped = ScopedDisposable(subscription)
/// ... scope ends, scoped is released -> subscription.dispose()
/// ```
public final class ScopedDisposable: Disposable, @unchecked Sendable {
    /// The disposable disposed when this one is disposed or deallocated.
    public let inner: any Disposable

    /// Wraps `inner`, disposing it on deinit.
    public init(_ inner: any Disposable) {
        self.inner = inner
    }

    /// Wraps an action that runs on dispose or deinit, whichever comes first.
    public convenience init(_ action: @escaping () -> Void) {
        self.init(ActionDisposable(action))
    }

    deinit {
        inner.dispose()
    }

    /// Whether the wrapped disposable is disposed.
    public var isDisposed: Bool { inner.isDisposed }

    /// Disposes the wrapped disposable now.
    public func dispose() {
        inner.dispose()
    }
}

extension Disposable {
    /// Wraps this disposable so that it is disposed when the wrapper is deallocated.
    /// RAC: `-asScopedDisposable`.
    public func scoped() -> ScopedDisposable {
        if let already = self as? ScopedDisposable {
            return already
        }
        return ScopedDisposable(self)
    }
}
