/// A disposable that runs a closure once, on the first `dispose()`.
///
/// RAC: `+[RACDisposable disposableWithBlock:]`. A disposable made with no action reports
/// `isDisposed == false` until disposed.
///
/// ```
/// dispose() dispose() dispose()
///    |         |         |
///  action     ---       ---      (the action runs once)
/// ```
public final class ActionDisposable: Disposable, @unchecked Sendable {
    private let lock = PthreadLock()
    private var action: (() -> Void)?
    private var disposed = false

    /// Creates a disposable whose `dispose()` runs `action` once; `nil` does nothing but record it.
    public init(_ action: (() -> Void)? = nil) {
        self.action = action
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// Runs the action the first time; later calls do nothing. The action runs outside the lock,
    /// and it is released at once so that nothing it captured outlives the disposal.
    public func dispose() {
        let toRun: (() -> Void)? = lock.withLock {
            guard !disposed else { return nil }
            disposed = true
            defer { action = nil }
            return action
        }
        toRun?()
    }
}
