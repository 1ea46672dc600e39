import Foundation

/// The command line of `rac-logwatch`.
public struct LogWatchOptions: Sendable, Equatable {
    /// The file to follow (`--file`), if any.
    public var file: String?
    /// Whether to read the file from its start (`--from-start`) instead of only what is appended.
    public var fromStart = false
    /// The least time between two polls of the file (`--poll`).
    public var poll: Duration = .milliseconds(500)
    /// The length of one counting window (`--window`).
    public var window: Duration = .seconds(10)
    /// The error rate, from 0 to 1, at which a window alerts (`--error-rate`).
    public var errorRate = 0.5
    /// The fewest lines of a service a window needs to alert or recover (`--min-count`).
    public var minimumCount = 5
    /// The least time between two alerts for one service (`--alert-interval`).
    public var alertInterval: Duration = .seconds(60)
    /// The health endpoint to poll (`--health`), if any.
    public var health: URL?
    /// The time between two health checks (`--health-interval`).
    public var healthInterval: Duration = .seconds(5)
    /// How long one health check attempt may take (`--health-timeout`).
    public var healthTimeout: Duration = .seconds(2)
    /// How many times a failed health check is retried (`--health-retries`).
    public var healthRetries = 2
    /// The wait before the first retry, doubled for each next one (`--health-backoff`).
    public var healthBackoff: Duration = .milliseconds(500)

    /// The defaults.
    public init() {}

    /// The usage text, printed by `--help` and after a usage error.
    public static let usage = """
        usage: rac-logwatch [--file PATH [--from-start] [--poll SECONDS]]
                            [--window SECONDS] [--error-rate 0...1] [--min-count N] [--alert-interval SECONDS]
                            [--health URL [--health-interval SECONDS] [--health-timeout SECONDS]
                                          [--health-retries N] [--health-backoff SECONDS]]
        Reads newline-delimited JSON log lines ({"service": "api", "level": "error", …}) from standard
        input and from the file followed with --file; prints per-service window counts, alerts when a
        service's error rate reaches the threshold (at most once per alert interval) and when it
        recovers, and changes of the health endpoint. Exits 0 when standard input closes.
        """

    /// Why a command line was refused.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        /// What is wrong with the command line.
        public let description: String
    }

    /// The options of `arguments` (without the program name); `nil` for `--help`.
    public static func parse(_ arguments: [String]) throws(UsageError) -> LogWatchOptions? {
        var options = LogWatchOptions()
        var rest = arguments[...]
        func value(_ flag: String) throws(UsageError) -> String {
            guard let value = rest.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            return value
        }
        func seconds(_ flag: String, allowZero: Bool = false) throws(UsageError) -> Duration {
            let text = try value(flag)
            guard let seconds = Double(text), seconds.isFinite, allowZero ? seconds >= 0 : seconds > 0 else {
                throw UsageError(
                    description:
                        "\(flag) needs a number of seconds \(allowZero ? ">= 0" : "> 0"), got \(text)")
            }
            return .nanoseconds(Int64((seconds * 1e9).rounded()))
        }
        func count(_ flag: String, minimum: Int) throws(UsageError) -> Int {
            let text = try value(flag)
            guard let count = Int(text), count >= minimum else {
                throw UsageError(description: "\(flag) needs a whole number >= \(minimum), got \(text)")
            }
            return count
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--help", "-h": return nil
            case "--file": options.file = try value(flag)
            case "--from-start": options.fromStart = true
            case "--poll": options.poll = try seconds(flag)
            case "--window": options.window = try seconds(flag)
            case "--error-rate":
                let text = try value(flag)
                guard let rate = Double(text), (0...1).contains(rate) else {
                    throw UsageError(description: "--error-rate needs a number in 0...1, got \(text)")
                }
                options.errorRate = rate
            case "--min-count": options.minimumCount = try count(flag, minimum: 1)
            case "--alert-interval": options.alertInterval = try seconds(flag, allowZero: true)
            case "--health":
                let text = try value(flag)
                guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https",
                    url.host != nil
                else {
                    throw UsageError(description: "--health needs an http(s) URL, got \(text)")
                }
                options.health = url
            case "--health-interval": options.healthInterval = try seconds(flag)
            case "--health-timeout": options.healthTimeout = try seconds(flag)
            case "--health-retries": options.healthRetries = try count(flag, minimum: 0)
            case "--health-backoff": options.healthBackoff = try seconds(flag, allowZero: true)
            default: throw UsageError(description: "unknown option \"\(flag)\"")
            }
        }
        return options
    }

    /// The alert policy these options describe.
    public var alertPolicy: AlertPolicy {
        AlertPolicy(
            window: window, errorRate: errorRate, minimumCount: minimumCount, alertInterval: alertInterval)
    }

    /// The health policy these options describe, if a health URL was given.
    public var healthPolicy: HealthPolicy? {
        health.map {
            HealthPolicy(
                target: $0.absoluteString, interval: healthInterval, timeout: healthTimeout,
                retries: healthRetries,
                backoff: healthBackoff)
        }
    }
}
