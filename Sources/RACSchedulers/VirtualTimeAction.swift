/// One action on a `VirtualTimeScheduler`, and the disposable that cancels it.
///
/// Its mutable state is guarded by the timeline's lock. Disposing releases the closure at once and
/// leaves the heap entry behind to be skipped (the timeline compacts the heap when such entries
/// pile up).
final class VirtualTimeAction: Disposable, @unchecked Sendable {
    private let lock: PthreadLock
    private weak var timeline: VirtualTimeline?
    /// Guarded by `lock`.
    var closure: (() -> Void)?
    /// The repeat interval in nanoseconds, or `nil` for a one-shot action.
    let interval: Int64?
    /// Guarded by `lock`: whether the action sits in the timeline's heap.
    var isQueued = false
    /// Guarded by `lock`.
    var disposed = false

    init(timeline: VirtualTimeline, interval: Int64?, closure: @escaping () -> Void) {
        self.lock = timeline.lock
        self.timeline = timeline
        self.interval = interval
        self.closure = closure
    }

    var isDisposed: Bool {
        lock.withLock { disposed }
    }

    func dispose() {
        let released: (() -> Void)? = lock.withLock {
            guard !disposed else { return nil }
            disposed = true
            if isQueued {
                timeline?.noteCancelledEntry()
            }
            defer { closure = nil }
            return closure
        }
        withExtendedLifetime(released) {}
    }
}
