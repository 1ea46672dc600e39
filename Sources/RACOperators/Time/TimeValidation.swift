// The argument checks shared by the time operators.

/// Checks shared by the time operators: durations must be sensible, and operators that keep
/// state across time need a scheduler that can wait (RAC asserts `scheduler != immediateScheduler`).
@usableFromInline
enum TimeValidation {
    @usableFromInline
    static func requireNonNegative(_ interval: Duration, _ call: String) {
        if interval < .zero {
            racProgrammerError(call, "interval must be >= 0, got \(interval)")
        }
    }

    @usableFromInline
    static func requirePositive(_ interval: Duration, _ call: String) {
        if interval <= .zero {
            racProgrammerError(call, "interval must be > 0, got \(interval)")
        }
    }

    @usableFromInline
    static func requireDeferringScheduler(_ scheduler: Scheduler, _ call: String) {
        if scheduler is ImmediateScheduler {
            racProgrammerError(
                call, "the scheduler must be able to defer work, got ImmediateScheduler (\(scheduler.name))")
        }
    }
}

extension TimeValidation {
    /// The arguments of an operator that ends its batches or windows by time (`interval`, on
    /// `scheduler`) and, given a `count`, by count.
    @usableFromInline
    static func requireBatching(
        _ interval: Duration, count: Int?, on scheduler: Scheduler, _ call: String
    ) {
        requirePositive(interval, call)
        requireDeferringScheduler(scheduler, call)
        if let count { racRequirePositive(count, "count", call) }
    }
}
