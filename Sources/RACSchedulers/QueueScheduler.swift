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
    /// Whether this is `Scheduler.main`, whose due actions `MainQueueWatch` counts.
    private let isMain: Bool

    /// Creates a scheduler with its own serial queue of quality of service `qos`.
    /// RAC: `+[RACScheduler schedulerWithPriority:name:]` (a priority maps to a QoS:
    /// high → `.userInitiated`, default → `.default`, low → `.utility`, background → `.background`).
    public init(qos: DispatchQoS = .default, name: String = "org.reactivecocoa.QueueScheduler") {
        queue = DispatchQueue(label: name, qos: qos)
        isMain = false
        super.init(name: name)
    }

    /// Creates a scheduler with its own serial queue that targets `targetQueue`; actions never
    /// overlap even if the target is concurrent. The default name is derived from the target's
    /// label. RAC: `-[RACTargetQueueScheduler initWithName:targetQueue:]`.
    public init(name: String? = nil, targeting targetQueue: DispatchQueue) {
        let name = name ?? "org.reactivecocoa.QueueScheduler(\(targetQueue.label))"
        queue = DispatchQueue(label: name, target: targetQueue)
        isMain = false
        super.init(name: name)
    }

    /// Wraps the main queue as is: `Scheduler.main`.
    private init(wrappingMainQueueNamed name: String) {
        queue = .main
        isMain = true
        super.init(name: name)
    }

    static let onMainQueue = QueueScheduler(wrappingMainQueueNamed: "org.reactivecocoa.Scheduler.main")

    /// Runs `action` asynchronously on the queue, after every action scheduled before it.
    /// RAC: `-[RACQueueScheduler schedule:]`.
    ///
    /// - Returns: a disposable that skips `action` (and releases it) if it has not started.
    @discardableResult
    public override func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
        let scheduled = ScheduledAction(action)
        if isMain { scheduled.countAsDue() }
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
        if isMain {
            // Counted once due, so that a blocking operator on the main thread learns of it then:
            // the delay runs out on a global queue, which then queues the action on the main queue.
            DispatchQueue.global().asyncAfter(deadline: .now() + delay.dispatchInterval) { [self] in
                guard scheduled.countAsDue() else { return }
                queue.async { [self] in performAsCurrent { scheduled.runOnce() } }
            }
            return scheduled
        }
        queue.asyncAfter(deadline: .now() + delay.dispatchInterval) { [self] in
            performAsCurrent { scheduled.runOnce() }
        }
        return scheduled
    }

    /// Runs `action` on the queue first after `delay`, then every `interval`, on a Dispatch timer
    /// that may fire up to `leeway` late.
    /// RAC: `-[RACQueueScheduler after:repeatingEvery:withLeeway:schedule:]`.
    /// The timer keeps running (and keeps this scheduler alive) until the disposable is disposed.
    ///
    /// - Returns: a disposable that cancels the timer; no tick starts after `dispose()` returns.
    ///
    /// ```
    /// schedule(after: 2, repeatingEvery: 3, a):  --a--a--a-- ... until dispose()
    /// ```
    @discardableResult
    public override func schedule(
        after delay: Duration,
        repeatingEvery interval: Duration,
        leeway: Duration = .zero,
        _ action: @escaping () -> Void
    ) -> (any Disposable)? {
        Self.validateRepetition(interval: interval, leeway: leeway, in: "QueueScheduler")
        return RepeatingTimer(
            on: self, after: delay, every: interval, leeway: leeway, action: ScheduledAction(action))
    }
}
