/// One action on a `VirtualTimeScheduler`, and the disposable that cancels it.
///
/// Its mutable state is guarded by the timeline's lock (and so not checked for exclusive access
/// at run time). Disposing releases the closure at once and
/// leaves the heap entry behind to be skipped (the timeline compacts the heap when such entries
/// pile up).
///
/// It holds its timeline strongly: a queued action and its timeline hold each other until the
/// action runs, is swept out, or the scheduler goes away (`VirtualTimeline.removeAll()`), and an
/// action kept after that keeps only the emptied timeline. (A weak reference cost a side-table
/// reference count per action.)
final class VirtualTimeAction: Disposable, @unchecked Sendable {
    private let timeline: VirtualTimeline
    /// Guarded by the timeline's lock.
    @exclusivity(unchecked) var closure: (() -> Void)?
    /// The repeat interval in nanoseconds, or `nil` for a one-shot action.
    let interval: Int64?
    /// Guarded by the timeline's lock: whether the action sits in the timeline's heap.
    @exclusivity(unchecked) var isQueued = false
    /// Guarded by the timeline's lock.
    @exclusivity(unchecked) var disposed = false

    init(timeline: VirtualTimeline, interval: Int64?, closure: @escaping () -> Void) {
        self.timeline = timeline
        self.interval = interval
        self.closure = closure
    }

    var isDisposed: Bool {
        timeline.lock.withLock { disposed }
    }

    func dispose() {
        // Locked by hand, not with `withLock`: a closure returned through its generic result is
        // reabstracted, which allocates.
        timeline.lock.lock()
        guard !disposed else {
            timeline.lock.unlock()
            return
        }
        disposed = true
        if isQueued {
            timeline.noteCancelledEntry()
        }
        let released = closure
        closure = nil
        timeline.lock.unlock()
        releaseAfterUnlock(released)
    }
}
