import RACOperators
import RACTestSupport
import Testing

/// Schedules `action` at `milliseconds` of virtual time.
func at(_ milliseconds: Int, on scheduler: VirtualTimeScheduler, _ action: @escaping () -> Void) {
    scheduler.schedule(after: .milliseconds(milliseconds) - scheduler.now, action)
}
