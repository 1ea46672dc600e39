import Foundation
import RACTestSupport
import Testing

/// The built `rac-logwatch`, run as a child process on loopback only: a health endpoint served by
/// this test, a log file the test appends to while the service follows it, standard input through
/// a pipe, closed to end the service. Waits are failure guards; nothing asserts on timing.
@Suite("rac-logwatch, end to end")
struct LogWatchProcessTests {
    private static func line(_ service: String, _ level: String) -> String {
        #"{"service": "\#(service)", "level": "\#(level)", "msg": "request served"}"# + "\n"
    }

    /// Appends `text` to the file at `url` in one write.
    private func append(_ text: String, to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    @Test func followsAFileAlertsRecoversWatchesHealthAndExitsAtEndOfInput() throws {
        let endpoint = try HealthEndpoint()
        defer { endpoint.stop() }
        let logFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rac-logwatch-\(UUID()).log")
        try Data().write(to: logFile)
        defer { try? FileManager.default.removeItem(at: logFile) }
        let program = try LogWatchProcess(arguments: [
            "--file", logFile.path, "--from-start", "--poll", "0.05", "--window", "0.3", "--error-rate",
            "0.5",
            "--min-count", "3", "--alert-interval", "600", "--health", endpoint.url, "--health-interval",
            "0.2",
            "--health-timeout", "5", "--health-retries", "1", "--health-backoff", "0.05",
        ])
        try program.waitForOutput(containing: "health: up")

        // One write: one poll reads it, so all four lines fall in one window.
        try append(
            Self.line("api", "error") + Self.line("api", "info") + Self.line("api", "error")
                + Self.line("api", "error"), to: logFile)
        try program.waitForOutput(containing: "ALERT api: 3/4 errors (75%)")
        // Still failing, but the alert interval (600 s) has not passed: counted, not alerted again.
        try append(String(repeating: Self.line("api", "fatal"), count: 4), to: logFile)
        try program.waitForOutput(containing: "window api: 4/4 errors (100%)")
        try append(String(repeating: Self.line("api", "info"), count: 4) + "not json\n", to: logFile)
        try program.waitForOutput(containing: "RECOVERED api: 0/4 errors (0%)")
        try program.waitForOutput(containing: "skipped (not a JSON log entry): not json")

        // Standard input is read too. Six lines: however a window boundary cuts them, one window
        // holds at least three.
        program.write(String(repeating: Self.line("db", "error"), count: 6))
        try program.waitForOutput(containing: "ALERT db: ")

        endpoint.status = "503 Service Unavailable"
        try program.waitForOutput(
            containing: "health: DOWN (URL request got HTTP status 503 from \(endpoint.url)")
        endpoint.status = "200 OK"
        try program.waitForOutput(containing: "health: RECOVERED")

        let status = try program.finish()
        let lines = program.output.split(separator: "\n").map(String.init)
        #expect(status == 0)
        #expect(program.errorOutput.isEmpty)
        #expect(
            lines.first?.hasPrefix("rac-logwatch: following \(logFile.path), reading standard input") == true)
        #expect(lines.last == "rac-logwatch: standard input closed; exiting")
        #expect(lines.filter { $0.hasPrefix("ALERT api") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("RECOVERED") }.count == 1)
        #expect(lines.filter { $0 == "health: up" }.count == 1)
        #expect(lines.filter { $0.hasPrefix("health: DOWN") }.count == 1)
        #expect(endpoint.requests >= 3)
    }

    @Test func aHangingHealthEndpointTimesOutNamingItsURLThenRecovers() throws {
        let endpoint = try HealthEndpoint()
        defer { endpoint.stop() }
        endpoint.status = nil
        let program = try LogWatchProcess(arguments: [
            "--health", endpoint.url, "--health-interval", "0.2", "--health-timeout", "0.3",
            "--health-retries", "1",
            "--health-backoff", "0.05",
        ])
        try program.waitForOutput(
            containing: "health: DOWN (no answer from \(endpoint.url) within 0.3 seconds)")
        endpoint.status = "204 No Content"
        try program.waitForOutput(containing: "health: RECOVERED")
        #expect(try program.finish() == 0)
        #expect(endpoint.requests >= 3)  // the first check and its retry hung; a later one answered
    }

    @Test func endOfInputAtOnceExitsZero() throws {
        let program = try LogWatchProcess(arguments: ["--window", "1"])
        let status = try program.finish()
        #expect(status == 0)
        #expect(
            program.output
                == "rac-logwatch: reading standard input; windows of 1.0 seconds\n"
                + "rac-logwatch: standard input closed; exiting\n")
    }

    @Test func aBadCommandLineIsAUsageError() throws {
        let program = try LogWatchProcess(arguments: ["--window", "-1"])
        let status = try program.finish()
        #expect(status == 2)
        #expect(program.output.isEmpty)
        #expect(
            program.errorOutput.hasPrefix(
                "rac-logwatch: --window needs a number of seconds > 0, got -1\nusage:"))
    }
}
