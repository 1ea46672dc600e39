import Foundation
import RACTestSupport
import Testing

/// The built `rac-showcase` program, run as a child process with its standard input and output
/// connected to pipes: the end-to-end check that what a newcomer runs works.
@Suite("rac-showcase, end to end through pipes")
struct ShowcaseProcessTests {
    @Test func liveSearchReadsQueriesFromAPipeAndExitsAtEndOfInput() throws {
        let program = try ShowcaseProcess(arguments: ["--throttle", "100", "--batch-delay", "0"])
        program.write("swi\n")
        try program.waitForOutput(containing: "\"swi\": 9 matches")
        // Two queries in one write: the throttle keeps only the second.
        program.write("zz\nsig\n")
        try program.waitForOutput(containing: "\"sig\": 12 matches")
        let (status, output) = try program.finish()

        #expect(status == 0)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first == "rac-showcase: live search over 5261 words.")
        #expect(lines.contains("\"swi\": swift swigging swims swines swiping swishest switch swiveled"))
        #expect(!output.contains("\"zz\""))
        #expect(lines.filter { $0 == "… searching" }.count == 2)
        #expect(lines.last == "✓ idle")
    }

    @Test func endOfInputRightAwayEndsTheProgram() throws {
        let program = try ShowcaseProcess(arguments: [])
        let (status, output) = try program.finish()
        #expect(status == 0)
        #expect(output == "rac-showcase: live search over 5261 words.\n")
    }

    @Test func tourPrintsEveryDemo() throws {
        let program = try ShowcaseProcess(arguments: ["tour"])
        let (status, output) = try program.finish()
        #expect(status == 0)
        for heading in [
            "== cold signals and hot subjects (RACCore) ==",
            "== schedulers (RACSchedulers) ==",
            "== virtual time and marbles (RACTesting) ==",
            "== Foundation bridges (RACFoundationBridge) ==",
        ] {
            #expect(output.contains(heading))
        }
        #expect(output.contains("  throttle(3):  ------b------(d|)"))
    }

    @Test func aBadCommandLineIsAUsageError() throws {
        let program = try ShowcaseProcess(arguments: ["fly"])
        let (status, output) = try program.finish()
        #expect(status == 2)
        #expect(output.isEmpty)
        #expect(program.errorOutput.hasPrefix("rac-showcase: unknown command \"fly\"\nusage:"))
    }
}

/// A running `rac-showcase`, with pipes for its standard input, output and error.
final class ShowcaseProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let outputPipe = Pipe()
    private let errorPipe = Pipe()
    private let lock = NSLock()
    private var outputData = Data()
    private var errorData = Data()
    private var outputEnded = false
    private var errorEnded = false

    /// Starts `rac-showcase` with `arguments`.
    init(arguments: [String]) throws {
        process.executableURL = try BuiltProduct.executable("rac-showcase")
        process.arguments = arguments
        // Under AddressSanitizer the child checks no leaks: when its input ends it exits while the
        // interface queue may still be tearing a chain down, and LeakSanitizer then misreports the
        // weak side table of a live object, turning the exit status into 1. The test process
        // itself, where the library's chains live, is still checked.
        process.environment = BuiltProduct.environmentWithoutLeakChecks
        process.standardInput = input
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        try process.run()
        // One reader thread per stream; `availableData` blocks until data or end of file.
        for (pipe, isError) in [(outputPipe, false), (errorPipe, true)] {
            Thread.detachNewThread { [self] in
                while true {
                    let data = pipe.fileHandleForReading.availableData
                    received(data, isError: isError)
                    if data.isEmpty { return }
                }
            }
        }
    }

    private func received(_ data: Data, isError: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if isError {
            if data.isEmpty { errorEnded = true } else { errorData.append(data) }
        } else {
            if data.isEmpty { outputEnded = true } else { outputData.append(data) }
        }
    }

    /// Everything written to standard output so far.
    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: outputData, as: UTF8.self)
    }

    /// Everything written to standard error so far.
    var errorOutput: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: errorData, as: UTF8.self)
    }

    /// Writes `text` to the program's standard input.
    func write(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Waits until the output contains `text` (a guard against hanging, not a timing check).
    func waitForOutput(containing text: String, timeout: Duration = .seconds(60)) throws {
        let deadline = ContinuousClock.now + timeout
        while !output.contains(text) {
            guard ContinuousClock.now < deadline, process.isRunning else {
                throw ChildProcessError.missingOutput(text, program: "rac-showcase", output: output)
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Closes standard input, waits for the program to exit and for its output to end, and
    /// returns its exit status and everything it wrote to standard output.
    func finish(timeout: Duration = .seconds(60)) throws -> (status: Int32, output: String) {
        try input.fileHandleForWriting.close()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning || !streamsEnded {
            guard ContinuousClock.now < deadline else {
                process.terminate()
                throw ChildProcessError.didNotExit("rac-showcase", output: output)
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        // The process has exited: this returns at once. It also releases the run-loop source
        // through which swift-corelibs-foundation's Process holds itself, which otherwise keeps
        // the Process, its pipes and their file handles alive for good.
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    private var streamsEnded: Bool {
        lock.lock()
        defer { lock.unlock() }
        return outputEnded && errorEnded
    }
}
