import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Events waiting to be forwarded by one relay of a higher-order operator, delivered later by the
/// thread's `DeliveryTrampoline`.
package protocol DeliveryBacklog: AnyObject {
    /// Forwards the waiting events, in order, until none is left (events queued meanwhile
    /// included).
    func deliverBacklog()
}

/// Keeps the events that higher-order operators forward from inner signals (`flattenMap`,
/// `concat`, `switchToLatest` …) from overflowing the stack.
///
/// An inner signal's value reaches the result through one forwarding subscriber per operator, so
/// a value of the innermost of a million nested `flattenMap`s would be a million nested calls.
/// Each forward therefore checks how much stack the forwards on this thread have used: once it is
/// more than `stackBudget` below the outermost forward (or close to the end of the thread's
/// stack), the relay queues the event instead, with every later event of that relay behind it so
/// that their order is kept, and the outermost forward delivers the queue before it returns. A
/// synchronous `subscribe` has still received everything when it returns.
///
/// Only deliveries that would otherwise have used that much stack change, from nested to queued;
/// shallower ones, whatever their number of levels, run exactly as before. The delivery
/// counterpart of `SubscriptionTrampoline`.
package enum DeliveryTrampoline {
    /// How much stack nested forwards may use below the outermost one before the next is queued.
    /// It bounds the frames that ThreadSanitizer's shadow stack records, too.
    package static let stackBudget: UInt = 1 << 20

    /// A forward entered with `enter()`; pass it to `leave(_:)`.
    package struct Frame {
        fileprivate let state: UnsafeMutablePointer<DeliveryTrampolineState>
    }

    /// Enters one level of forwarding on this thread, or returns `nil` if the forwards on this
    /// thread have used up their stack: then queue the event and `schedule(_:)` its backlog.
    /// (Two calls, `enter()` and `leave(_:)`, cost less than one taking a closure.)
    package static func enter() -> Frame? {
        let state = DeliveryTrampolineState.current
        let depth = state.pointee.depth
        if depth > 0 {
            // The outermost forward (most deliveries never nest) need not look at the stack; the
            // first nested one sets the limit for those below it.
            let here = ThreadState.stackAddress()
            if depth == 1 {
                state.pointee.limit = state.pointee.limit(below: here)
            } else if here < state.pointee.limit {
                return nil
            }
        }
        state.pointee.depth = depth + 1
        return Frame(state: state)
    }

    /// Leaves the level entered by `enter()`; the outermost level delivers the queued backlogs.
    package static func leave(_ frame: Frame) {
        let state = frame.state
        state.pointee.depth -= 1
        if state.pointee.depth == 0 && state.pointee.head < state.pointee.queue.count {
            DeliveryTrampolineState.drain(state)
        }
    }

    /// Has this thread deliver `backlog` before its outermost forward returns, or at once if the
    /// thread is not forwarding.
    package static func schedule(_ backlog: any DeliveryBacklog) {
        let state = DeliveryTrampolineState.current
        state.pointee.queue.append(backlog)
        if state.pointee.depth == 0 {
            DeliveryTrampolineState.drain(state)
        }
    }

    /// Runs `body` as if this thread were not forwarding, so that the events of a subscription made
    /// in it are delivered before `body` returns (see `SubscriptionTrampoline.isolated(_:)`).
    package static func isolated<Result>(_ body: () throws -> Result) rethrows -> Result {
        let state = DeliveryTrampolineState.current
        let saved = state.pointee
        state.pointee = DeliveryTrampolineState(floor: saved.floor)
        defer { state.pointee = saved }
        return try body()
    }
}

/// The per-thread state of `DeliveryTrampoline`, reached through a pointer so that the hot path
/// does no reference counting. Stacks grow down on every supported platform.
private struct DeliveryTrampolineState {
    /// Forwards in progress on this thread.
    var depth = 0
    /// The lowest stack address at which a nested forward still runs (set by the first nested one).
    var limit: UInt = 0
    /// The lowest stack address any forward may use: a quarter of the thread's stack stays free
    /// for the code that runs between forwards (0 if the stack's bounds are unknown).
    let floor: UInt
    var queue: [(any DeliveryBacklog)?] = []
    var head = 0

    init(floor: UInt) {
        self.floor = floor
    }

    /// The limit for forwards nested below a frame at `address`.
    func limit(below address: UInt) -> UInt {
        let budget = DeliveryTrampoline.stackBudget
        return Swift.max(address > budget ? address - budget : 0, floor)
    }

    /// Delivers every queued backlog, in order, each as if from the outermost forward.
    static func drain(_ state: UnsafeMutablePointer<DeliveryTrampolineState>) {
        while state.pointee.head < state.pointee.queue.count {
            let backlog = state.pointee.queue[state.pointee.head]
            state.pointee.queue[state.pointee.head] = nil
            state.pointee.head += 1
            state.pointee.depth = 1
            backlog?.deliverBacklog()
            state.pointee.depth = 0
        }
        state.pointee.queue.removeAll(keepingCapacity: state.pointee.queue.count < 1024)
        state.pointee.head = 0
    }

    /// The thread-specific key plus one, 0 until created: an atomic with a constant initial value
    /// needs no lazy initialisation, so reading it costs one load.
    private static let keySlot = Atomic<UInt>(0)

    /// This thread's state, created on first use.
    static var current: UnsafeMutablePointer<DeliveryTrampolineState> {
        @inline(__always) get {
            let slot = keySlot.load(ordering: .acquiring)
            if slot != 0, let pointer = pthread_getspecific(pthread_key_t(slot - 1)) {
                return pointer.assumingMemoryBound(to: DeliveryTrampolineState.self)
            }
            return create()
        }
    }

    private static func key() -> pthread_key_t {
        ThreadState.key(in: keySlot, owner: "DeliveryTrampoline") { pointer in
            #if canImport(Darwin)
                let state = pointer.assumingMemoryBound(to: DeliveryTrampolineState.self)
            #else
                guard let state = pointer?.assumingMemoryBound(to: DeliveryTrampolineState.self) else {
                    return
                }
            #endif
            state.deinitialize(count: 1)
            state.deallocate()
        }
    }

    private static func create() -> UnsafeMutablePointer<DeliveryTrampolineState> {
        var floor: UInt = 0
        if let (low, size) = ThreadStack.bounds() {
            floor = low + UInt(size / 4)
        }
        let state = UnsafeMutablePointer<DeliveryTrampolineState>.allocate(capacity: 1)
        state.initialize(to: DeliveryTrampolineState(floor: floor))
        pthread_setspecific(key(), state)
        return state
    }
}

/// The bounds of the calling thread's stack (for this trampoline and the `TeardownTrampoline`).
enum ThreadStack {
    #if canImport(Darwin)
        /// The lowest address and the size of this thread's stack.
        static func bounds() -> (low: UInt, size: Int)? {
            let thread = pthread_self()
            let size = pthread_get_stacksize_np(thread)
            let high = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            guard size > 0, high > UInt(size) else { return nil }
            return (high - UInt(size), size)
        }
    #else
        private typealias GetAttributes =
            @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

        /// `pthread_getattr_np`, a GNU extension that the C library module does not import.
        private static let getAttributes: GetAttributes? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else {
                return nil
            }
            return unsafeBitCast(symbol, to: GetAttributes.self)
        }()

        /// The lowest address and the size of this thread's stack.
        static func bounds() -> (low: UInt, size: Int)? {
            guard let getAttributes else { return nil }
            var attributes = pthread_attr_t()
            guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(&attributes) }
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address, size > 0 else {
                return nil
            }
            return (UInt(bitPattern: address), size)
        }
    #endif
}
