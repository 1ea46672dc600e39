/// The clock and queue of a `VirtualTimeScheduler`, behind one lock.
///
/// Time is an `Int64` count of nanoseconds since the scheduler was created, so it is exact and
/// saturates (at about 292 years) instead of overflowing. The heap's entries hold their actions
/// retained by hand (`VirtualTimeHeap.Entry`).
///
/// Its storage is guarded by `lock` and so is not checked for exclusive access at run time
/// (`@exclusivity(unchecked)`): the lock already makes every access exclusive.
final class VirtualTimeline: @unchecked Sendable {
    /// Guards everything below, and the state of the actions (`VirtualTimeAction`); its critical
    /// sections never call out (closures are released after it is let go).
    let lock = RecursiveLock()
    @exclusivity(unchecked) private var heap = VirtualTimeHeap()
    @exclusivity(unchecked) private var nextSequence: UInt64 = 0
    @exclusivity(unchecked) private var cancelledEntries = 0
    @exclusivity(unchecked) private(set) var now: Int64 = 0

    /// Actions still waiting to run (disposed ones excluded). Read with `lock` held.
    var pendingCount: Int { heap.count - cancelledEntries }

    /// Queues `action` to run `delay` nanoseconds from now.
    func enqueue(_ action: VirtualTimeAction, after delay: Int64) {
        lock.withLock {
            insert(action, due: Self.adding(now, delay))
        }
    }

    /// Called by a disposed queued action (with `lock` held): its entry becomes dead weight, and
    /// once such entries are most of the heap they are swept out.
    func noteCancelledEntry() {
        cancelledEntries += 1
        guard cancelledEntries > 64 && cancelledEntries * 2 > heap.count else { return }
        heap.filter { entry in
            let action = entry.action.takeUnretainedValue()
            guard action.disposed else { return true }
            action.isQueued = false
            // A disposed action has let go of its closure: releasing it runs no user code.
            entry.action.release()
            return false
        }
        cancelledEntries = 0
    }

    /// Takes the next live action due no later than `limit`, moves the clock to its due time, and
    /// returns it with its closure (taken out of it, for a one-shot action).
    func next(dueBy limit: Int64) -> (action: VirtualTimeAction, due: Int64, closure: () -> Void)? {
        // Locked by hand, not with `withLock`: a closure returned through its generic result is
        // reabstracted, which allocates.
        lock.lock()
        defer { lock.unlock() }
        while let top = heap.first, top.due <= limit {
            _ = heap.removeFirst()
            let action = top.action.takeRetainedValue()
            action.isQueued = false
            guard !action.disposed, let closure = action.closure else {
                cancelledEntries -= 1
                continue
            }
            if action.interval == nil {
                action.closure = nil
            }
            now = max(now, top.due)
            return (action, top.due, closure)
        }
        return nil
    }

    /// The due time of the next live action, if any (disposed entries at the top are dropped).
    func nextDue() -> Int64? {
        lock.withLock {
            while let top = heap.first {
                let action = top.action.takeUnretainedValue()
                guard action.disposed else { return top.due }
                _ = heap.removeFirst()
                action.isQueued = false
                cancelledEntries -= 1
                // A disposed action has let go of its closure: releasing it runs no user code.
                top.action.release()
            }
            return nil
        }
    }

    /// Queues a repeating action again, `interval` after the due time of the tick that just ran,
    /// unless it was disposed meanwhile.
    func requeue(_ action: VirtualTimeAction, interval: Int64, after due: Int64) {
        lock.withLock {
            guard !action.disposed else { return }
            insert(action, due: Self.adding(due, interval))
        }
    }

    /// Moves the clock forward to `target` (never backwards).
    func moveClock(to target: Int64) {
        lock.withLock { now = max(now, target) }
    }

    /// Drops every queued action and releases the closures (the scheduler is going away).
    func removeAll() {
        let released: [VirtualTimeAction] = lock.withLock {
            defer {
                heap.removeAll()
                cancelledEntries = 0
            }
            return heap.entries.map { entry in
                let action = entry.action.takeRetainedValue()
                action.isQueued = false
                return action
            }
        }
        // Release the closures outside the lock: their captures' deinits may run any code.
        let closures = lock.withLock {
            released.map { action in
                defer { action.closure = nil }
                return action.closure
            }
        }
        withExtendedLifetime(closures) {}
    }

    private func insert(_ action: VirtualTimeAction, due: Int64) {
        action.isQueued = true
        heap.insert(.init(due: due, sequence: nextSequence, action: .passRetained(action)))
        nextSequence &+= 1
    }

    static func adding(_ time: Int64, _ delay: Int64) -> Int64 {
        let (sum, overflowed) = time.addingReportingOverflow(delay)
        return overflowed ? .max : sum
    }
}
