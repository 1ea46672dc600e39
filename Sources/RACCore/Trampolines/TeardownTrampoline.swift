/// Keeps the teardown of a long chain (disposing it, or releasing its last reference) from growing
/// the stack without bound.
///
/// A chain of a million operators is a million objects each holding the next: its signals hold
/// the upstream signal (in their creation closure, or as a `LiftedSignal`'s field), its
/// subscriptions hold the upstream subscription. Releasing or disposing the head would nest a
/// million calls (Swift's `deinit` of a chain is recursive). So a signal releases its creation
/// closure or upstream here (`Signal.deinit`, `LiftedSignal.deinit`) and operators dispose their
/// upstream subscriptions through `dispose(_:)`: once a thread is `maximumDepth` of those deep (or
/// close to the end of its stack: a teardown may start deep in a delivery), the next is queued,
/// and the outermost one finishes the queue, in order, before it returns. Everything is still torn
/// down before the outermost `dispose()` (or release) returns.
package enum TeardownTrampoline {
    /// How many releases and disposals may nest on one thread before the next is queued.
    package static let maximumDepth = 64

    /// Disposes `disposable` now, or once the outermost teardown on this thread returns if the
    /// thread is already `maximumDepth` deep (or near the end of its stack).
    package static func dispose(_ disposable: any Disposable) {
        dispose(disposable, nestingAtMost: maximumDepth)
    }

    /// Disposes `disposable` now if fewer than `limit` teardowns are in progress on this thread,
    /// else once the outermost one returns. A `limit` of 1 nests it only in a teardown that this
    /// call starts: for a step that itself disposes a long stretch of a chain
    /// (`DeliveryCheckpoint`).
    package static func dispose(_ disposable: any Disposable, nestingAtMost limit: Int) {
        perform(nestingAtMost: limit, { disposable.dispose() }, orQueue: .dispose(disposable))
    }

    /// Releases one retain of `object`, now or (deep in a teardown) once the outermost teardown on
    /// this thread returns.
    package static func release(_ object: Unmanaged<AnyObject>) {
        release(object, nestingAtMost: maximumDepth)
    }

    /// Releases one retain of `object` now if fewer than `limit` teardowns are in progress on this
    /// thread, else once the outermost one returns (see `dispose(_:nestingAtMost:)`).
    package static func release(_ object: Unmanaged<AnyObject>, nestingAtMost limit: Int) {
        perform(nestingAtMost: limit, { object.release() }, orQueue: .release(object))
    }

    /// Takes over `value` (a closure whose context may hold the next link of a chain, say) and
    /// drops it now, or once the outermost teardown on this thread returns. For a `deinit` that
    /// would otherwise release a long chain recursively, with the last reference moved out of the
    /// stored property: `TeardownTrampoline.retire(generator.take())`.
    package static func retire<Value>(_ value: consuming Value) {
        // Generic, so that a closure is kept as it is rather than wrapped in a reabstraction thunk
        // (which would leave the last release to the caller).
        run(.retire(value), nestingAtMost: maximumDepth)
    }

    /// A level of teardown entered with `enter()`; pass it to `leave(_:)`.
    package struct Frame {
        fileprivate let state: UnsafeMutablePointer<ThreadState>
    }

    /// Enters one level of teardown on this thread, or returns `nil` if the thread is already
    /// `maximumDepth` deep or near the end of its stack (then hand the rest of the teardown to
    /// `retire(_:)`). For a `deinit` whose stored properties may hold the next link of a chain:
    /// enter, set them to `nil`, leave.
    package static func enter() -> Frame? {
        // One that does not nest costs one thread-local look-up and no allocation.
        enter(nestingAtMost: maximumDepth)
    }

    /// `enter()`, which returns `nil` once `limit` levels are in progress on this thread (1: unless
    /// this is the outermost teardown).
    package static func enter(nestingAtMost limit: Int) -> Frame? {
        let state = ThreadState.current
        guard !mustQueue(state, nestingAtMost: limit) else { return nil }
        state.pointee.teardowns.depth += 1
        return Frame(state: state)
    }

    /// Leaves the level entered by `enter()`; the outermost level runs the queued steps.
    package static func leave(_ frame: Frame) {
        let state = frame.state
        state.pointee.teardowns.depth -= 1
        if state.pointee.teardowns.depth == 0 && state.pointee.teardowns.hasPending {
            drain(state)
        }
    }

    private static func run(_ step: consuming TeardownStep, nestingAtMost limit: Int) {
        let state = ThreadState.current
        if mustQueue(state, nestingAtMost: limit) {
            state.pointee.teardowns.append(step)
            return
        }
        state.pointee.teardowns.depth += 1
        step.perform()
        _ = consume step
        finishStep(state)
    }

    /// `run(_:nestingAtMost:)` for a step known to the caller: runs `step` now, or queues
    /// `queued`, which is made only then (building and destroying a `TeardownStep`, whose
    /// `retire` case holds an `Any`, costs about 100 instructions).
    @inline(__always)
    private static func perform(
        nestingAtMost limit: Int, _ step: () -> Void, orQueue queued: @autoclosure () -> TeardownStep
    ) {
        let state = ThreadState.current
        if mustQueue(state, nestingAtMost: limit) {
            state.pointee.teardowns.append(queued())
            return
        }
        state.pointee.teardowns.depth += 1
        step()
        finishStep(state)
    }

    /// Ends a step that ran at once: the outermost one runs the steps queued meanwhile.
    @inline(__always)
    private static func finishStep(_ state: UnsafeMutablePointer<ThreadState>) {
        state.pointee.teardowns.depth -= 1
        if state.pointee.teardowns.depth == 0 && state.pointee.teardowns.hasPending {
            drain(state)
        }
    }

    /// Whether the next step must be queued: the thread is `limit` steps deep, or nested steps have
    /// come close to the end of its stack. (The outermost step always runs: it is the one that runs
    /// the queue.)
    @inline(__always)
    private static func mustQueue(
        _ state: UnsafeMutablePointer<ThreadState>, nestingAtMost limit: Int
    ) -> Bool {
        let depth = state.pointee.teardowns.depth
        return depth >= limit || (depth > 0 && ThreadState.stackAddress() < state.pointee.floors.teardown)
    }

    /// Runs every queued step, in order, each as if at depth 1.
    private static func drain(_ state: UnsafeMutablePointer<ThreadState>) {
        TrampolineQueue.drain(state.pointer(to: \.teardowns).unsafelyUnwrapped) { step in step.perform() }
    }
}

/// One queued teardown step.
enum TeardownStep {
    case dispose(any Disposable)
    case release(Unmanaged<AnyObject>)
    /// Dropping the step drops the value.
    case retire(Any)

    func perform() {
        switch self {
        case .dispose(let disposable): disposable.dispose()
        case .release(let object): object.release()
        case .retire: break
        }
    }
}
