import Foundation
import RACTestSupport
import Testing

@testable import LogWatchKit

@Suite("rac-logwatch: log lines and the command line")
struct LogEntryAndOptionsTests {
    @Test("a JSON object with service and level parses; anything else does not")
    func parsing() {
        #expect(
            LogEntry.parse(#"{"service": "api", "level": "ERROR", "msg": "x", "n": 3}"#)
                == LogEntry(service: "api", level: "error"))
        #expect(LogEntry.parse(#"{"service":"db","level":"info"}"#)?.isError == false)
        #expect(LogEntry.parse(#"{"service":"db","level":"fatal"}"#)?.isError == true)
        for line in [
            "", "plain text", "[1, 2]", #"{"level":"error"}"#, #"{"service":"","level":"error"}"#,
            #"{"service":"api","level":3}"#, #"{"service":"api","level":"error""#, "{\"service\":\"a\u{FFFD}",
        ] {
            #expect(LogEntry.parse(line) == nil, "\(line)")
        }
    }

    @Test("options: defaults, every flag, and usage errors naming the flag and the value")
    func options() throws {
        #expect(try LogWatchOptions.parse([]) == LogWatchOptions())
        #expect(try LogWatchOptions.parse(["--help"]) == nil)
        let options = try #require(
            try LogWatchOptions.parse([
                "--file", "/var/log/app.log", "--from-start", "--poll", "0.25", "--window", "2",
                "--error-rate", "0.3",
                "--min-count", "4", "--alert-interval", "0", "--health", "http://127.0.0.1:8080/health",
                "--health-interval", "1.5", "--health-timeout", "0.5", "--health-retries", "0",
                "--health-backoff", "0",
            ]))
        #expect(options.file == "/var/log/app.log")
        #expect(options.fromStart)
        #expect(options.poll == .milliseconds(250))
        #expect(options.window == .seconds(2))
        #expect(options.errorRate == 0.3)
        #expect(options.minimumCount == 4)
        #expect(options.alertInterval == .zero)
        #expect(options.healthPolicy?.target == "http://127.0.0.1:8080/health")
        #expect(options.healthPolicy?.interval == .milliseconds(1_500))
        #expect(options.healthPolicy?.retries == 0)
        let refused: [([String], String)] = [
            (["--window"], "--window needs a value"),
            (["--window", "0"], "--window needs a number of seconds > 0, got 0"),
            (["--error-rate", "2"], "--error-rate needs a number in 0...1, got 2"),
            (["--min-count", "0"], "--min-count needs a whole number >= 1, got 0"),
            (["--health", "ftp://x/"], "--health needs an http(s) URL, got ftp://x/"),
            (["--fly"], "unknown option \"--fly\""),
        ]
        for (arguments, message) in refused {
            #expect(throws: LogWatchOptions.UsageError(description: message)) {
                try LogWatchOptions.parse(arguments)
            }
        }
    }
}
