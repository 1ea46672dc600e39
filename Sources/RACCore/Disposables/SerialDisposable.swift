/// A disposable holding one inner disposable that can be swapped.
///
/// RAC: `RACSerialDisposable`. Setting `inner` disposes the one it replaces; once the serial
/// disposable is disposed, every later inner is disposed at once and `inner` stays `nil`.
///
/// ```
/// inner = a   inner = b   dispose()   inner = c
///              a disposed  b disposed  c disposed at once
/// ```
public final class SerialDisposable: Disposable, @unchecked Sendable {
    /// Guards the fields below; its critical sections never call out (disposal runs outside).
    private let lock = SpinLock()
    @exclusivity(unchecked) private var current: (any Disposable)?
    @exclusivity(unchecked) private var disposed = false

    /// Creates a serial disposable, optionally holding `inner` already.
    public init(_ inner: (any Disposable)? = nil) {
        current = inner
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// The inner disposable. Setting it disposes the previous one (or the new one, if this serial
    /// disposable is disposed already).
    public var inner: (any Disposable)? {
        get { lock.withLock { current } }
        set { swap(newValue)?.dispose() }
    }

    /// Replaces the inner disposable and returns the previous one *without* disposing it.
    /// RAC: `swapInDisposable:`. If this serial disposable is disposed, `disposable` is disposed at
    /// once and `nil` is returned.
    @discardableResult
    public func swap(_ disposable: (any Disposable)?) -> (any Disposable)? {
        let (previous, accepted): ((any Disposable)?, Bool) = lock.withLock {
            guard !disposed else { return (nil, false) }
            defer { current = disposable }
            return (current, true)
        }
        if !accepted {
            disposable?.dispose()
        }
        return previous
    }

    /// Disposes the inner disposable and every one set later.
    public func dispose() {
        let toDispose: (any Disposable)? = lock.withLock {
            guard !disposed else { return nil }
            disposed = true
            defer { current = nil }
            return current
        }
        toDispose?.dispose()
    }
}
