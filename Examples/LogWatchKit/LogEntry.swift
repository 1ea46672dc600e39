import Foundation

/// One log line the watcher understands: a JSON object with a `service` and a `level`, e.g.
/// `{"service": "api", "level": "error", "msg": "upstream timed out"}`. Other fields are ignored.
public struct LogEntry: Sendable, Hashable {
    /// The service that wrote the line.
    public let service: String
    /// Its level, lowercased (`"info"`, `"warn"`, `"error"`…).
    public let level: String

    /// An entry of `service` at `level` (lowercased).
    public init(service: String, level: String) {
        self.service = service
        self.level = level.lowercased()
    }

    /// Whether the line reports an error (`error`, `fatal` or `critical`).
    public var isError: Bool { ["error", "fatal", "critical"].contains(level) }

    /// The entry of one newline-delimited JSON line, or `nil` if the line is not a JSON object
    /// with string fields `service` and `level` (blank lines, plain text, repaired bytes that broke
    /// the JSON).
    public static func parse(_ line: String) -> LogEntry? {
        guard let data = line.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let service = object["service"] as? String, !service.isEmpty,
            let level = object["level"] as? String
        else { return nil }
        return LogEntry(service: service, level: level)
    }
}
