import Synchronization

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
    // No lock: a disposable costs one allocation.
    /// Set by the first `dispose()`; the thread that sets it is the only one to touch `action`
    /// afterwards.
    private let disposed = Atomic<Bool>(false)
    @exclusivity(unchecked) private var action: (() -> Void)?

    /// Creates a disposable whose `dispose()` runs `action` once; `nil` does nothing but record it.
    public init(_ action: (() -> Void)? = nil) {
        self.action = action
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Runs the action the first time; later calls do nothing. The action is released at once, so
    /// that nothing it captured outlives the disposal.
    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let toRun = action
        action = nil
        toRun?()
    }
}
