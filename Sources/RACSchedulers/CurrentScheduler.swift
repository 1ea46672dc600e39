import Foundation
import RACCore

extension Scheduler {
    /// The scheduler whose action is running on this thread; otherwise `Scheduler.main` when on
    /// the main thread or running on the main queue; otherwise `nil`.
    /// RAC: `+[RACScheduler currentScheduler]`.
    ///
    /// On Linux, once the main thread has called `dispatchMain()`, libdispatch drains the main
    /// queue on a worker thread: what runs there (a `DispatchQueue.main.async` block, a
    /// subscription the subscription scheduler runs from one) still sees `Scheduler.main`.
    ///
    /// Queue and virtual-time schedulers make themselves current while they run an action; the
    /// immediate and subscription schedulers leave it as it was, as RAC does. Each thread has a
    /// value of its own.
    ///
    /// ```
    /// raw background thread:          current == nil
    /// inside queue.schedule { ... }:  current === queue
    /// ```
    public static var current: Scheduler? {
        // The value lives in a thread-local slot, so reading it is cheap.
        if let scheduler = CurrentSchedulerSlot.scheduler {
            return scheduler
        }
        return isOnMainThreadOrQueue ? Scheduler.main : nil
    }

    /// Whether the caller runs on the main thread, or on the main queue on whatever thread drains
    /// it (`racIsOnMainThreadOrQueue()`): where RAC's main-thread checks hold.
    /// `deliverOnMainThread()` delivers directly when this is true.
    package static var isOnMainThreadOrQueue: Bool {
        racIsOnMainThreadOrQueue()
    }

    /// Runs `body` with this scheduler as `Scheduler.current` on this thread, then restores the
    /// previous one (also when `body` throws); calls nest. RAC: `-performAsCurrentScheduler:`.
    ///
    /// ```
    /// a.performAsCurrent {        current === a
    ///     b.performAsCurrent { }  current === b
    /// }                           current === a again
    /// ```
    ///
    /// - Parameter body: the work to run with this scheduler current.
    /// - Returns: what `body` returns; what it throws is rethrown.
    @discardableResult
    public func performAsCurrent<Result>(_ body: () throws -> Result) rethrows -> Result {
        let previous = CurrentSchedulerSlot.swap(self)
        defer { CurrentSchedulerSlot.restore(previous) }
        return try body()
    }
}

/// The thread-local slot behind `Scheduler.current`. It holds an unretained pointer: only
/// `performAsCurrent` sets it, and that method keeps its scheduler alive until it restores the slot.
private enum CurrentSchedulerSlot {
    private static let key = ThreadLocalKey(owner: "Scheduler.current")

    static var scheduler: Scheduler? {
        guard let pointer = key.value else { return nil }
        return Unmanaged<Scheduler>.fromOpaque(pointer).takeUnretainedValue()
    }

    static func swap(_ scheduler: Scheduler) -> UnsafeMutableRawPointer? {
        let previous = key.value
        key.set(Unmanaged.passUnretained(scheduler).toOpaque())
        return previous
    }

    static func restore(_ previous: UnsafeMutableRawPointer?) {
        key.set(previous)
    }
}
