internal import RACRuntimeShims
import Synchronization

/// The per-thread state of the three trampolines (`SubscriptionTrampoline`, `DeliveryTrampoline`,
/// `TeardownTrampoline`; Docs/Reliability.md, "Stack depth"): one allocation per thread, found
/// through a C thread-local variable (Docs/Internals.md, "The trampolines").
///
/// Each trampoline has a `TrampolineQueue` of its own. They cannot share one queue: each queue is
/// drained by the outermost level of its own kind, and each kind promises something different.
/// Work queued by a subscription must run before the outermost `subscribe` returns, a teardown
/// step before the outermost `dispose()` (or release) returns, and a backlog before the outermost
/// forward returns; a single queue drained by whichever level ended last would break those
/// promises whenever the kinds nest inside one another (a subscription that disposes, a delivery
/// that subscribes). `isolated(_:)` also replaces the subscription and delivery queues but must
/// leave the teardown queue alone.
struct ThreadState {
    // Reached through a pointer, so that entering and leaving a trampoline does no reference
    // counting.
    var subscriptions = TrampolineQueue<() -> Void>()
    var deliveries = TrampolineQueue<any DeliveryBacklog>()
    var teardowns = TrampolineQueue<TeardownStep>()
    /// The lowest stack address at which a nested forward still runs (set by the first nested one).
    var deliveryLimit: UInt = 0
    /// The subscriber watch active on this thread, if a test began one (`SubscriberWatch`).
    var subscriberWatch: SubscriberWatch?
    /// How far down the thread's stack nested forwards and teardown steps may go; computed when
    /// first needed (`floors`).
    private var knownFloors: StackFloors?

    // Finding the stack's bounds is slow on the main thread (glibc parses /proc/self/maps), so a
    // thread that never nests a forward or a teardown step never asks.
    private init() {}

    /// The stack floors of this thread, computed on first use.
    var floors: StackFloors {
        mutating get {
            if let knownFloors { return knownFloors }
            let floors = StackFloors()
            knownFloors = floors
            return floors
        }
    }

    /// This thread's state, created on first use.
    // Found through a C thread-local variable (`rac_thread_state()`, one load); the thread-specific
    // key only frees it when the thread ends, and then clears the variable, so that a teardown
    // run later by another thread-specific destructor of the same thread makes a new one.
    static var current: UnsafeMutablePointer<ThreadState> {
        @inline(__always) get {
            if let pointer = rac_thread_state() {
                return pointer.assumingMemoryBound(to: ThreadState.self)
            }
            return create()
        }
    }

    /// An address in the caller's stack frame (stacks grow down on every supported platform).
    @inline(__always)
    static func stackAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    // The thread-specific key that frees each thread's state when the thread ends, packed
    // (`ThreadLocalKey.packed`; 0 until created). Read only when a thread makes its state.
    private static let keySlot = Atomic<UInt>(0)

    private static func create() -> UnsafeMutablePointer<ThreadState> {
        let state = UnsafeMutablePointer<ThreadState>.allocate(capacity: 1)
        state.initialize(to: ThreadState())
        key().set(state)
        rac_set_thread_state(state)
        return state
    }

    /// The key, created on first use; if two threads race, one key wins and the other is deleted.
    private static func key() -> ThreadLocalKey {
        let current = keySlot.load(ordering: .acquiring)
        if current != 0 { return ThreadLocalKey(packed: current) }
        let key = ThreadLocalKey(owner: "ThreadState") { pointer in
            rac_set_thread_state(nil)
            let state = pointer.assumingMemoryBound(to: ThreadState.self)
            state.deinitialize(count: 1)
            state.deallocate()
        }
        let (exchanged, winner) = keySlot.compareExchange(
            expected: 0, desired: key.packed, ordering: .acquiringAndReleasing)
        if exchanged { return key }
        key.delete()
        return ThreadLocalKey(packed: winner)
    }
}

/// The lowest stack addresses that nested levels of the delivery and teardown trampolines may
/// use (stacks grow down on every supported platform); 0 if the stack's bounds are unknown.
struct StackFloors {
    /// The lowest address any forward may use: a quarter of the thread's stack stays free for the
    /// code that runs between forwards.
    let delivery: UInt
    /// The lowest address a nested teardown step may start at: an eighth of the thread's stack
    /// stays free for the step itself, and for queueing the next one (the first queueing in the
    /// process has the runtime instantiate the queue's type, deep in its demangler).
    let teardown: UInt

    init() {
        if let (low, size) = Platform.stackBounds() {
            delivery = low + UInt(size / 4)
            teardown = low + UInt(size / 8)
        } else {
            delivery = 0
            teardown = 0
        }
    }
}

/// The depth counter and queue of one trampoline on one thread (a field of `ThreadState`).
struct TrampolineQueue<Item> {
    /// Levels of this trampoline in progress on the thread.
    var depth = 0
    var items: [Item?] = []
    var head = 0

    /// Whether queued items wait to be run.
    var hasPending: Bool {
        @inline(__always) get { head < items.count }
    }

    /// Queues `item` behind the others.
    mutating func append(_ item: consuming Item) {
        items.append(item)
    }

    /// Runs every queued item with `perform`, in order (items queued meanwhile included), each as
    /// if at depth 1; an item is dropped before the next starts, still at depth 1 (dropping a
    /// teardown step may release a chain).
    static func drain(_ queue: UnsafeMutablePointer<TrampolineQueue>, _ perform: (Item) -> Void) {
        while queue.pointee.head < queue.pointee.items.count {
            let index = queue.pointee.head
            queue.pointee.head = index + 1
            queue.pointee.depth = 1
            if let item = queue.pointee.items[index].take() {
                perform(item)
                _ = consume item
            }
            queue.pointee.depth = 0
        }
        queue.pointee.items.removeAll(keepingCapacity: queue.pointee.items.count < 1024)
        queue.pointee.head = 0
    }
}
