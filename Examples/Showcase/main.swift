import Foundation
import ShowcaseKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// rac-showcase: `swift run rac-showcase` starts the live search (type queries; a pipe works too),
// `swift run rac-showcase tour` prints short demos of every module. The program's logic lives in
// Examples/ShowcaseKit, so that Tests/ShowcaseTests can drive it.

let output = Output.standardOutput()
let errors = Output { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }

let status: Int32
do {
    switch try ShowcaseCommand.parse(Array(CommandLine.arguments.dropFirst())) {
    case .search(let options):
        status = Showcase.search(
            options, input: .standardInput, inputIsTerminal: isatty(STDIN_FILENO) == 1,
            output: output, errors: errors)
    case .tour(let names):
        status = await Showcase.tour(names, output: output, errors: errors)
    case .help:
        output.write(Showcase.usage)
        status = 0
    }
} catch {
    errors.write("rac-showcase: \(error)")
    errors.write(Showcase.usage)
    status = 2
}
exit(status)
