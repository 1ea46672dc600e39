/// The clock and queue of a `VirtualTimeScheduler`, behind one lock.
///
/// Time is an `Int64` count of nanoseconds since the scheduler was created, so it is exact and
/// saturates (at about 292 years) instead of overflowing. The heap orders plain integer entries;
/// the actions themselves sit in a slot table, reused through a free list.
final class VirtualTimeline: @unchecked Sendable {
    let lock = PthreadLock()
    private var heap = VirtualTimeHeap()
    private var slots: [VirtualTimeAction?] = []
    private var freeSlots: [Int] = []
    private var nextSequence: UInt64 = 0
    private var cancelledEntries = 0
    private(set) var now: Int64 = 0

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
            guard let action = slots[entry.slot], action.disposed else { return true }
            action.isQueued = false
            release(entry.slot)
            return false
        }
        cancelledEntries = 0
    }

    /// Takes the next live action due no later than `limit`, moves the clock to its due time, and
    /// returns it with its closure (taken out of it, for a one-shot action).
    func next(dueBy limit: Int64) -> (action: VirtualTimeAction, due: Int64, closure: () -> Void)? {
        lock.withLock {
            while let top = heap.first, top.due <= limit {
                _ = heap.removeFirst()
                guard let action = slots[top.slot] else { continue }
                release(top.slot)
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
        let released: [VirtualTimeAction?] = lock.withLock {
            defer {
                heap.removeAll()
                slots = []
                freeSlots = []
                cancelledEntries = 0
            }
            for action in slots {
                action?.isQueued = false
            }
            return slots
        }
        // Release the closures outside the lock: their captures' deinits may run any code.
        let closures = lock.withLock {
            released.map { action in
                defer { action?.closure = nil }
                return action?.closure
            }
        }
        withExtendedLifetime(closures) {}
    }

    private func insert(_ action: VirtualTimeAction, due: Int64) {
        action.isQueued = true
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = action
        } else {
            slot = slots.count
            slots.append(action)
        }
        heap.insert(.init(due: due, sequence: nextSequence, slot: slot))
        nextSequence &+= 1
    }

    private func release(_ slot: Int) {
        slots[slot] = nil
        freeSlots.append(slot)
    }

    static func adding(_ time: Int64, _ delay: Int64) -> Int64 {
        let (sum, overflowed) = time.addingReportingOverflow(delay)
        return overflowed ? .max : sum
    }
}
