// RAC's `-deliverOn:` and `-deliverOnMainThread`: events moved to a scheduler.

import Foundation
import Synchronization

extension Signal {
    /// RAC: `-deliverOn:`. Sends every event to the subscriber from `scheduler`, in order (for a
    /// serial scheduler). Events still queued when the subscription is disposed are dropped. The
    /// queue has no limit, as RAC's: a producer faster than the scheduler grows it; to bound it,
    /// use `deliver(on:bufferingPolicy:statistics:)`.
    ///
    /// ```
    /// self (thread A):           -a-b-|
    /// deliver(on: s) (on s):     --a-b-|
    /// ```
    ///
    /// Download progress, sent from any thread, shown from the UI's scheduler:
    ///
    /// ```swift
    /// let ui = TestScheduler()       // in an app: Scheduler.main
    /// let progress = Subject<Int, Never>()
    /// let shown = progress.deliver(on: ui)
    /// let subscription = shown.subscribe(next: { print("progress \($0)%") })
    /// progress.sendNext(50)          // nothing yet: queued on ui
    /// progress.sendNext(100)
    /// ui.run()                       // progress 50%, progress 100%
    /// subscription.dispose()
    /// ```
    ///
    /// - Parameter scheduler: where the subscriber's callbacks run.
    /// - Returns: a signal of the same events, each sent from `scheduler`; it completes and fails
    ///   when this signal does, once the events before have been delivered.
    @inlinable
    public func deliver(on scheduler: Scheduler) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -deliverOn: \(scheduler.name)")) { subscriber in
            self.subscribe(linkedTo: subscriber) { event in
                scheduler.schedule { subscriber.send(event) }
            }
        }
    }

    /// RAC: `-deliverOnMainThread`. Like `deliver(on: Scheduler.main)`, but an event sent on the
    /// main thread, or from work running on the main queue, while nothing is queued is delivered at
    /// once, before `sendNext` returns, without a hop (order is kept: once one event is queued,
    /// later ones queue behind it).
    ///
    /// On Darwin the main queue runs on the main thread; on Linux, after `dispatchMain()`,
    /// libdispatch drains it on a worker thread, and an event sent there is delivered at once too
    /// (RAC checks `NSThread.isMainThread`, which is the same thing on Darwin). Events from other
    /// threads are delivered on the main queue, in order, terminal event included.
    ///
    /// ```
    /// self (main thread):   -a-b-|     delivered at once, before sendNext returns
    /// self (main queue):    -a-b-|     delivered at once, whichever thread drains the queue
    /// self (background):    -a-b-|     delivered on the main queue, in order
    /// ```
    ///
    /// - Returns: a signal of the same events, each delivered on the main thread or main queue;
    ///   it completes and fails when this signal does, once the events before have been delivered.
    public func deliverOnMainThread() -> Signal<Value, Failure> {
        deliver(on: Scheduler.main, immediatelyWhen: { Scheduler.isOnMainThreadOrQueue })
    }

    /// The mechanism of `deliverOnMainThread()`: delivers directly when `isOnTarget()` holds and no
    /// event is waiting on `scheduler`, otherwise through `scheduler`.
    package func deliver(on scheduler: Scheduler, immediatelyWhen isOnTarget: @escaping () -> Bool)
        -> Signal<Value, Failure>
    {
        Signal(name: SignalDebugNames.name("[\(self.name)] -deliverOnMainThread")) { subscriber in
            let queued = QueueLength()
            return self.subscribe(linkedTo: subscriber) { event in
                let position = queued.count.add(1, ordering: .acquiringAndReleasing).newValue
                if position == 1 && isOnTarget() {
                    subscriber.send(event)
                    queued.count.subtract(1, ordering: .acquiringAndReleasing)
                } else {
                    scheduler.schedule {
                        subscriber.send(event)
                        queued.count.subtract(1, ordering: .acquiringAndReleasing)
                    }
                }
            }
        }
    }
}

/// How many events `deliverOnMainThread()` has in flight for one subscription.
private final class QueueLength: Sendable {
    let count = Atomic<Int>(0)
}
