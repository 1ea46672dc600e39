import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps nested subscriptions from growing the stack without bound.
///
/// Subscribing runs the signal's creation closure at once, on the subscribing thread, as RAC does
/// on a thread with a current scheduler. A creation closure may itself subscribe (`defer`,
/// `concat`, a signal that resubscribes itself), and so on without end; so once a thread is
/// `maximumDepth` subscriptions deep, a further subscription is queued on the thread's trampoline
/// instead, and the outermost subscription runs the queue, in order, before it returns. Every
/// synchronous event therefore still arrives before the outermost `subscribe` returns; only the
/// order of very deeply nested work changes, from nested to queued. This plays the role of RAC's
/// `RACSubscriptionScheduler`, without moving work to another thread.
package enum SubscriptionTrampoline {
    /// How many subscriptions may nest on one thread before the next is queued.
    package static let maximumDepth = 48

    /// A level of subscription entered with `enter()`; pass it to `leave(_:)`.
    package struct Frame {
        fileprivate let state: UnsafeMutablePointer<TrampolineState>
    }

    /// Runs `work` now, or queues it if this thread is already `maximumDepth` subscriptions deep.
    @inline(__always)
    package static func run(_ work: @escaping () -> Void) {
        guard let frame = enter() else {
            enqueue(work)
            return
        }
        work()
        leave(frame)
    }

    /// Enters one level of subscription on this thread, or returns `nil` if the thread is already
    /// `maximumDepth` deep (then queue the work with `enqueue(_:)`). Each frame must be passed to
    /// `leave(_:)`. Lets `Signal.subscribe` run its work inline without allocating a closure for
    /// it; the pair costs one thread-local look-up.
    @inline(__always)
    package static func enter() -> Frame? {
        let state = TrampolineState.current
        guard state.pointee.depth < maximumDepth else { return nil }
        state.pointee.depth += 1
        return Frame(state: state)
    }

    /// Leaves the level entered by `enter()`; the outermost level runs the queued work.
    @inline(__always)
    package static func leave(_ frame: Frame) {
        let state = frame.state
        state.pointee.depth -= 1
        if state.pointee.depth == 0 && state.pointee.head < state.pointee.queue.count {
            TrampolineState.drain(state)
        }
    }

    /// Queues `work` behind the subscriptions in progress on this thread (after `enter()` said no).
    package static func enqueue(_ work: @escaping () -> Void) {
        TrampolineState.current.pointee.queue.append(work)
    }

    /// Runs `body` with a fresh trampoline (and a fresh `DeliveryTrampoline`), so that a
    /// subscription made in it (and its queued nested work and events) completes before `body`
    /// returns even if the caller is itself deep inside a subscription or a delivery. Blocking
    /// operators (`first()`, `toArray()`) use it: otherwise they could wait for work queued behind
    /// themselves.
    package static func isolated<Result>(_ body: () throws -> Result) rethrows -> Result {
        let state = TrampolineState.current
        let saved = state.pointee
        state.pointee = TrampolineState()
        defer { state.pointee = saved }
        return try DeliveryTrampoline.isolated(body)
    }
}

/// The per-thread queue and depth counter of `SubscriptionTrampoline`, reached through a pointer
/// so that entering and leaving do no reference counting.
private struct TrampolineState {
    var depth = 0
    var queue: [() -> Void] = []
    var head = 0

    /// Runs every queued piece of work, in order, each as if at depth 1.
    static func drain(_ state: UnsafeMutablePointer<TrampolineState>) {
        while state.pointee.head < state.pointee.queue.count {
            let work = state.pointee.queue[state.pointee.head]
            state.pointee.queue[state.pointee.head] = {}
            state.pointee.head += 1
            state.pointee.depth = 1
            work()
            state.pointee.depth = 0
        }
        state.pointee.queue.removeAll(keepingCapacity: state.pointee.queue.count < 1024)
        state.pointee.head = 0
    }

    /// The thread-specific key plus one, 0 until created: an atomic with a constant initial value
    /// needs no lazy initialisation, so reading it costs one load (every subscription asks).
    private static let keySlot = Atomic<UInt>(0)

    /// This thread's state, created on first use.
    static var current: UnsafeMutablePointer<TrampolineState> {
        @inline(__always) get {
            let slot = keySlot.load(ordering: .acquiring)
            if slot != 0, let pointer = pthread_getspecific(pthread_key_t(slot - 1)) {
                return pointer.assumingMemoryBound(to: TrampolineState.self)
            }
            return create()
        }
    }

    private static func create() -> UnsafeMutablePointer<TrampolineState> {
        let state = UnsafeMutablePointer<TrampolineState>.allocate(capacity: 1)
        state.initialize(to: TrampolineState())
        pthread_setspecific(key(), state)
        return state
    }

    private static func key() -> pthread_key_t {
        ThreadState.key(in: keySlot, owner: "SubscriptionTrampoline") { pointer in
            #if canImport(Darwin)
                let state = pointer.assumingMemoryBound(to: TrampolineState.self)
            #else
                guard let state = pointer?.assumingMemoryBound(to: TrampolineState.self) else { return }
            #endif
            state.deinitialize(count: 1)
            state.deallocate()
        }
    }
}
