import Foundation
import RACFoundationBridge

/// The log watcher's pipelines, as functions of their input signals and a scheduler, so that the
/// tests drive them in virtual time (`TestScheduler`) and the program runs them on a queue.
public enum LogWatch {
    private enum WindowInput {
        case entry(LogEntry)
        case tick(Int)
    }

    /// Counts `entries` per service in consecutive windows of `policy.window` on `scheduler` (the
    /// first window starts at subscription), and sends, as each window closes, its per-service
    /// counts and the alerts and recoveries `policy` decides (`AlertPolicy.close(_:at:)`).
    /// Windows with no entry send nothing. Never completes (the windows go on).
    ///
    /// ```
    /// entries (api):  -e-e-i-e--------i-i-i-i--   (window = 10, minimum 3, rate 0.5)
    /// messages:       ----------(w,ALERT)-----(w,RECOVERED)
    /// ```
    public static func reports(
        _ entries: Signal<LogEntry, Never>, policy: AlertPolicy, on scheduler: Scheduler
    ) -> Signal<String, Never> {
        let window = policy.window
        let ticks = Signal.interval(window, on: scheduler).map(WindowInput.tick)
        let inputs = Signal.merge([entries.map(WindowInput.entry), ticks])
        return inputs.scan(into: (counts: WindowCounts(), policy: policy, messages: [String]())) {
            state, input in
            switch input {
            case .entry(let entry):
                state.counts.add(entry)
                state.messages = []
            case .tick(let index):
                state.messages = state.policy.close(state.counts.windows, at: window * (index + 1))
                state.counts = WindowCounts()
            }
        }
        .flattenMap { Signal(values: $0.messages) }
    }

    /// The entries of `lines` that parse (`LogEntry.parse(_:)`); a line that does not is
    /// reported by `skipped` (with the line) and dropped.
    public static func entries(
        _ lines: Signal<String, Never>, skipped: @escaping @Sendable (String) -> Void = { _ in }
    ) -> Signal<LogEntry, Never> {
        lines.compactMap { line in
            guard let entry = LogEntry.parse(line) else {
                if !line.trimmingCharacters(in: .whitespaces).isEmpty { skipped(line) }
                return nil
            }
            return entry
        }
    }
}
