import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("The habits of RxTest users: scheduleAt, advance in frames, createRecorder", .checksRelease)
struct RxTestHabitsTests {
    @Test("scheduleAt(_:action:) runs the action at the start of that frame, from time zero")
    func scheduleAt() {
        let scheduler = TestScheduler()
        let frames = Locked<[Int]>([])
        scheduler.advance(frames: 1)
        scheduler.scheduleAt(3) { frames.withValue { $0.append(scheduler.currentFrame) } }
        scheduler.scheduleAt(1) { frames.withValue { $0.append(scheduler.currentFrame) } }
        let cancelled = scheduler.scheduleAt(2) { frames.withValue { $0.append(-1) } }
        cancelled?.dispose()
        scheduler.run()
        #expect(frames.current == [1, 3])
    }

    @Test("advance(to:) and advance(by:) count frames, as RxTest's advanceTo does")
    func advanceInFrames() throws {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(try scheduler.createColdSignal("-a-b-c|"))
        scheduler.advance(to: 3)
        #expect(recorder.values == ["a", "b"])
        scheduler.advance(by: 2)
        #expect(scheduler.currentFrame == 5)
        #expect(recorder.values == ["a", "b", "c"])
        scheduler.advance(by: .zero)
        #expect(scheduler.now == scheduler.frames(5))
    }

    @Test(
        "a recorder made before the subscription, subscribed to a publish pipeline that connects at frame 2")
    func publishConnect() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.createColdSignal("-a-b-|", values: ["a": 1, "b": 2])
        let connection = source.publish()
        let recorder = scheduler.createRecorder(Int.self)
        connection.signal.subscribe(recorder)
        scheduler.scheduleAt(2) { _ = connection.connect() }
        scheduler.advance(to: 10)
        try scheduler.expect(recorder, toHaveRecorded: "---a-b-|", values: ["a": 1, "b": 2])
        try scheduler.expect(source, toHaveSubscriptions: ["--^----!"])
    }

    @Test("expect(_:toHaveRecorded:) fails with the same diff as expect(_:toEmit:), and does not advance")
    func recordedMismatch() throws {
        let scheduler = TestScheduler()
        let failures = FailureCapture(scheduler)
        let recorder = scheduler.createRecorder(String.self, failure: TestError.self)
        try scheduler.createColdSignal("-a-#", error: TestError(1)).subscribe(recorder)
        scheduler.advance(to: 2)
        #expect(try !scheduler.expect(recorder, toHaveRecorded: "-a-#", error: TestError(1)))
        #expect(try scheduler.expect(recorder, toHaveRecorded: "-a"))
        #expect(
            failures.messages == [
                """
                expect(_:toHaveRecorded:) failed: the events differ from frame 3 on
                  expected: -a-#
                  actual:   -a
                               ^
                    expected events                 actual events
                    frame 1: next(a)                frame 1: next(a)
                  * frame 3: error(TestError(1))
                """
            ])
        scheduler.run()
        try scheduler.expect(recorder, toHaveRecorded: "-a-#", error: TestError(1))
    }

    @Test("disposing a hand-subscribed recorder disposes the subscription")
    func disposeRecorder() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.createColdSignal("-a-b-|")
        let recorder = scheduler.createRecorder(String.self)
        source.subscribe(recorder)
        scheduler.scheduleAt(2) { recorder.dispose() }
        scheduler.run()
        try scheduler.expect(recorder, toHaveRecorded: "-a")
        try scheduler.expect(source, toHaveSubscriptions: ["^-!"])
    }

    @Test("an event due at the disposal frame is not recorded, cold or hot, whatever was scheduled first")
    func eventAtDisposalFrame() throws {
        let scheduler = TestScheduler()
        let hot = try scheduler.createHotSignal("^-a-b")
        let cold = try scheduler.createColdSignal("--a-b")
        let hotRecorder = scheduler.record(hot, subscribeAt: 1, disposeAt: 4)
        let coldRecorder = scheduler.record(cold, subscribeAt: 0, disposeAt: 4)
        scheduler.run()
        try scheduler.expect(hotRecorder, toHaveRecorded: "--a")
        try scheduler.expect(coldRecorder, toHaveRecorded: "--a")
        try scheduler.expect(hot, toHaveSubscriptions: ["-^--!"])
        try scheduler.expect(cold, toHaveSubscriptions: ["^---!"])
    }
}
