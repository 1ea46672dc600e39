import Dispatch

/// Runs actions asynchronously, one at a time in FIFO order, on a serial Dispatch queue.
///
/// RAC: `RACQueueScheduler` / `RACTargetQueueScheduler` (`+[RACScheduler scheduler]`,
/// `+schedulerWithPriority:name:`, `-initWithName:targetQueue:`), and `Scheduler.main`
/// (`+mainThreadScheduler`). Each scheduler made with `init(qos:name:)` or `init(name:targeting:)`
/// owns a private serial queue, so its actions never overlap. While an action runs, the scheduler
/// is `Scheduler.current`. An action disposed before it starts is skipped and released at once.
///
/// ```
/// let q = QueueScheduler()
/// q.schedule(a); q.schedule(b)        // a then b, on q's queue, never together
/// q.schedule(after: .seconds(1), c)   // c a second later (asyncAfter)
/// ```
public final class QueueScheduler: Scheduler, @unchecked Sendable {
    /// The serial queue that actions run on. RAC: `queue` (`RACQueueScheduler+Subclass.h`).
    public let queue: DispatchQueue
    /// Whether this is `Scheduler.main`.
    private let isMain: Bool
    /// The actions of this scheduler that are due and have not run yet: a blocking operator
    /// called on the thread that runs them (the main thread for `Scheduler.main`, otherwise inside
    /// one of this scheduler's actions) stops instead of hanging while one is due
    /// (`BlockingWaitWatch`).
    let dueActions: DueActions

    /// Creates a scheduler with its own serial queue of quality of service `qos`.
    /// RAC: `+[RACScheduler schedulerWithPriority:name:]` (a priority maps to a QoS:
    /// high → `.userInitiated`, default → `.default`, low → `.utility`, background → `.background`).
    public init(qos: DispatchQoS = .default, name: String = "org.reactivecocoa.QueueScheduler") {
        queue = DispatchQueue(label: name, qos: qos)
        isMain = false
        dueActions = DueActions()
        super.init(name: name)
    }

    /// Creates a scheduler with its own serial queue that targets `targetQueue`; actions never
    /// overlap even if the target is concurrent. The default name is derived from the target's
    /// label. RAC: `-[RACTargetQueueScheduler initWithName:targetQueue:]`.
    public init(name: String? = nil, targeting targetQueue: DispatchQueue) {
        let name = name ?? "org.reactivecocoa.QueueScheduler(\(targetQueue.label))"
        queue = DispatchQueue(label: name, target: targetQueue)
        isMain = false
        dueActions = DueActions()
        super.init(name: name)
    }

    /// Wraps the main queue as is: `Scheduler.main`.
    private init(wrappingMainQueueNamed name: String) {
        queue = .main
        isMain = true
        dueActions = BlockingWaitWatch.mainQueue
        super.init(name: name)
    }

    /// Where the delays of `schedule(after:_:)` run out: a serial queue, so that two actions that
    /// come due one after the other are queued on their scheduler in that order.
    private static let dueTimers = DispatchQueue(label: "org.reactivecocoa.QueueScheduler.dueTimers")

    static let onMainQueue = QueueScheduler(wrappingMainQueueNamed: "org.reactivecocoa.Scheduler.main")

    /// Runs `action` asynchronously on the queue, after every action scheduled before it.
    /// RAC: `-[RACQueueScheduler schedule:]`.
    ///
    /// - Returns: a disposable that skips `action` (and releases it) if it has not started.
    @discardableResult
    public override func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
        let scheduled = ScheduledAction(action)
        scheduled.countAsDue(in: dueActions)
        queue.async { [self] in
            performAsCurrent { scheduled.runOnce() }
        }
        return scheduled
    }

    /// Runs `action` on the queue once `delay` has passed (a negative delay is zero), using
    /// `asyncAfter`. RAC: `-[RACQueueScheduler after:schedule:]`.
    ///
    /// - Returns: a disposable that skips `action` (and releases it) if it has not started.
    @discardableResult
    public override func schedule(after delay: Duration, _ action: @escaping () -> Void) -> (any Disposable)?
    {
        let scheduled = ScheduledAction(action)
        // Counted once due, so that a blocking operator waiting on this scheduler's thread learns
        // of it then: the delay runs out on one serial queue shared by every queue scheduler
        // (so actions due in turn are queued here in turn), which then queues the action here.
        Self.dueTimers.asyncAfter(deadline: .now() + delay.dispatchInterval) { [self] in
            guard scheduled.countAsDue(in: dueActions) else { return }
            queue.async { [self] in performAsCurrent { scheduled.runOnce() } }
        }
        return scheduled
    }

    /// `schedule(after:repeatingEvery:leeway:_:)`: runs `action` on the queue first after `delay`,
    /// then every `interval`, on a Dispatch timer that may fire up to `leeway` late.
    /// RAC: `-[RACQueueScheduler after:repeatingEvery:withLeeway:schedule:]`. The timer keeps
    /// running (and keeps this scheduler alive) until the disposable is disposed; no tick starts
    /// after `dispose()` returns.
    ///
    /// ```
    /// schedule(after: 2, repeatingEvery: 3, a):  --a--a--a-- ... until dispose()
    /// ```
    override func scheduleRepetition(
        after delay: Duration, every interval: Duration, leeway: Duration, _ action: @escaping () -> Void
    ) -> (any Disposable)? {
        RepeatingTimer(
            on: self, after: delay, every: interval, leeway: leeway, action: ScheduledAction(action))
    }
}
