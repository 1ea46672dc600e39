/// Events waiting to be forwarded by one relay of a higher-order operator, delivered later by the
/// thread's `DeliveryTrampoline`.
package protocol DeliveryBacklog: AnyObject {
    /// Forwards the waiting events, in order, until none is left (events queued meanwhile
    /// included).
    func deliverBacklog()
}

/// The events waiting in one `DeliveryBacklog` (a `DeliveryCheckpoint`, or a higher-order
/// operator's relay), oldest first. It does no locking: its owner guards it (the checkpoint with
/// its gate's delivery lock, a relay with a `SpinLock`).
package struct EventBacklog<Value, Failure: Error> {
    private var events: [Event<Value, Failure>?] = []
    private var head = 0

    /// An empty backlog.
    package init() {}

    /// Whether no event waits.
    package var isEmpty: Bool {
        head == events.count
    }

    /// Queues `event` behind the others.
    package mutating func append(_ event: Event<Value, Failure>) {
        events.append(event)
    }

    /// Takes the oldest event, or returns `nil` (and frees the storage) if none waits.
    package mutating func removeFirst() -> Event<Value, Failure>? {
        guard head < events.count else {
            if head > 0 {
                events = []
                head = 0
            }
            return nil
        }
        let event = events[head].take()
        head += 1
        return event
    }
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
@usableFromInline
package enum DeliveryTrampoline {
    // The budget bounds the frames that ThreadSanitizer's shadow stack records, too.
    /// How much stack nested forwards may use below the outermost one before the next is queued.
    package static let stackBudget: UInt = 1 << 20

    /// A forward entered with `enter()`; pass it to `leave(_:)`.
    @usableFromInline
    package struct Frame {
        fileprivate let state: UnsafeMutablePointer<ThreadState>
    }

    /// Enters one level of forwarding on this thread, or returns `nil` if the forwards on this
    /// thread have used up their stack: then queue the event and `schedule(_:)` its backlog.
    @usableFromInline
    package static func enter() -> Frame? {
        // Two calls, `enter()` and `leave(_:)`, cost less than one taking a closure.
        let state = ThreadState.current
        let depth = state.pointee.deliveries.depth
        if depth > 0 {
            return enterNested(state, depth: depth)
        }
        state.pointee.deliveries.depth = 1
        return Frame(state: state)
    }

    /// `enter()` inside another forward. Out of line: it takes the address of a local, which
    /// costs a stack-protector check on every call of the function that does it, and the
    /// outermost forward (most deliveries never nest) need not look at the stack.
    @inline(never)
    private static func enterNested(_ state: UnsafeMutablePointer<ThreadState>, depth: Int) -> Frame? {
        // The first nested forward sets the limit for those below it.
        let here = ThreadState.stackAddress()
        if depth == 1 {
            state.pointee.deliveryLimit = limit(below: here, floor: state.pointee.floors.delivery)
        } else if here < state.pointee.deliveryLimit {
            return nil
        }
        state.pointee.deliveries.depth = depth + 1
        return Frame(state: state)
    }

    /// The limit for forwards nested below a frame at `address`.
    private static func limit(below address: UInt, floor: UInt) -> UInt {
        Swift.max(address > stackBudget ? address - stackBudget : 0, floor)
    }

    /// Leaves the level entered by `enter()`; the outermost level delivers the queued backlogs.
    @usableFromInline
    package static func leave(_ frame: Frame) {
        let state = frame.state
        state.pointee.deliveries.depth -= 1
        if state.pointee.deliveries.depth == 0 && state.pointee.deliveries.hasPending {
            drain(state)
        }
    }

    /// Has this thread deliver `backlog` before its outermost forward returns, or at once if the
    /// thread is not forwarding.
    package static func schedule(_ backlog: any DeliveryBacklog) {
        let state = ThreadState.current
        state.pointee.deliveries.append(backlog)
        if state.pointee.deliveries.depth == 0 {
            drain(state)
        }
    }

    /// Delivers every queued backlog, in order, each as if from the outermost forward.
    private static func drain(_ state: UnsafeMutablePointer<ThreadState>) {
        TrampolineQueue.drain(state.pointer(to: \.deliveries).unsafelyUnwrapped) { backlog in
            backlog.deliverBacklog()
        }
    }

    /// Runs `body` as if this thread were not forwarding, so that the events of a subscription made
    /// in it are delivered before `body` returns (see `SubscriptionTrampoline.isolated(_:)`).
    package static func isolated<Result>(_ body: () throws -> Result) rethrows -> Result {
        let state = ThreadState.current
        let saved = (state.pointee.deliveries, state.pointee.deliveryLimit)
        state.pointee.deliveries = TrampolineQueue()
        state.pointee.deliveryLimit = 0
        defer { (state.pointee.deliveries, state.pointee.deliveryLimit) = saved }
        return try body()
    }
}
