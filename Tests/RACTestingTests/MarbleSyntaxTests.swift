import RACTestSupport
import RACTesting
import Testing

/// Every marble feature, seen through what a cold signal sends to a subscriber at time zero.
@Suite("Marble syntax", .checksRelease)
struct MarbleSyntaxTests {
    let scheduler = TestScheduler(checksRelease: true)

    /// What a subscriber at time zero records of `source` once the scheduler has run; the
    /// subscription is then ended (if the marble did not end it) and must be released.
    func play<Value, Failure>(
        _ source: TestSignal<Value, Failure>, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [Recorded<Event<Value, Failure>>] {
        let recorder = scheduler.record(source)
        scheduler.run()
        recorder.dispose()
        expectReleased(
            recorder, "play(_:)'s subscription to \"\(source.marble)\"", sourceLocation: sourceLocation)
        return recorder.events
    }

    func at(_ frame: Int) -> Duration { scheduler.frames(frame) }

    @Test("'-' is one frame; a letter or digit is a value that takes one frame; '|' completes")
    func framesValuesCompletion() throws {
        let events = play(try scheduler.createColdSignal("-a--1-|", values: ["a": 10, "1": 11]))
        #expect(events == [.next(at(1), 10), .next(at(4), 11), .completed(at(6))])
    }

    @Test("'#' fails with the error: argument")
    func error() throws {
        let events = play(try scheduler.createColdSignal("a-#", values: ["a": 1], error: TestError(7)))
        #expect(events == [.next(at(0), 1), .error(at(2), TestError(7))])
    }

    @Test("{name} is a value with a longer name, and takes one frame")
    func bracedNames() throws {
        let events = play(try scheduler.createColdSignal("-{one}-{2nd}|", values: ["one": 1, "2nd": 2]))
        #expect(events == [.next(at(1), 1), .next(at(3), 2), .completed(at(4))])
    }

    @Test("(ab) puts several events in one frame, in order; the group takes one frame (not RxJS's four)")
    func groups() throws {
        let events = play(
            try scheduler.createColdSignal("-(ab)-c(d|)", values: ["a": 1, "b": 2, "c": 3, "d": 4]))
        #expect(
            events == [
                .next(at(1), 1), .next(at(1), 2), .next(at(3), 3), .next(at(4), 4), .completed(at(4)),
            ])
    }

    @Test("spaces are ignored, so marbles can be aligned")
    func spaces() throws {
        let spaced = play(
            try scheduler.createColdSignal(" - a -  ( b c ) | ", values: ["a": 1, "b": 2, "c": 3]))
        #expect(spaced == [.next(at(1), 1), .next(at(3), 2), .next(at(3), 3), .completed(at(4))])
    }

    @Test("frames after the end are allowed and change nothing")
    func trailingFrames() throws {
        #expect(play(try scheduler.createColdSignal("-|---")) == [.completed(at(1))])
    }

    @Test("an empty marble or one of dashes never sends anything")
    func silence() throws {
        #expect(play(try scheduler.createColdSignal("")).isEmpty)
        #expect(play(try scheduler.createColdSignal("-----")).isEmpty)
    }

    @Test("String values without a dictionary: each name stands for itself")
    func namesStandForThemselves() throws {
        let events = play(try scheduler.createColdSignal("a-{bc}-(d|)"))
        #expect(events == [.next(at(0), "a"), .next(at(2), "bc"), .next(at(4), "d"), .completed(at(4))])
    }

    @Test("String values with a dictionary map through it")
    func stringDictionary() throws {
        let events = play(try scheduler.createColdSignal("-a|", values: ["a": "apple"]))
        #expect(events == [.next(at(1), "apple"), .completed(at(2))])
    }

    @Test("a name may be any letter or digit, Unicode included")
    func unicodeNames() throws {
        let events = play(try scheduler.createColdSignal("é-7"))
        #expect(events == [.next(at(0), "é"), .next(at(2), "7")])
    }
}
