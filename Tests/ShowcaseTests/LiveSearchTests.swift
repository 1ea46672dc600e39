import RACTestSupport
import RACTesting
import ShowcaseKit
import Testing

/// The live search in virtual time: one `TestScheduler` is the throttle's, the command's and the
/// search's scheduler, so every line has an exact frame.
@Suite("live search, in virtual time", .checksRelease)
struct LiveSearchTests {
    static let words = ["swift", "switch", "signal", "sigh", "apple", "maple"]

    /// A live search over `words`, two words a batch, one frame a batch, throttled for three frames.
    static func liveSearch(on scheduler: TestScheduler, batchDelay frames: Int = 1) -> LiveSearch {
        LiveSearch(
            search: WordSearch(words: words, batchSize: 2, batchDelay: scheduler.frames(frames)),
            throttle: scheduler.frames(3),
            searchScheduler: scheduler,
            interfaceScheduler: scheduler)
    }

    @Test func aSearchPrintsItsMatchesAsTheyArriveThenItsTotal() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let queries = try scheduler.createColdSignal("-s-{sw}-----------|")
        let lines = Self.liveSearch(on: scheduler).lines(for: queries)
        // "s" is throttled away; "sw" is searched from frame 6: batch 1 (swift, switch) at 7,
        // batch 2 (signal, sigh) at 8, batch 3 (apple, maple) at 9 with the total.
        try scheduler.expect(
            lines, toEmit: "------bm-(ti)-----|",
            values: [
                "b": "… searching",
                "m": "\"sw\": swift switch",
                "t": "\"sw\": 2 matches",
                "i": "✓ idle",
            ])
    }

    @Test func aNewerQueryDiscardsTheOlderResultsAndStopsItsSearch() throws {
        let scheduler = TestScheduler(checksRelease: true)
        // "si" is searched from frame 4 (batches at 6, 8, 10); "ap" arrives at 6 and is searched
        // from 9, so "si" is cut after its first two batches: its total never shows.
        let queries = try scheduler.createColdSignal("-{si}----{ap}-------------|")
        let lines = Self.liveSearch(on: scheduler, batchDelay: 2).lines(for: queries)
        let recorder = scheduler.record(lines)
        expectReleased(recorder, "the live search's subscription")
        scheduler.run()
        #expect(
            recorder.values == [
                "… searching",
                "\"si\": signal sigh",
                "\"ap\": apple maple",
                "\"ap\": 2 matches",
                "✓ idle",
            ])
        #expect(recorder.isTerminated)
    }

    @Test func emptyLinesAndRepeatsAreNotSearched() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let queries = try scheduler.createColdSignal(
            "-a----e----b-----|", values: ["a": "sw", "e": "  ", "b": " SW "])
        let recorder = scheduler.record(Self.liveSearch(on: scheduler).lines(for: queries))
        expectReleased(recorder, "the live search's subscription")
        scheduler.run()
        #expect(recorder.values.filter { $0.hasSuffix("matches") } == ["\"sw\": 2 matches"])
    }

    @Test func anInputErrorEndsTheSearch() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let queries: TestSignal<String, TestError> = try scheduler.createColdSignal(
            "-a-#", values: ["a": "apple"], error: TestError(5))
        let recorder = scheduler.record(Self.liveSearch(on: scheduler).lines(for: queries))
        expectReleased(recorder, "the live search's subscription")
        scheduler.run()
        guard case .error(.input(TestError(5)))? = recorder.events.last?.value else {
            Issue.record("expected the input error, got \(recorder.events)")
            return
        }
    }

    @Test func wordSearchIsColdAndCancellable() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let search = WordSearch(words: Self.words, batchSize: 2, batchDelay: scheduler.frames(1))
        try scheduler.expect(
            search.matches(for: "SIG", on: scheduler), toEmit: "--a(t|)",
            values: ["a": .found(["signal", "sigh"]), "t": .finished(total: 2)])
        // "pl" matches only in the third batch; disposing after two frames cancels the rest.
        let start = scheduler.currentFrame
        let cut = scheduler.record(search.matches(for: "pl", on: scheduler), disposeAt: start + 2)
        expectReleased(cut, "the cancelled word search's subscription")
        scheduler.run()
        #expect(cut.values.isEmpty)
        #expect(scheduler.currentFrame == start + 2)  // no batch was left to run after the disposal
    }

    @Test func theBundledWordListShips() throws {
        let words = try WordSearch.bundledWords()
        #expect(words.count > 3_000)
        #expect(words.contains("swift"))
    }
}
