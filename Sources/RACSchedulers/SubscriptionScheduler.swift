/// The scheduler subscriptions run on: work runs at once on the calling thread unless the thread
/// is already deep in nested subscriptions, in which case it is queued on the thread's trampoline
/// and runs as soon as the outermost one returns.
///
/// RAC: `RACSubscriptionScheduler`, reached as `Scheduler.subscription`. RAC ran the action at
/// once when a current scheduler existed and otherwise moved it to a background scheduler; we
/// never change threads (Docs/Design.md), and the trampoline keeps the stack flat instead. The
/// delayed and repeating forms delegate to one shared background `QueueScheduler`. Running an
/// action does not change `Scheduler.current`.
///
/// ```
/// schedule(a) at the top level:          a runs before schedule returns (returns nil)
/// schedule(a) 48 subscriptions deep:     a is queued, runs when the outermost returns
/// ```
public final class SubscriptionScheduler: Scheduler, @unchecked Sendable {
    private let background = QueueScheduler(name: "org.reactivecocoa.Scheduler.subscription.background")

    init() {
        super.init(name: "org.reactivecocoa.Scheduler.subscription")
    }

    /// Runs `action` through the subscription trampoline. RAC: `-[RACSubscriptionScheduler schedule:]`.
    ///
    /// - Returns: `nil` if `action` ran before this returned; a disposable that cancels it if it
    ///   was queued behind deeper work.
    @discardableResult
    public override func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
        let scheduled = ScheduledAction(action)
        SubscriptionTrampoline.run { scheduled.runOnce() }
        return scheduled.isPending ? scheduled : nil
    }

    /// Runs `action` after `delay` on the shared background scheduler.
    /// RAC: `-[RACSubscriptionScheduler after:schedule:]`.
    @discardableResult
    public override func schedule(after delay: Duration, _ action: @escaping () -> Void) -> (any Disposable)?
    {
        background.schedule(after: delay, action)
    }

    /// `schedule(after:repeatingEvery:leeway:_:)`: repeats `action` on the shared background
    /// scheduler. RAC: `-[RACSubscriptionScheduler after:repeatingEvery:withLeeway:schedule:]`.
    override func scheduleRepetition(
        after delay: Duration, every interval: Duration, leeway: Duration, _ action: @escaping () -> Void
    ) -> (any Disposable)? {
        background.schedule(after: delay, repeatingEvery: interval, leeway: leeway, action)
    }
}
