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
