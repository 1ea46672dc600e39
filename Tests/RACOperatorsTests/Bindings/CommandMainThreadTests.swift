import Foundation
import Testing

/// The programs of `Tests/MainQueueProbe` (issue 17, item 4), run as child processes: a blocking
/// operator called on the main thread, which never drains the main queue, for work queued there
/// (a `Command` with its default scheduler, `delay(_:on: .main)`) ends the program with the
/// programmer-error message naming the call instead of hanging; without such work it just runs.
@Suite("Blocking on the main thread for work queued on the main queue stops loudly, in a child process")
struct CommandMainThreadTests {
    @Test(
        "Command(execute:) with the default scheduler, then a blocking operator on the main thread",
        arguments: [
            ("command-toArray", "toArray()"),
            ("command-first", "first()"),
            ("command-waitUntilCompleted", "waitUntilCompleted()"),
        ])
    func commandOnMainQueueStopsLoudly(program: String, call: String) throws {
        let run = try ProbeRun(program)
        #expect(run.exitedAbnormally)
        #expect(run.output.isEmpty)
        #expect(run.errorOutput.contains("ReactiveCocoa: \(call): called on the main thread while"))
        #expect(run.errorOutput.contains("scheduled on Scheduler.main wait to run"))
    }

    @Test("an action that comes due on the main queue while the main thread waits stops it too")
    func delayOnMainStopsLoudly() throws {
        let run = try ProbeRun("delay-on-main-toArray")
        #expect(run.exitedAbnormally)
        #expect(run.output.isEmpty)
        #expect(run.errorOutput.contains("ReactiveCocoa: toArray(): called on the main thread while"))
        #expect(run.errorOutput.contains("scheduled on Scheduler.main wait to run"))
    }

    @Test("blocking the main thread with nothing queued on the main queue runs normally")
    func backgroundWorkRuns() throws {
        let run = try ProbeRun("background-toArray")
        #expect(!run.exitedAbnormally)
        #expect(run.output == "values: [7]\n")
    }

    @Test("an action of Scheduler.main disposed before it ran does not count as queued work")
    func disposedMainActionIsNotWork() throws {
        let run = try ProbeRun("disposed-main-action-toArray")
        #expect(!run.exitedAbnormally)
        #expect(run.output == "values: [8]\n")
    }

    @Test("a Command given another scheduler works from a command-line tool's main thread")
    func commandWithSchedulerRuns() throws {
        let run = try ProbeRun("command-with-scheduler-toArray")
        #expect(!run.exitedAbnormally)
        #expect(run.output == "values: [42]\n")
    }
}

/// One finished run of `RACMainQueueProbe` with its outputs.
private struct ProbeRun {
    let status: Int32
    let reason: Process.TerminationReason
    let output: String
    let errorOutput: String

    /// Whether the program crashed or exited with a failure status.
    var exitedAbnormally: Bool { reason == .uncaughtSignal || status != 0 }

    /// Runs the probe's `program` and waits for it to exit; a run that has not exited after
    /// `timeout` (a hang, the defect under test) is killed and reported as an error.
    init(_ program: String, timeout: Duration = .seconds(60)) throws {
        // The test binary and the products share SwiftPM's build directory.
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        #if os(macOS)
            var products = directory
            while products.pathExtension != "xctest", products.path != "/" {
                products = products.deletingLastPathComponent()
            }
            let executable = products.deletingLastPathComponent().appendingPathComponent("RACMainQueueProbe")
        #else
            let executable = directory.appendingPathComponent("RACMainQueueProbe")
        #endif
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw ProbeError.notBuilt(executable.path)
        }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("rac-main-queue-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputFile = scratch.appendingPathComponent("out")
        let errorFile = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputFile)
        let errors = try FileHandle(forWritingTo: errorFile)

        let process = Process()
        process.executableURL = executable
        process.arguments = [program]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"  // the crash message only, at once
        process.environment = environment
        process.standardOutput = output
        process.standardError = errors
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if exited.wait(timeout: .now() + .seconds(Int(timeout.components.seconds))) == .timedOut {
            process.terminate()
            process.waitUntilExit()
            throw ProbeError.hung(program)
        }
        process.waitUntilExit()
        try output.close()
        try errors.close()
        status = process.terminationStatus
        reason = process.terminationReason
        self.output = try Self.text(of: outputFile)
        errorOutput = try Self.text(of: errorFile)
    }

    /// The file's text, read through a file handle: `Data(contentsOf:)` leaks its 4 KiB read buffer
    /// for an empty file in FoundationEssentials 6.3 (LeakSanitizer reports it).
    private static func text(of file: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }
}

/// Why a probe run could not be checked.
private enum ProbeError: Error, CustomStringConvertible {
    case notBuilt(String)
    case hung(String)

    var description: String {
        switch self {
        case .notBuilt(let path): return "RACMainQueueProbe is not built at \(path)"
        case .hung(let program): return "RACMainQueueProbe \(program) did not exit: it hangs"
        }
    }
}
