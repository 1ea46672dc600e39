import Foundation

/// How many lines, and how many errors, one service wrote in one window.
public struct ServiceWindow: Sendable, Hashable {
    /// The service's name.
    public let service: String
    /// How many of its lines the window holds.
    public let count: Int
    /// How many of those are errors.
    public let errors: Int

    /// The counts of `service` in one window.
    public init(service: String, count: Int, errors: Int) {
        self.service = service
        self.count = count
        self.errors = errors
    }

    /// The share of the window's lines that are errors, from 0 to 1.
    public var errorRate: Double { count == 0 ? 0 : Double(errors) / Double(count) }

    /// `api: 3/4 errors (75%)`.
    public var summary: String {
        "\(service): \(errors)/\(count) errors (\(Int((errorRate * 100).rounded()))%)"
    }
}

/// The entries of one window, counted per service.
public struct WindowCounts: Sendable {
    private var counts: [String: (count: Int, errors: Int)] = [:]

    /// No entry counted yet.
    public init() {}

    /// Counts `entry`.
    public mutating func add(_ entry: LogEntry) {
        counts[entry.service, default: (0, 0)].count += 1
        if entry.isError { counts[entry.service, default: (0, 0)].errors += 1 }
    }

    /// The services seen, in name order.
    public var windows: [ServiceWindow] {
        counts.keys.sorted().map {
            ServiceWindow(service: $0, count: counts[$0]!.count, errors: counts[$0]!.errors)
        }
    }
}

/// When a window's error rate raises an alert, how often alerts repeat, and when a service has
/// recovered. A pure state machine: `close(_:at:)` takes one closed window's counts and the time
/// it closed, and returns the messages to print.
///
/// - A service **alerts** when a window holds at least `minimumCount` of its lines and at least
///   `errorRate` of them are errors: `ALERT api: 3/4 errors (75%) in the last 10.0 seconds`.
/// - While it stays over the threshold, the alert is repeated at most once per `alertInterval`
///   (`ALERT (still) api: …`); the windows in between print only their counts.
/// - It **recovers** at the first window with at least `minimumCount` of its lines under the
///   threshold: `RECOVERED api: 0/5 errors (0%)`. A window with fewer lines changes nothing.
public struct AlertPolicy: Sendable {
    /// The length of one window.
    public let window: Duration
    /// The error rate, from 0 to 1, at which a window alerts.
    public let errorRate: Double
    /// The fewest lines of a service a window needs to alert or recover.
    public let minimumCount: Int
    /// The least time between two alerts for one service.
    public let alertInterval: Duration
    private var alerting: [String: Duration] = [:]

    /// A policy with no service alerting; the values are checked (a bad one stops the program).
    public init(window: Duration, errorRate: Double, minimumCount: Int, alertInterval: Duration) {
        precondition(window > .zero, "AlertPolicy(window:): window must be > 0, got \(window)")
        precondition(
            (0...1).contains(errorRate),
            "AlertPolicy(errorRate:): errorRate must be in 0...1, got \(errorRate)")
        precondition(
            minimumCount > 0, "AlertPolicy(minimumCount:): minimumCount must be > 0, got \(minimumCount)")
        self.window = window
        self.errorRate = errorRate
        self.minimumCount = minimumCount
        self.alertInterval = alertInterval
    }

    /// The services alerting now.
    public var alertingServices: [String] { alerting.keys.sorted() }

    /// The messages for one closed window: its per-service counts, then alerts and recoveries.
    public mutating func close(_ windows: [ServiceWindow], at time: Duration) -> [String] {
        var messages: [String] = []
        let seconds = "\(window)"
        for stats in windows {
            messages.append("window \(stats.summary)")
            guard stats.count >= minimumCount else { continue }
            let failing = stats.errorRate >= errorRate
            switch (failing, alerting[stats.service]) {
            case (true, nil):
                alerting[stats.service] = time
                messages.append("ALERT \(stats.summary) in the last \(seconds)")
            case (true, let last?):
                if time - last >= alertInterval {
                    alerting[stats.service] = time
                    messages.append("ALERT (still) \(stats.summary) in the last \(seconds)")
                }
            case (false, _?):
                alerting[stats.service] = nil
                messages.append("RECOVERED \(stats.summary) in the last \(seconds)")
            case (false, nil):
                break
            }
        }
        return messages
    }
}
