import Synchronization

/// The queue of one trampoline on one thread (`SubscriptionTrampoline`, `DeliveryTrampoline`,
/// `TeardownTrampoline`): how many calls deep the thread is, and the work that waits for the
/// outermost of them to return.
struct TrampolineQueue<Item> {
    /// Calls in progress on this thread.
    var depth = 0
    var items: [Item] = []
    /// The next item to run.
    var head = 0

    /// Whether work waits to be run.
    var hasWaitingItems: Bool {
        head < items.count
    }

    /// Leaves one level of calls; the outermost level runs the queued items (`drain`).
    @inline(__always)
    static func leave(_ queue: UnsafeMutablePointer<Self>, placeholder: Item, _ run: (Item) -> Void) {
        queue.pointee.depth -= 1
        if queue.pointee.depth == 0 && queue.pointee.hasWaitingItems {
            drain(queue, placeholder: placeholder, run)
        }
    }

    /// Runs every queued item, in order, each as if at depth 1: `run` may queue more, which runs
    /// in turn. The item is dropped still at depth 1, so that what it holds (the next link of a
    /// chain) is torn down through the trampoline too. `placeholder` takes its place in the queue.
    static func drain(_ queue: UnsafeMutablePointer<Self>, placeholder: Item, _ run: (Item) -> Void) {
        while queue.pointee.head < queue.pointee.items.count {
            let item = queue.pointee.items[queue.pointee.head]
            queue.pointee.items[queue.pointee.head] = placeholder
            queue.pointee.head += 1
            queue.pointee.depth = 1
            run(item)
            _ = consume item
            queue.pointee.depth = 0
        }
        queue.pointee.items.removeAll(keepingCapacity: queue.pointee.items.count < 1024)
        queue.pointee.head = 0
    }
}

/// The state of the three trampolines on one thread, behind one thread-local key: their queues
/// and the stack limits of the delivery and teardown trampolines. Reached through pointers, so
/// that entering and leaving a trampoline does no reference counting.
struct ThreadTrampolines {
    let subscriptions: UnsafeMutablePointer<TrampolineQueue<() -> Void>>
    let deliveries: UnsafeMutablePointer<TrampolineQueue<(any DeliveryBacklog)?>>
    let teardowns: UnsafeMutablePointer<TrampolineQueue<TeardownStep?>>
    /// The lowest stack address at which a nested delivery still runs (set by the first nested
    /// one; see `DeliveryTrampoline.enter()`).
    var deliveryLimit: UInt = 0
    /// The lowest stack address any delivery may use: a quarter of the thread's stack stays free
    /// for the code that runs between deliveries (0 if the stack's bounds are unknown).
    let deliveryFloor: UInt
    /// The lowest stack address a nested teardown step may start at: an eighth of the stack stays
    /// free for the step itself and for queueing the next one (0 if the bounds are unknown).
    let teardownFloor: UInt

    /// The thread-local key plus one, 0 until created (see `Platform.threadValue(in:)`).
    private static let keySlot = Atomic<UInt>(0)

    /// This thread's state, created on first use.
    static var current: UnsafeMutablePointer<ThreadTrampolines> {
        @inline(__always) get {
            if let pointer = Platform.threadValue(in: keySlot) {
                return pointer.assumingMemoryBound(to: ThreadTrampolines.self)
            }
            return create()
        }
    }

    private static func create() -> UnsafeMutablePointer<ThreadTrampolines> {
        var deliveryFloor: UInt = 0
        var teardownFloor: UInt = 0
        if let (low, size) = Platform.stackBounds() {
            deliveryFloor = low + UInt(size / 4)
            teardownFloor = low + UInt(size / 8)
        }
        let state = UnsafeMutablePointer<ThreadTrampolines>.allocate(capacity: 1)
        state.initialize(
            to: ThreadTrampolines(
                subscriptions: newQueue(), deliveries: newQueue(), teardowns: newQueue(),
                deliveryFloor: deliveryFloor, teardownFloor: teardownFloor))
        Platform.setThreadValue(UnsafeMutableRawPointer(state), in: keySlot, owner: "ThreadTrampolines") {
            pointer in ThreadTrampolines.destroy(pointer)
        }
        return state
    }

    /// Frees a thread's state when the thread ends.
    private static func destroy(_ pointer: UnsafeMutableRawPointer?) {
        guard let state = pointer?.assumingMemoryBound(to: ThreadTrampolines.self) else { return }
        free(state.pointee.subscriptions)
        free(state.pointee.deliveries)
        free(state.pointee.teardowns)
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// A new empty trampoline queue.
    private static func newQueue<Item>() -> UnsafeMutablePointer<TrampolineQueue<Item>> {
        let queue = UnsafeMutablePointer<TrampolineQueue<Item>>.allocate(capacity: 1)
        queue.initialize(to: TrampolineQueue())
        return queue
    }

    /// Frees a queue made by `newQueue()`.
    private static func free<Item>(_ queue: UnsafeMutablePointer<TrampolineQueue<Item>>) {
        queue.deinitialize(count: 1)
        queue.deallocate()
    }
}
