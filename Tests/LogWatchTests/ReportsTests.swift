import Foundation
import LogWatchKit
import RACTestSupport
import Testing

/// `LogWatch.reports` and `AlertPolicy` in virtual time: one frame is a millisecond, a window ten.
@Suite("rac-logwatch: windows, alerts and recoveries in virtual time", .checksRelease)
struct ReportsTests {
    private static let error = LogEntry(service: "api", level: "error")
    private static let info = LogEntry(service: "api", level: "info")

    @Test(
        "an alert when a window reaches the rate, repeated at most once per alert interval, then a recovery")
    func alertRepeatAndRecovery() {
        let scheduler = TestScheduler()
        let entries = Subject<LogEntry, Never>()
        let policy = AlertPolicy(
            window: .milliseconds(10), errorRate: 0.5, minimumCount: 3, alertInterval: .milliseconds(25))
        let log = EventLog<String, Never>(timedBy: scheduler)
        let subscription = LogWatch.reports(entries, policy: policy, on: scheduler).subscribe(
            log.subscriber())
        // Window 0-10: 3 errors of 4. Windows 10-20, 20-30, 30-40: all errors. Window 40-50: 5 infos.
        let plan: [(Int, LogEntry)] =
            [(1, Self.error), (2, Self.error), (3, Self.info), (4, Self.error)]
            + (11...13).map { ($0, Self.error) } + (21...23).map { ($0, Self.error) }
            + (31...33).map { ($0, Self.error) } + (41...45).map { ($0, Self.info) }
        for (frame, entry) in plan {
            scheduler.advance(toFrame: frame)
            entries.sendNext(entry)
        }
        scheduler.advance(toFrame: 60)
        let interval = "\(Duration.milliseconds(10))"
        #expect(
            log.matches([
                (10, .next("window api: 3/4 errors (75%)")),
                (10, .next("ALERT api: 3/4 errors (75%) in the last \(interval)")),
                (20, .next("window api: 3/3 errors (100%)")),  // 10 ms after the alert: suppressed
                (30, .next("window api: 3/3 errors (100%)")),  // 20 ms: suppressed
                (40, .next("window api: 3/3 errors (100%)")),
                (40, .next("ALERT (still) api: 3/3 errors (100%) in the last \(interval)")),
                (50, .next("window api: 0/5 errors (0%)")),
                (50, .next("RECOVERED api: 0/5 errors (0%) in the last \(interval)")),
            ]), "\(log.summary)")
        subscription.dispose()
        #expect(scheduler.isEmpty)
    }

    @Test("services are counted apart; too few lines neither alert nor recover; empty windows say nothing")
    func perServiceAndMinimum() {
        let scheduler = TestScheduler()
        let entries = Subject<LogEntry, Never>()
        let policy = AlertPolicy(
            window: .milliseconds(10), errorRate: 0.5, minimumCount: 3, alertInterval: .zero)
        let log = EventLog<String, Never>(timedBy: scheduler)
        let subscription = LogWatch.reports(entries, policy: policy, on: scheduler).subscribe(
            log.subscriber())
        scheduler.advance(toFrame: 1)
        for _ in 0..<3 { entries.sendNext(LogEntry(service: "db", level: "error")) }
        entries.sendNext(LogEntry(service: "api", level: "error"))
        entries.sendNext(LogEntry(service: "api", level: "error"))  // 2 < minimum: no alert
        scheduler.advance(toFrame: 11)
        entries.sendNext(LogEntry(service: "db", level: "info"))  // 1 < minimum: db stays alerting
        scheduler.advance(toFrame: 40)  // windows 20-30 and 30-40 are empty
        #expect(
            log.matches([
                (10, .next("window api: 2/2 errors (100%)")),
                (10, .next("window db: 3/3 errors (100%)")),
                (10, .next("ALERT db: 3/3 errors (100%) in the last \(Duration.milliseconds(10))")),
                (20, .next("window db: 0/1 errors (0%)")),
            ]), "\(log.summary)")
        subscription.dispose()
        #expect(scheduler.isEmpty)
    }

    @Test("entries(_:skipped:) keeps the lines that parse and reports the others, not blank ones")
    func entriesAndSkipped() {
        let skipped = Log<String>()
        let log = EventLog.of(
            LogWatch.entries(Signal(values: [#"{"service":"a","level":"info"}"#, "junk", "  ", #"{"x":1}"#]))
            { skipped.append($0) })
        #expect(log.events == [.next(LogEntry(service: "a", level: "info")), .completed])
        #expect(skipped.all == ["junk", #"{"x":1}"#])
    }

    @Test("an empty input sends nothing, whatever the time")
    func emptyInput() {
        let scheduler = TestScheduler()
        let policy = AlertPolicy(
            window: .milliseconds(10), errorRate: 0.5, minimumCount: 1, alertInterval: .zero)
        let log = EventLog<String, Never>()
        let subscription = LogWatch.reports(.empty, policy: policy, on: scheduler).subscribe(log.subscriber())
        scheduler.advance(toFrame: 100)
        #expect(log.events.isEmpty)
        subscription.dispose()
        #expect(scheduler.isEmpty)
    }
}
