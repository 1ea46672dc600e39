import Dispatch

extension Scheduler {
    /// The shared scheduler that runs actions synchronously, at once, on the calling thread.
    /// RAC: `+[RACScheduler immediateScheduler]`.
    ///
    /// ```
    /// schedule(a)  ->  a runs before schedule returns
    /// ```
    public static let immediate = ImmediateScheduler()

    /// The shared scheduler that runs actions on the main queue. RAC:
    /// `+[RACScheduler mainThreadScheduler]`.
    ///
    /// On Linux the main queue only runs while the main thread drains it (`dispatchMain()`,
    /// `RunLoop.main.run()`); a command-line tool or test that never does so never runs these
    /// actions. Take the scheduler as a parameter where tests must run without a main loop. A
    /// blocking operator (`toArray()` …) called on the main thread while an action of this
    /// scheduler waits to run stops the process with a message naming the call, since the action
    /// could only run after it returns.
    public static var main: QueueScheduler {
        QueueScheduler.onMainQueue
    }

    /// The shared scheduler that subscriptions run on, which keeps nested work from growing the
    /// stack. RAC: `+[RACScheduler subscriptionScheduler]`.
    ///
    /// ```
    /// schedule(a)  ->  a runs now, or after the enclosing deep subscription, on this thread
    /// ```
    public static let subscription = SubscriptionScheduler()
}
