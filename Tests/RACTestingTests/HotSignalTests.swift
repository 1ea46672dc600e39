import RACTestSupport
import RACTesting
import Testing

@Suite("Hot test signals: one shared timeline, '^' is time zero", .checksRelease)
struct HotSignalTests {
    let scheduler = TestScheduler(checksRelease: true)

    @Test("events before '^' are in the past: a subscriber at time zero does not see them")
    func pastEventsUnseen() throws {
        let source = try scheduler.createHotSignal("-a-^-b-c-|")
        let recorder = scheduler.record(source)
        scheduler.run()
        let at = scheduler.frames
        #expect(recorder.events == [.next(at(2), "b"), .next(at(4), "c"), .completed(at(6))])
        #expect(source.subscriptionMarbles == ["^-----!"])
        #expect(source.isHot)
        expectReleased(recorder, "the recorder's subscription")
    }

    @Test("subscribers share the timeline: a late one sees only what comes after it")
    func shared() throws {
        let source = try scheduler.createHotSignal("^-a-b-|", values: ["a": 1, "b": 2])
        let early = scheduler.record(source)
        scheduler.advance(frames: 3)
        let late = scheduler.record(source)
        scheduler.run()
        let at = scheduler.frames
        #expect(early.events == [.next(at(2), 1), .next(at(4), 2), .completed(at(6))])
        #expect(late.events == [.next(at(4), 2), .completed(at(6))])
        #expect(source.subscriptionMarbles == ["^-----!", "---^--!"])
        expectReleased(early, "the early recorder's subscription")
        expectReleased(late, "the late recorder's subscription")
    }

    @Test("without '^' the first character is time zero, and events there are seen at zero")
    func noCaret() throws {
        let source = try scheduler.createHotSignal("a-b")
        let recorder = scheduler.record(source)
        scheduler.run()
        #expect(recorder.events == [.next(.zero, "a"), .next(scheduler.frames(2), "b")])
        recorder.dispose()
        expectReleased(recorder, "the recorder's subscription, once disposed")
    }

    @Test("a group with '^' puts events at time zero: (^a)")
    func caretInGroup() throws {
        let source = try scheduler.createHotSignal("x(^a)-b")
        let recorder = scheduler.record(source)
        scheduler.run()
        #expect(recorder.events == [.next(.zero, "a"), .next(scheduler.frames(2), "b")])
        recorder.dispose()
        expectReleased(recorder, "the recorder's subscription, once disposed")
    }

    @Test("a terminal event before '^' ends the signal: every subscriber receives it at once")
    func endedBeforeZero() throws {
        let source = try scheduler.createHotSignal("-a-#-^--", error: TestError(1))
        let recorder = scheduler.record(source)
        #expect(recorder.events == [.error(.zero, TestError(1))])
        #expect(source.subscriptionMarbles == ["(^!)"])
        expectReleased(recorder, "the recorder's subscription")
    }

    @Test("times are absolute: created after time has passed, the frames already gone are the past")
    func createdLate() throws {
        scheduler.advance(frames: 3)
        let source = try scheduler.createHotSignal("^-a-b-|")
        let recorder = scheduler.record(source)
        scheduler.run()
        let at = scheduler.frames
        #expect(recorder.events == [.next(at(4), "b"), .completed(at(6))])
        #expect(source.subscriptionMarbles == ["---^--!"])
        expectReleased(recorder, "the recorder's subscription")
    }

    @Test("disposing one subscriber leaves the others subscribed")
    func disposeOne() throws {
        let source = try scheduler.createHotSignal("^-a-b-c", values: ["a": 1, "b": 2, "c": 3])
        let first = scheduler.record(source, disposeAt: 3)
        let second = scheduler.record(source)
        scheduler.run()
        #expect(first.values == [1])
        #expect(second.values == [1, 2, 3])
        #expect(source.subscriptionMarbles == ["^--!", "^"])
        second.dispose()
        expectReleased(first, "the disposed recorder's subscription")
        expectReleased(second, "the other recorder's subscription, once disposed")
    }
}
