import Foundation
import RACFoundationBridge

/// Where the service writes its lines: one whole line at a time, from any thread.
public final class LineOutput: @unchecked Sendable {
    private let lock = NSLock()
    private let sink: (String) -> Void

    /// An output that passes each line to `sink`, one at a time.
    public init(_ sink: @escaping (String) -> Void) {
        self.sink = sink
    }

    /// Standard output, written at once (a pipe sees each line as it is written).
    public static func standardOutput() -> LineOutput {
        LineOutput { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
    }

    /// Writes one line (without its newline).
    public func write(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        sink(line)
    }
}

/// The service: the pipelines of `LogWatch` on real inputs (standard input, a followed file, an
/// HTTP health endpoint) and a queue scheduler.
public enum LogWatchService {
    /// Runs until `input` ends; returns the exit status (0 at end of input, 1 if it cannot be read).
    public static func run(
        _ options: LogWatchOptions, input: FileHandle, output: LineOutput, session: URLSession = .shared
    ) -> Int32 {
        let scheduler = QueueScheduler(name: "rac-logwatch")
        let standardInput = input.rac.lines(decoding: .lenient).publish()
        let inputLines = standardInput.signal.catch { _ in Signal<String, Never>.empty }
        var sources = [inputLines]
        if let file = options.file {
            let followed = FileManager.default.rac.followLines(
                atPath: file, from: options.fromStart ? .beginning : .end, pollingEvery: options.poll,
                on: scheduler, decoding: .lenient)
            sources.append(
                followed.catch { error in
                    output.write("rac-logwatch: stopped following: \(error)")
                    return Signal<String, Never>.never
                })
        }
        let entries = LogWatch.entries(Signal.merge(sources)) { line in
            output.write("skipped (not a JSON log entry): \(line.prefix(80))")
        }
        var messages = [LogWatch.reports(entries, policy: options.alertPolicy, on: scheduler)]
        if let policy = options.healthPolicy, let url = options.health {
            let request = URLRequest(url: url)
            let readings = LogWatch.health(
                check: {
                    session.rac.data(for: request, validatingStatus: 200..<300)
                        .map { _ in () }
                        .mapError { HealthCheckFailure(reason: $0.description) }
                }, policy: policy, on: scheduler)
            messages.append(LogWatch.healthMessages(readings))
        }

        let finished = DispatchSemaphore(value: 0)
        let status = LockedStatus()
        let ending = standardInput.signal.subscribe(
            error: { error in
                output.write("rac-logwatch: cannot read standard input: \(error)")
                status.set(1)
                finished.signal()
            },
            completed: { finished.signal() })
        let printing = Signal.merge(messages).subscribe(next: output.write)
        let described = [options.file.map { "following \($0)" }, "reading standard input"].compactMap { $0 }
        output.write(
            "rac-logwatch: \(described.joined(separator: ", ")); windows of \(options.window)"
                + (options.health.map { "; health \($0.absoluteString)" } ?? ""))
        let connection = standardInput.connect()
        finished.wait()
        printing.dispose()
        ending.dispose()
        connection.dispose()
        output.write("rac-logwatch: standard input closed; exiting")
        return status.value
    }
}

/// The exit status, set from the reader thread.
private final class LockedStatus: @unchecked Sendable {
    private let lock = NSLock()
    private var status: Int32 = 0
    func set(_ value: Int32) { lock.withLock { status = value } }
    var value: Int32 { lock.withLock { status } }
}
