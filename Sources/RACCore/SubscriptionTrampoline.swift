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

    /// Runs `work` now, or queues it if this thread is already `maximumDepth` subscriptions deep.
    @inline(__always)
    package static func run(_ work: @escaping () -> Void) {
        let state = TrampolineState.current
        if state.depth >= maximumDepth {
            state.enqueue(work)
            return
        }
        state.depth += 1
        work()
        state.depth -= 1
        if state.depth == 0 && state.hasQueuedWork {
            state.drain()
        }
    }

    /// Enters one level of subscription on this thread and returns `true`, or returns `false` if
    /// the thread is already `maximumDepth` deep (then queue the work with `enqueue(_:)`). Each
    /// `true` must be matched by `leave()`. Lets `Signal.subscribe` run its work inline without
    /// allocating a closure for it.
    @inline(__always)
    package static func enter() -> Bool {
        let state = TrampolineState.current
        guard state.depth < maximumDepth else { return false }
        state.depth += 1
        return true
    }

    /// Leaves the level entered by `enter()`; the outermost level runs the queued work.
    @inline(__always)
    package static func leave() {
        let state = TrampolineState.current
        state.depth -= 1
        if state.depth == 0 && state.hasQueuedWork {
            state.drain()
        }
    }

    /// Queues `work` behind the subscriptions in progress on this thread (after `enter()` said no).
    package static func enqueue(_ work: @escaping () -> Void) {
        TrampolineState.current.enqueue(work)
    }

    /// Runs `body` with a fresh trampoline (and a fresh `DeliveryTrampoline`), so that a
    /// subscription made in it (and its queued nested work and events) completes before `body`
    /// returns even if the caller is itself deep inside a subscription or a delivery. Blocking
    /// operators (`first()`, `toArray()`) use it: otherwise they could wait for work queued behind
    /// themselves.
    package static func isolated<Result>(_ body: () throws -> Result) rethrows -> Result {
        let state = TrampolineState.current
        let saved = state.suspend()
        defer { state.resume(saved) }
        return try DeliveryTrampoline.isolated(body)
    }
}

/// The per-thread queue and depth counter of `SubscriptionTrampoline`.
private final class TrampolineState {
    var depth = 0
    private var queue: [() -> Void] = []
    private var head = 0

    var hasQueuedWork: Bool { head < queue.count }

    func enqueue(_ work: @escaping () -> Void) {
        queue.append(work)
    }

    func drain() {
        while head < queue.count {
            let work = queue[head]
            queue[head] = {}
            head += 1
            depth = 1
            work()
            depth = 0
        }
        queue.removeAll(keepingCapacity: queue.count < 1024)
        head = 0
    }

    func suspend() -> (depth: Int, queue: [() -> Void], head: Int) {
        let saved = (depth, queue, head)
        depth = 0
        queue = []
        head = 0
        return saved
    }

    func resume(_ saved: (depth: Int, queue: [() -> Void], head: Int)) {
        depth = saved.depth
        queue = saved.queue
        head = saved.head
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                Unmanaged<TrampolineState>.fromOpaque(pointer).release()
            #else
                if let pointer {
                    Unmanaged<TrampolineState>.fromOpaque(pointer).release()
                }
            #endif
        }
        precondition(status == 0, "SubscriptionTrampoline: pthread_key_create failed with \(status)")
        return key
    }()

    static var current: TrampolineState {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<TrampolineState>.fromOpaque(pointer).takeUnretainedValue()
        }
        let state = TrampolineState()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }
}
