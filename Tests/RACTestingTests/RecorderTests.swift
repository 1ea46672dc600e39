import RACTestSupport
import RACTesting
import Testing

@Suite("record(_:disposeAt:): events with their virtual times", .checksRelease)
struct RecorderTests {
    let scheduler = TestScheduler(checksRelease: true)

    @Test("events arrive as time advances, each with its virtual time")
    func stepByStep() throws {
        let source = try scheduler.createColdSignal("-a-b-|", values: ["a": 1, "b": 2])
        let recorder = scheduler.record(source)
        scheduler.advance(frames: 2)
        #expect(recorder.events == [.next(scheduler.frames(1), 1)])
        #expect(!recorder.isTerminated)
        scheduler.advance(frames: 3)
        #expect(recorder.values == [1, 2])
        #expect(recorder.isTerminated)
        #expect(recorder.isDisposed)
        #expect(
            recorder.events == [
                Recorded(time: .milliseconds(1), value: .next(1)),
                Recorded(time: .milliseconds(3), value: .next(2)),
                Recorded(time: .milliseconds(5), value: .completed),
            ])
        expectReleased(recorder, "the recorder's subscription")
    }

    @Test("events sent during subscription are recorded at the time of subscription")
    func synchronousEvents() {
        scheduler.advance(frames: 4)
        let recorder = scheduler.record(Signal<Int, Never>(values: [1, 2]))
        let at4 = scheduler.frames(4)
        #expect(recorder.events == [.next(at4, 1), .next(at4, 2), .completed(at4)])
        expectReleased(recorder, "the recorder's subscription")
    }

    @Test("disposeAt disposes at the start of that frame: nothing at or after it is recorded")
    func disposeAt() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|")
        let recorder = scheduler.record(source, disposeAt: 3)
        scheduler.run()
        #expect(recorder.values == ["a"])
        #expect(recorder.isDisposed)
        #expect(source.subscriptionMarbles == ["^--!"])
        expectReleased(recorder, "the recorder's subscription")
    }

    @Test("disposeAt at or before now disposes at once")
    func disposeAtOnce() throws {
        let source = try scheduler.createColdSignal("(a|)")
        let recorder = scheduler.record(source, disposeAt: 0)
        scheduler.run()
        #expect(recorder.events.isEmpty)
        #expect(source.subscriptionMarbles == ["(^!)"])
        expectReleased(recorder, "the recorder's subscription")
    }

    @Test("disposeAt after the signal ended changes nothing and leaves nothing scheduled")
    func disposeAtAfterEnd() throws {
        let source = try scheduler.createColdSignal("-a|")
        let recorder = scheduler.record(source, disposeAt: 10)
        scheduler.run()
        #expect(recorder.values == ["a"])
        #expect(scheduler.now == scheduler.frames(2))
        #expect(source.subscriptionMarbles == ["^-!"])
        expectReleased(recorder, "the recorder's subscription")
    }

    @Test("isReleased: the subscription ended and the signal let go of its subscriber")
    func released() throws {
        let source = try scheduler.createColdSignal("-a-b-|")
        let recorder = scheduler.record(source.map { $0.uppercased() })
        #expect(!recorder.isReleased)
        scheduler.advance(frames: 2)
        #expect(!recorder.isReleased)
        scheduler.run()
        #expect(recorder.isReleased)

        let open = scheduler.record(source.filter { _ in true })
        scheduler.advance()
        #expect(!open.isReleased)
        open.dispose()
        #expect(open.isDisposed)
        #expect(open.isReleased)

        // A signal that keeps its subscribers: ended, but not released.
        let kept = Locked<[Subscriber<String, Never>]>([])
        let hoarding = Signal<String, Never> { subscriber in
            kept.withValue { $0.append(subscriber) }
            return source.subscribe(subscriber)
        }
        let leaked = scheduler.record(hoarding)
        scheduler.run()
        #expect(leaked.isTerminated)
        #expect(!leaked.isReleased)
        kept.withValue { $0 = [] }
        #expect(leaked.isReleased)
    }

    @Test("Recorded lists compare by time and event, and describe themselves")
    func recordedValues() {
        let a: Recorded<Event<Int, TestError>> = .next(.milliseconds(1), 1)
        #expect(a == Recorded(time: .milliseconds(1), value: .next(1)))
        #expect(a != .next(.milliseconds(2), 1))
        #expect(a != .error(.milliseconds(1), TestError(1)))
        #expect(Set([a, a]).count == 1)
        #expect(a.description == "next(1) @ 0.001 seconds")
        let subscription = RecordedSubscription(subscribed: .zero, disposed: .milliseconds(4))
        #expect(subscription.description == "subscribed @ 0.0 seconds, disposed @ 0.004 seconds")
        #expect(
            RecordedSubscription(subscribed: .zero).description == "subscribed @ 0.0 seconds, not disposed")
    }
}

@Suite("record(_:subscribeAt:disposeAt:): subscribing later", .checksRelease)
struct RecorderSubscribeAtTests {
    let scheduler = TestScheduler(checksRelease: true)

    @Test("subscribeAt subscribes at that frame: a cold signal starts then, a hot one is joined then")
    func subscribeLater() throws {
        let cold = try scheduler.createColdSignal("-a-b-c-|")
        let hot = try scheduler.createHotSignal("-a-b-c-|")
        let coldRecorder = scheduler.record(cold, subscribeAt: 2, disposeAt: 6)
        let hotRecorder = scheduler.record(hot, subscribeAt: 2)
        #expect(cold.subscriptionMarbles == [])
        scheduler.run()
        #expect(coldRecorder.events == [.next(scheduler.frames(3), "a"), .next(scheduler.frames(5), "b")])
        #expect(cold.subscriptionMarbles == ["--^---!"])
        #expect(
            hotRecorder.events == [
                .next(scheduler.frames(3), "b"), .next(scheduler.frames(5), "c"),
                .completed(scheduler.frames(7)),
            ])
        #expect(hot.subscriptionMarbles == ["--^----!"])
        expectReleased(coldRecorder, "the recorder subscribed at 2")
        expectReleased(hotRecorder, "the hot recorder subscribed at 2")
    }

    @Test("subscribeAt at or before now subscribes at once; equal frames subscribe and dispose at once")
    func subscribeNow() throws {
        scheduler.advance(frames: 3)
        let source = try scheduler.createColdSignal("a-|")
        let recorder = scheduler.record(source, subscribeAt: 1)
        #expect(source.subscriptionMarbles == ["---^"])
        let none = scheduler.record(source, subscribeAt: 5, disposeAt: 5)
        scheduler.run()
        #expect(recorder.events == [.next(scheduler.frames(3), "a"), .completed(scheduler.frames(5))])
        #expect(none.events.isEmpty)
        #expect(source.subscriptionMarbles == ["---^-!", "-----(^!)"])
        expectReleased(recorder, "the recorder subscribed at once")
        expectReleased(none, "the recorder disposed as it subscribed")
    }

    @Test("disposeAt before subscribeAt stops with a message naming the call")
    func badInput() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = TestScheduler().record(Signal<Int, Never>.never, subscribeAt: 5, disposeAt: 2)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("record(_:subscribeAt:disposeAt:)"))
        #expect(message.contains("must not be earlier"))
    }
}
