import Foundation

/// Runs every action synchronously on the calling thread, before `schedule` returns.
///
/// RAC: `RACImmediateScheduler`, reached as `Scheduler.immediate`. It returns no disposable, since
/// there is nothing left to cancel. `schedule(after:_:)` blocks the calling thread for the delay
/// and then runs the action, as RAC's `after:schedule:` does; it cannot repeat, so
/// `schedule(after:repeatingEvery:leeway:_:)` is a programmer error. Running an action does not
/// change `Scheduler.current`.
///
/// ```
/// print(1); Scheduler.immediate.schedule { print(2) }; print(3)   // 1 2 3
/// ```
public final class ImmediateScheduler: Scheduler, @unchecked Sendable {
    init() {
        super.init(name: "org.reactivecocoa.Scheduler.immediate")
    }

    /// Runs `action` now and returns `nil`. RAC: `-[RACImmediateScheduler schedule:]`.
    @discardableResult
    public override func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
        action()
        return nil
    }

    /// Sleeps the calling thread for `delay` (nothing if it is not positive), then runs `action`
    /// and returns `nil`. RAC: `-[RACImmediateScheduler after:schedule:]`.
    ///
    /// ```
    /// schedule(after: .milliseconds(5), a):  thread blocked 5 ms, then a
    /// ```
    @discardableResult
    public override func schedule(after delay: Duration, _ action: @escaping () -> Void) -> (any Disposable)?
    {
        let nanoseconds = delay.schedulingNanoseconds
        if nanoseconds > 0 {
            Thread.sleep(forTimeInterval: Double(nanoseconds) / 1_000_000_000)
        }
        action()
        return nil
    }
}
