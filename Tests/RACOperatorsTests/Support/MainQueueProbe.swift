// Running the programs of Tests/MainQueueProbe (the RACMainQueueProbe executable) as child
// processes, for the tests that need the real main thread and main queue.

import Foundation
import RACTestSupport

/// Runs the probe's `program` with `arguments` and waits for it to exit; a run that has not exited
/// after `timeout` (a hang, the defect under test) is killed and reported as an error.
func runProbe(_ program: String, _ arguments: String..., timeout: Duration = .seconds(60)) throws
    -> ChildProcessRun
{
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
        throw ChildProcessError.notBuilt(executable.path)
    }
    return try ChildProcessRun(
        executable, arguments: [program] + arguments,
        environment: ["SWIFT_BACKTRACE": "enable=no"],  // the crash message only, at once
        timeout: timeout)
}
