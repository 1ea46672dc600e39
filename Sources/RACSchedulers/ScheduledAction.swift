/// One scheduled action and the disposable that cancels it.
///
/// The closure is released as soon as the action is disposed or (for a one-shot action) has run,
/// so nothing it captured outlives the cancellation even while the scheduler still holds this box.
final class ScheduledAction: Disposable, @unchecked Sendable {
    private let lock = PthreadLock()
    private var action: (() -> Void)?
    private var disposed = false
    /// The count of due actions that counts this one (`DueActions`, for `BlockingWaitWatch`),
    /// once it is due; it stops being counted when it runs or is disposed.
    private var countedAsDue: DueActions?

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

    /// Counts the action among `dueActions`, its scheduler's due actions (`BlockingWaitWatch`),
    /// until it runs or is disposed. Returns `false`, counting nothing, if it is gone already.
    @discardableResult
    func countAsDue(in dueActions: DueActions) -> Bool {
        let counted = lock.withLock { () -> Bool in
            guard action != nil else { return false }
            countedAsDue = dueActions
            return true
        }
        if counted { dueActions.actionBecameDue() }
        return counted
    }

    /// Cancels the action and releases its closure (outside the lock: releasing may run deinits).
    func dispose() {
        let (released, counted) = lock.withLock { () -> ((() -> Void)?, DueActions?) in
            disposed = true
            defer {
                action = nil
                countedAsDue = nil
            }
            return (action, countedAsDue)
        }
        counted?.dueActionLeft()
        releaseAfterUnlock(released)
    }

    /// Runs the action once unless it was disposed, and releases it.
    func runOnce() {
        let (toRun, counted) = lock.withLock { () -> ((() -> Void)?, DueActions?) in
            defer {
                action = nil
                countedAsDue = nil
            }
            return (action, countedAsDue)
        }
        counted?.dueActionLeft()
        toRun?()
    }

    /// Runs the action unless it was disposed, keeping it for the next tick.
    func runRepeating() {
        let toRun = lock.withLock { action }
        toRun?()
    }
}

/// Keeps `closure` alive until this call, then lets it go: for an action's closure taken out
/// under a lock and released after it (its captures' deinitialisers may run any code). The
/// non-generic form of `withExtendedLifetime(closure) {}`, which reabstracts a closure and so
/// allocates.
@inline(never)
func releaseAfterUnlock(_ closure: (() -> Void)?) {}
