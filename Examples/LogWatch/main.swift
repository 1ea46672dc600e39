import Foundation
import LogWatchKit

// rac-logwatch: a small log-watching service built on RACFoundationBridge. The logic lives in
// Examples/LogWatchKit, so that Tests/LogWatchTests drives it in virtual time; this file only
// reads the command line. README.md, "rac-logwatch", shows how to run it.

let status: Int32
do {
    if let options = try LogWatchOptions.parse(Array(CommandLine.arguments.dropFirst())) {
        status = LogWatchService.run(options, input: .standardInput, output: .standardOutput())
    } else {
        print(LogWatchOptions.usage)
        status = 0
    }
} catch {
    FileHandle.standardError.write(Data("rac-logwatch: \(error)\n\(LogWatchOptions.usage)\n".utf8))
    status = 2
}
exit(status)
