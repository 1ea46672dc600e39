import Foundation
import RACFoundationBridge

/// What `rac-showcase` was asked to do, read from its arguments.
public enum ShowcaseCommand: Equatable {
    /// The live search over standard input (the default).
    case search(SearchOptions)
    /// The tour: every demo, or the demos named.
    case tour([String])
    /// Print the usage.
    case help

    /// Reads the arguments after the program's name.
    /// - Throws: `ShowcaseUsageError` for anything it does not understand.
    public static func parse(_ arguments: [String]) throws(ShowcaseUsageError) -> ShowcaseCommand {
        guard let first = arguments.first else { return .search(SearchOptions()) }
        switch first {
        case "tour": return .tour(Array(arguments.dropFirst()))
        case "help", "-h", "--help": return .help
        case "search": return .search(try SearchOptions.parse(arguments.dropFirst()))
        default:
            if first.hasPrefix("--") { return .search(try SearchOptions.parse(arguments[...])) }
            throw ShowcaseUsageError(message: "unknown command \"\(first)\"")
        }
    }
}

/// Settings of the live search, from the command line.
public struct SearchOptions: Equatable {
    /// `--throttle MS`: how long the input must stay quiet before a query is searched.
    public var throttle: Duration = .milliseconds(250)
    /// `--batch-delay MS`: the pretend latency of each batch of the search.
    public var batchDelay: Duration = .milliseconds(40)
    /// `--batch-size N`: how many words one batch scans.
    public var batchSize = 400
    /// `--max-shown N`: the most matches printed per query.
    public var maxShown = 12
    /// `--words FILE`: a word list to search instead of the bundled one (one word per line).
    public var wordsFile: String?

    /// The defaults.
    public init() {}

    static func parse(_ arguments: ArraySlice<String>) throws(ShowcaseUsageError) -> SearchOptions {
        var options = SearchOptions()
        var rest = arguments
        while let option = rest.popFirst() {
            guard let value = rest.popFirst() else {
                throw ShowcaseUsageError(message: "\(option) needs a value")
            }
            func number() throws(ShowcaseUsageError) -> Int {
                guard let number = Int(value), number >= 0 else {
                    throw ShowcaseUsageError(message: "\(option) needs a whole number, got \"\(value)\"")
                }
                return number
            }
            switch option {
            case "--throttle": options.throttle = .milliseconds(try number())
            case "--batch-delay": options.batchDelay = .milliseconds(try number())
            case "--batch-size": options.batchSize = max(1, try number())
            case "--max-shown": options.maxShown = try number()
            case "--words": options.wordsFile = value
            default: throw ShowcaseUsageError(message: "unknown option \"\(option)\"")
            }
        }
        return options
    }
}

/// A command line `rac-showcase` does not understand.
public struct ShowcaseUsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let message: String

    /// A usage error saying `message`.
    public init(message: String) {
        self.message = message
    }
    /// The message.
    public var description: String { message }
}

/// The `rac-showcase` program, with its input and outputs passed in so that tests can drive it.
public enum Showcase {
    /// How to call the program.
    public static let usage = """
        usage: rac-showcase [search] [--throttle MS] [--batch-delay MS] [--batch-size N]
                            [--max-shown N] [--words FILE]
               rac-showcase tour [DEMO…]
               rac-showcase help

        With no command, rac-showcase runs the live search: type a query and press Return; each
        query is throttled, searched in the background, and its matches print as they arrive.
        Standard input may be a pipe: the program ends at end of input, once the last search
        has finished. `rac-showcase tour` prints short demos of every module.
        """

    /// Runs the live search: queries are the lines of `input`; results go to `output`.
    /// Returns the exit status: 0 at end of input, 1 if the words or the input cannot be read.
    public static func search(
        _ options: SearchOptions, input: FileHandle, inputIsTerminal: Bool, output: Output, errors: Output
    ) -> Int32 {
        let words: [String]
        do {
            if let path = options.wordsFile {
                words = try WordSearch.words(contentsOf: URL(fileURLWithPath: path))
            } else {
                words = try WordSearch.bundledWords()
            }
        } catch {
            errors.write("rac-showcase: cannot read the word list: \(error)")
            return 1
        }
        let live = LiveSearch(
            search: WordSearch(words: words, batchSize: options.batchSize, batchDelay: options.batchDelay),
            throttle: options.throttle,
            maxShown: options.maxShown,
            searchScheduler: QueueScheduler(qos: .userInitiated, name: "showcase.search"),
            interfaceScheduler: QueueScheduler(name: "showcase.interface"))

        output.write("rac-showcase: live search over \(words.count) words.")
        if inputIsTerminal {
            output.write("Type a query and press Return; Ctrl-D quits.")
            output.write("(`rac-showcase tour` shows a demo of every module.)")
        }
        do {
            try live.lines(for: input.rac.lines())
                .doNext { output.write($0) }
                .waitUntilCompleted()
        } catch {
            errors.write("rac-showcase: \(error)")
            return 1
        }
        if inputIsTerminal { output.write("bye") }
        return 0
    }

    /// Runs the tour (every demo, or those named). Returns the exit status.
    public static func tour(_ names: [String], output: Output, errors: Output) async -> Int32 {
        do {
            try await Tour.run(names, output: output)
            return 0
        } catch let error as TourError {
            errors.write("rac-showcase: \(error)")
            return 2
        } catch {
            errors.write("rac-showcase: \(error)")
            return 1
        }
    }
}
