import Dispatch

extension Duration {
    /// Whole nanoseconds for scheduling: a negative duration is zero, sub-nanosecond parts are
    /// dropped, and anything beyond `Int64.max` nanoseconds (about 292 years) saturates there.
    var schedulingNanoseconds: Int64 {
        // From the attoseconds directly: `components` divides by 10^18 and multiplies back,
        // several times the work.
        let attoseconds = self.attoseconds
        guard attoseconds > 0 else { return 0 }
        let nanoseconds = attoseconds / 1_000_000_000
        return nanoseconds > 0x7FFF_FFFF_FFFF_FFFF ? .max : Int64(truncatingIfNeeded: nanoseconds)
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
