extension Scheduler {
    /// Schedules `action`, which may ask to run again by calling `reschedule`; disposing the
    /// returned disposable stops it. RAC: `-scheduleRecursiveBlock:`.
    ///
    /// Built on `schedule(_:)`, so it works with every scheduler. Requests to run again made while
    /// an action is running (on a synchronous scheduler this includes the whole chain) are counted
    /// and scheduled one after another in a loop once the action returns, so recursion becomes
    /// iteration and the stack never grows: 100,000 reschedules on `Scheduler.immediate` are a
    /// flat loop. A request made later (from a callback) schedules at once. The recursion does not
    /// keep a virtual-time scheduler alive: once it is gone, a later request does nothing.
    ///
    /// ```
    /// var n = 0
    /// scheduler.scheduleRecursive { reschedule in
    ///     n += 1
    ///     if n < 3 { reschedule() }
    /// }
    /// runs:  a-a-a   (three times, each a separate scheduled action)
    /// ```
    ///
    /// - Parameter action: the work of one run; calling its `reschedule` argument asks for one more
    ///   run, scheduled after this one returns.
    /// - Returns: a disposable that cancels the pending run and any later request.
    @discardableResult
    public func scheduleRecursive(_ action: @escaping (_ reschedule: @escaping () -> Void) -> Void)
        -> any Disposable
    {
        let recursion = RecursiveSchedule(scheduler: self, action: action)
        recursion.requestRun()
        return recursion.disposable
    }
}

/// The state of one `scheduleRecursive` call.
///
/// `requestRun()` counts a request; whichever thread finds no loop active becomes the looper and
/// hands requests to `schedule(_:)` one by one until none are left. An action that runs inside that
/// loop (a synchronous scheduler) only adds to the count, so the loop, not the stack, carries the
/// recursion. An action that runs elsewhere holds the loop while it runs, so that its requests are
/// scheduled after it returns, as RAC does.
private final class RecursiveSchedule: @unchecked Sendable {
    /// The scheduler, held weakly when it is a virtual-time scheduler: a pending run must not keep
    /// the scheduler that owns it alive. Other schedulers are held strongly: a queue scheduler's
    /// pending block holds it anyway, and the shared ones live for the whole process (a weak
    /// reference to them would only add a side table that LeakSanitizer cannot see the owner of).
    /// (Two optionals, not an enum: an enum keeps its case in the pointer's spare bits, where
    /// LeakSanitizer cannot recognise the pointer.)
    private let strongScheduler: Scheduler?
    private weak var virtualTimeScheduler: VirtualTimeScheduler?
    private let lock = PthreadLock()
    private var action: ((@escaping () -> Void) -> Void)?
    private var requested = 0
    private var looping = false

    /// Cancels every pending scheduled run and releases the action.
    let disposable = CompoundDisposable()

    init(scheduler: Scheduler, action: @escaping (@escaping () -> Void) -> Void) {
        if let virtual = scheduler as? VirtualTimeScheduler {
            strongScheduler = nil
            virtualTimeScheduler = virtual
        } else {
            strongScheduler = scheduler
        }
        self.action = action
        disposable.add { [weak self] in
            self?.releaseAction()
        }
    }

    private func releaseAction() {
        let released = lock.withLock {
            defer { action = nil }
            return action
        }
        withExtendedLifetime(released) {}
    }

    /// Asks for one more run. Runs the scheduling loop unless a loop is active already.
    func requestRun() {
        let startsLoop: Bool = lock.withLock {
            requested += 1
            guard !looping else { return false }
            looping = true
            return true
        }
        if startsLoop {
            scheduleRequestedRuns()
        }
    }

    /// Schedules requested runs until none are left, then ends the loop. Call with `looping` set.
    private func scheduleRequestedRuns() {
        while true {
            let proceed: Bool = lock.withLock {
                guard requested > 0, action != nil else {
                    requested = 0
                    looping = false
                    return false
                }
                requested -= 1
                return true
            }
            guard proceed else { return }
            scheduleOneRun()
        }
    }

    /// Schedules one run, tracking its disposable until it starts.
    private func scheduleOneRun() {
        let slot = SerialDisposable()
        disposable.add(slot)
        guard !slot.isDisposed, let scheduler = strongScheduler ?? virtualTimeScheduler else { return }
        slot.inner = scheduler.schedule { [self] in
            disposable.remove(slot)
            runAction()
        }
    }

    /// Runs the action once, handing it `requestRun` as its `reschedule`.
    private func runAction() {
        let (current, ownsLoop): (((@escaping () -> Void) -> Void)?, Bool) = lock.withLock {
            guard let action else { return (nil, false) }
            defer { looping = true }
            return (action, !looping)
        }
        guard let current else { return }
        current { [self] in requestRun() }
        if ownsLoop {
            scheduleRequestedRuns()
        }
    }
}
