/// One scheduled action and the disposable that cancels it.
///
/// The closure is released as soon as the action is disposed or (for a one-shot action) has run,
/// so nothing it captured outlives the cancellation even while the scheduler still holds this box.
final class ScheduledAction: Disposable, @unchecked Sendable {
    private let lock = PthreadLock()
    private var action: (() -> Void)?
    private var disposed = false

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    /// Whether `dispose()` has been called.
    var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// Whether the action is still waiting: neither run (as a one-shot) nor disposed.
    var isPending: Bool {
        lock.withLock { action != nil }
    }

    /// Cancels the action and releases its closure (outside the lock: releasing may run deinits).
    func dispose() {
        let released: (() -> Void)? = lock.withLock {
            disposed = true
            defer { action = nil }
            return action
        }
        withExtendedLifetime(released) {}
    }

    /// Runs the action once unless it was disposed, and releases it.
    func runOnce() {
        let toRun: (() -> Void)? = lock.withLock {
            defer { action = nil }
            return action
        }
        toRun?()
    }

    /// Runs the action unless it was disposed, keeping it for the next tick.
    func runRepeating() {
        let toRun = lock.withLock { action }
        toRun?()
    }
}
