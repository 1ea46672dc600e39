import Dispatch

/// The disposable of a repeating action on a `QueueScheduler`: a Dispatch timer source.
///
/// The timer's handler holds this object and this object holds the timer, so a running timer stays
/// alive even if the caller drops the disposable (as a RAC timer does); disposing breaks the cycle
/// by cancelling the source, and releases the action at once.
final class RepeatingTimer: Disposable, @unchecked Sendable {
    private let timer: any DispatchSourceTimer
    private let action: ScheduledAction

    init(
        on scheduler: QueueScheduler, after delay: Duration, every interval: Duration, leeway: Duration,
        action: ScheduledAction
    ) {
        self.action = action
        timer = DispatchSource.makeTimerSource(queue: scheduler.queue)
        timer.schedule(
            deadline: .now() + delay.dispatchInterval,
            repeating: interval.dispatchInterval,
            leeway: leeway.dispatchInterval
        )
        timer.setEventHandler { [self] in
            scheduler.performAsCurrent { self.action.runRepeating() }
        }
        timer.resume()
    }

    var isDisposed: Bool {
        action.isDisposed
    }

    func dispose() {
        guard !action.isDisposed else { return }
        action.dispose()
        timer.cancel()
    }
}
