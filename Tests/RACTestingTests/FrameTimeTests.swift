import RACCore
import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// Issue 17, item 6: expectations of any `Equatable` value without `values:` when the marble names
/// no value, and recorded times printed in frames.
@Suite("Marbles without values:, and recorded times in frames", .checksRelease)
struct FrameTimeTests {
    let scheduler = TestScheduler(checksRelease: true)

    @Test("a completion-only or error-only marble needs no values: for any Equatable value")
    func withoutValues() throws {
        let capture = FailureCapture(scheduler)
        let numbers = try scheduler.createColdSignal("-a-b-|", values: ["a": 1, "b": 2])
        #expect(try scheduler.expect(numbers.ignoreValues(), toEmit: "-----|"))

        let failing = TestScheduler(checksRelease: true)
        let failingCapture = FailureCapture(failing)
        let broken = try failing.createColdSignal("-a-#", values: ["a": 1.5], error: TestError(2))
        #expect(try failing.expect(broken.ignoreValues(), toEmit: "---#", error: TestError(2)))

        let empty = TestScheduler(checksRelease: true)
        let emptyCapture = FailureCapture(empty)
        #expect(try empty.expect(Signal<Int, Never>.empty, toEmit: "|"))
        #expect(try empty.expect(Signal<[Int], Never>.never, toEmit: "----", disposeAt: 4))
        // Time goes on from frame 4, where the `never` was disposed.
        #expect(
            try empty.expect(
                Signal<Never, TestError>(error: TestError(3)), toEmit: "----#", error: TestError(3)))
        #expect(capture.all.isEmpty && failingCapture.all.isEmpty)
        #expect(emptyCapture.messages == [])
    }

    @Test("a value the marble did not expect fails with the diff, naming the value by description")
    func unexpectedValue() throws {
        let capture = FailureCapture(scheduler)
        let numbers = try scheduler.createColdSignal("-a-|", values: ["a": 7])
        #expect(try !scheduler.expect(numbers, toEmit: "---|"))
        #expect(
            capture.messages == [
                """
                expect(_:toEmit:) failed: the events differ from frame 1 on
                  expected: ---|
                  actual:   -7-|
                             ^
                    expected events       actual events
                  * frame 3: completed    frame 1: next(7)
                  *                       frame 3: completed
                """
            ])
    }

    @Test("a marble that names a value without values: throws, naming the value and its column")
    func valueWithoutValues() throws {
        let numbers = Signal<Int, Never>(value: 1)
        #expect(throws: MarbleError(marble: "--a|", column: 3, problem: .valuesNeeded("a"))) {
            try scheduler.expect(numbers, toEmit: "--a|")
        }
        #expect(
            MarbleError.Problem.valuesNeeded("a").description
                == "'a' names a value, but no values: were given (without values:, a marble names none)")
    }

    @Test("recorded events print their times in frames; equality ignores the frame duration")
    func recordedInFrames() throws {
        let source = try scheduler.createColdSignal("-a-(b|)", values: ["a": 1, "b": 2])
        let recorder = scheduler.record(source)
        scheduler.run()
        #expect("\(recorder.events)" == "[next(1) @ frame 1, next(2) @ frame 3, completed @ frame 3]")
        let expected: [Recorded<Event<Int, Never>>] = [
            scheduler.next(atFrame: 1, 1), scheduler.next(atFrame: 3, 2), scheduler.completed(atFrame: 3),
        ]
        #expect(recorder.events == expected)
        #expect(
            recorder.events == [
                .next(.milliseconds(1), 1), .next(.milliseconds(3), 2), .completed(.milliseconds(3)),
            ])
        #expect(Set(recorder.events) == Set(expected))
        #expect("\(Recorded<Event<Int, Never>>.completed(.milliseconds(3)))" == "completed @ 0.003 seconds")
        let failure: Recorded<Event<Int, TestError>> = scheduler.error(atFrame: 4, TestError(1))
        #expect("\(failure)" == "error(TestError(1)) @ frame 4")
        expectReleased(recorder, "the recorder's subscription")
    }

    @Test("a time between frames prints the frame and the rest; a frame of one second counts seconds")
    func betweenFrames() throws {
        let between = Recorded<Event<Int, Never>>(
            time: .microseconds(2_500), value: .completed, frameDuration: .milliseconds(1))
        #expect("\(between)" == "completed @ frame 2 + 0.0005 seconds")
        let seconds = TestScheduler(frameDuration: .seconds(1))
        let recorder = seconds.record(try seconds.createColdSignal("--a|"))
        seconds.run()
        #expect("\(recorder.events)" == "[next(a) @ frame 2, completed @ frame 3]")
    }

    @Test("a test signal's subscriptions print their times in frames")
    func subscriptionsInFrames() throws {
        let source = try scheduler.createColdSignal("-a-b-|")
        try scheduler.expect(source, toEmit: "-a-b", disposeAt: 4)
        #expect("\(source.subscriptions)" == "[subscribed @ frame 0, disposed @ frame 4]")
        #expect(source.subscriptions == [RecordedSubscription(subscribed: .zero, disposed: .milliseconds(4))])
        #expect("\(RecordedSubscription(subscribed: .zero))" == "subscribed @ 0.0 seconds, not disposed")
    }
}
