import Foundation

/// One finished run of a program in a child process: its exit status and what it wrote to its
/// standard output and standard error. Used by the tests that must watch a whole process (a
/// program that would hang, a test binary run on a fixture).
///
/// ```
/// ChildProcessRun(probe, arguments: ["delay-on-main-toArray"], timeout: .seconds(60))
///   → status 134, reason .uncaughtSignal, errorOutput "… toArray() … main thread …"
/// ```
package struct ChildProcessRun {
    package let status: Int32
    package let reason: Process.TerminationReason
    package let output: String
    package let errorOutput: String

    /// Whether the program crashed or exited with a failure status.
    package var exitedAbnormally: Bool { reason == .uncaughtSignal || status != 0 }

    /// Runs `executable` with `arguments`, in this process's environment plus `environment`, and
    /// waits for it to exit; one still running after `timeout` is killed and reported as
    /// `ChildProcessError.hung`. The outputs go to files (a pipe that nobody reads would fill up
    /// and block a chatty child).
    package init(
        _ executable: URL, arguments: [String], environment: [String: String] = [:], timeout: Duration
    ) throws {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("rac-child-process-\(UUID().uuidString)")
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
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = output
        process.standardError = errors
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if exited.wait(timeout: .now() + .seconds(Int(timeout.components.seconds))) == .timedOut {
            process.terminate()
            process.waitUntilExit()
            throw ChildProcessError.hung(executable.lastPathComponent, arguments: arguments, timeout: timeout)
        }
        process.waitUntilExit()
        try output.close()
        try errors.close()
        status = process.terminationStatus
        reason = process.terminationReason
        self.output = String(decoding: try Self.contents(of: outputFile), as: UTF8.self)
        errorOutput = String(decoding: try Self.contents(of: errorFile), as: UTF8.self)
    }

    /// A file's bytes, read through a file handle: `Data(contentsOf:)` leaks its 4 KiB read buffer
    /// for an empty file in FoundationEssentials 6.3 (LeakSanitizer reports it).
    package static func contents(of file: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }
}

/// Why a child process could not be checked: the one error of the tests' process helpers
/// (`ChildProcessRun`, RACOperatorsTests' main-queue probe, ShowcaseTests' `ShowcaseProcess`).
package enum ChildProcessError: Error, CustomStringConvertible {
    /// The program is missing from the build directory (its path).
    case notBuilt(String)
    /// The program was still running after the timeout: it hangs.
    case hung(String, arguments: [String], timeout: Duration)
    /// The program did not print `text`; it printed `output`.
    case missingOutput(String, program: String, output: String)
    /// The program did not exit after the end of its input; it printed `output`.
    case didNotExit(String, output: String)

    package var description: String {
        switch self {
        case .notBuilt(let path):
            return "\(URL(fileURLWithPath: path).lastPathComponent) is not built at \(path)"
        case .hung(let program, let arguments, let timeout):
            return "\(program) \(arguments.joined(separator: " ")) did not exit within \(timeout): it hangs"
        case .missingOutput(let text, let program, let output):
            return "\(program) did not print \"\(text)\"; it printed:\n\(output)"
        case .didNotExit(let program, let output):
            return "\(program) did not exit after end of input; it printed:\n\(output)"
        }
    }
}
