import ShowcaseKit
import Testing

@Suite("rac-showcase arguments")
struct ShowcaseArgumentTests {
    @Test func noArgumentsMeansTheLiveSearch() throws {
        #expect(try ShowcaseCommand.parse([]) == .search(SearchOptions()))
    }

    @Test func tourTakesDemoNames() throws {
        #expect(try ShowcaseCommand.parse(["tour"]) == .tour([]))
        #expect(try ShowcaseCommand.parse(["tour", "marbles", "command"]) == .tour(["marbles", "command"]))
    }

    @Test func searchOptions() throws {
        var expected = SearchOptions()
        expected.throttle = .milliseconds(50)
        expected.batchDelay = .zero
        expected.wordsFile = "/tmp/words"
        let options = ["--throttle", "50", "--batch-delay", "0", "--words", "/tmp/words"]
        #expect(try ShowcaseCommand.parse(["search"] + options) == .search(expected))
        #expect(try ShowcaseCommand.parse(options) == .search(expected))
    }

    @Test func badArgumentsAreUsageErrors() {
        #expect(throws: ShowcaseUsageError(message: "unknown command \"fly\"")) {
            try ShowcaseCommand.parse(["fly"])
        }
        #expect(throws: ShowcaseUsageError(message: "--throttle needs a value")) {
            try ShowcaseCommand.parse(["--throttle"])
        }
        #expect(throws: ShowcaseUsageError(message: "--throttle needs a whole number, got \"soon\"")) {
            try ShowcaseCommand.parse(["--throttle", "soon"])
        }
    }
}
