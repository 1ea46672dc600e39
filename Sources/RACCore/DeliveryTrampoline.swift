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
        fileprivate let state: UnsafeMutablePointer<ThreadTrampolines>
    }

    /// Enters one level of forwarding on this thread, or returns `nil` if the forwards on this
    /// thread have used up their stack: then queue the event and `schedule(_:)` its backlog.
    /// (Two calls, `enter()` and `leave(_:)`, cost less than one taking a closure.)
    package static func enter() -> Frame? {
        let state = ThreadTrampolines.current
        let queue = state.pointee.deliveries
        let depth = queue.pointee.depth
        if depth > 0 {
            // The outermost forward (most deliveries never nest) need not look at the stack; the
            // first nested one sets the limit for those below it.
            let here = Platform.stackAddress()
            if depth == 1 {
                state.pointee.deliveryLimit = limit(below: here, floor: state.pointee.deliveryFloor)
            } else if here < state.pointee.deliveryLimit {
                return nil
            }
        }
        queue.pointee.depth = depth + 1
        return Frame(state: state)
    }

    /// Leaves the level entered by `enter()`; the outermost level delivers the queued backlogs.
    package static func leave(_ frame: Frame) {
        TrampolineQueue.leave(frame.state.pointee.deliveries, placeholder: nil, deliver)
    }

    /// Has this thread deliver `backlog` before its outermost forward returns, or at once if the
    /// thread is not forwarding.
    package static func schedule(_ backlog: any DeliveryBacklog) {
        let queue = ThreadTrampolines.current.pointee.deliveries
        queue.pointee.items.append(backlog)
        if queue.pointee.depth == 0 {
            TrampolineQueue.drain(queue, placeholder: nil, deliver)
        }
    }

    /// Runs `body` as if this thread were not forwarding, so that the events of a subscription made
    /// in it are delivered before `body` returns (see `SubscriptionTrampoline.isolated(_:)`).
    package static func isolated<Result>(_ body: () throws -> Result) rethrows -> Result {
        let state = ThreadTrampolines.current
        let queue = state.pointee.deliveries
        let saved = (queue.pointee, state.pointee.deliveryLimit)
        queue.pointee = TrampolineQueue()
        state.pointee.deliveryLimit = 0
        defer { (queue.pointee, state.pointee.deliveryLimit) = saved }
        return try body()
    }

    /// The limit for forwards nested below a frame at `address`: `stackBudget` below it, but not
    /// below `floor`.
    private static func limit(below address: UInt, floor: UInt) -> UInt {
        Swift.max(address > stackBudget ? address - stackBudget : 0, floor)
    }

    /// Delivers a queued backlog.
    private static func deliver(_ backlog: (any DeliveryBacklog)?) {
        backlog?.deliverBacklog()
    }
}
