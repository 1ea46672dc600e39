import Dispatch

extension Duration {
    /// Whole nanoseconds for scheduling: a negative duration is zero, sub-nanosecond parts are
    /// dropped, and anything beyond `Int64.max` nanoseconds (about 292 years) saturates there.
    var schedulingNanoseconds: Int64 {
        guard self > .zero else { return 0 }
        let (seconds, attoseconds) = components
        let (whole, overflowed) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflowed { return .max }
        let (total, overflowedAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflowedAgain ? .max : total
    }

    /// The same span as a Dispatch interval, saturating as `schedulingNanoseconds` does.
    var dispatchInterval: DispatchTimeInterval {
        .nanoseconds(Int(clamping: schedulingNanoseconds))
    }
}

extension Scheduler {
    /// Stops the process if `interval` or `leeway` cannot drive a repeating action: the interval
    /// must be at least one nanosecond (a smaller one would repeat without time passing) and the
    /// leeway must not be negative. `Scheduler.schedule(after:repeatingEvery:leeway:_:)` calls it
    /// before any scheduler's `scheduleRepetition`.
    static func validateRepetition(interval: Duration, leeway: Duration, in type: String) {
        let call = "\(type).schedule(after:repeatingEvery:leeway:_:)"
        if interval < .nanoseconds(1) {
            racProgrammerError(call, "interval must be > .zero (at least 1 ns), got \(interval)")
        }
        if leeway < .zero {
            racProgrammerError(call, "leeway must be >= .zero, got \(leeway)")
        }
    }
}
