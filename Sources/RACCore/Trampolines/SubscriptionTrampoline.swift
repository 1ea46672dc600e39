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
@usableFromInline
package enum SubscriptionTrampoline {
    /// How many subscriptions may nest on one thread before the next is queued.
    package static let maximumDepth = 48

    /// A level of subscription entered with `enter()`; pass it to `leave(_:)`.
    package struct Frame {
        fileprivate let state: UnsafeMutablePointer<ThreadState>
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
    /// `leave(_:)`.
    @inline(__always)
    package static func enter() -> Frame? {
        // The pair lets `Signal.subscribe` run its work inline without allocating a closure for it,
        // for one thread-local look-up.
        let state = ThreadState.current
        guard state.pointee.subscriptions.depth < maximumDepth else { return nil }
        state.pointee.subscriptions.depth += 1
        return Frame(state: state)
    }

    /// Leaves the level entered by `enter()`; the outermost level runs the queued work.
    @inline(__always)
    package static func leave(_ frame: Frame) {
        let state = frame.state
        state.pointee.subscriptions.depth -= 1
        if state.pointee.subscriptions.depth == 0 && state.pointee.subscriptions.hasPending {
            drain(state)
        }
    }

    /// Whether a subscription made now on this thread runs at once (the thread is less than
    /// `maximumDepth` subscriptions deep), rather than being queued until the outermost returns.
    @usableFromInline
    package static var hasRoom: Bool {
        ThreadState.current.pointee.subscriptions.depth < maximumDepth
    }

    /// Queues `work` behind the subscriptions in progress on this thread (after `enter()` said no).
    /// Subscribes `subscriber` to `signal` unless it has stopped meanwhile: now, or, deep in
    /// nested subscriptions, once the outermost returns. Allocates nothing on the common path
    /// (`run(_:)` allocates its closure).
    @usableFromInline
    package static func subscribe<Value, Failure>(
        _ subscriber: Subscriber<Value, Failure>, to signal: Signal<Value, Failure>
    ) {
        guard let frame = enter() else {
            enqueue {
                if !subscriber.isDisposed { signal.subscribe(subscriber) }
            }
            return
        }
        if !subscriber.isDisposed { signal.subscribe(subscriber) }
        leave(frame)
    }

    @usableFromInline
    package static func enqueue(_ work: @escaping () -> Void) {
        ThreadState.current.pointee.subscriptions.append(work)
    }

    /// Runs the queued work, in order, each piece as if at depth 1.
    private static func drain(_ state: UnsafeMutablePointer<ThreadState>) {
        TrampolineQueue.drain(state.pointer(to: \.subscriptions).unsafelyUnwrapped) { work in work() }
    }

    /// Runs `body` with a fresh trampoline (and a fresh `DeliveryTrampoline`), so that a
    /// subscription made in it (and its queued nested work and events) completes before `body`
    /// returns even if the caller is itself deep inside a subscription or a delivery. Blocking
    /// operators (`first()`, `toArray()`) use it: otherwise they could wait for work queued behind
    /// themselves.
    package static func isolated<Result>(_ body: () throws -> Result) rethrows -> Result {
        let state = ThreadState.current
        let saved = state.pointee.subscriptions
        state.pointee.subscriptions = TrampolineQueue()
        defer { state.pointee.subscriptions = saved }
        return try DeliveryTrampoline.isolated(body)
    }
}
