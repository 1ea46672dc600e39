import RACTestSupport
import RACTesting
import Testing

@Suite("Cold test signals: a timeline per subscription, subscriptions recorded", .checksRelease)
struct ColdSignalTests {
    let scheduler = TestScheduler(checksRelease: true)

    @Test("nothing is sent on subscription, not even frame 0, until the scheduler advances")
    func nothingBeforeAdvance() throws {
        let source = try scheduler.createColdSignal("(a|)")
        let recorder = scheduler.record(source)
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: .zero)
        #expect(recorder.events == [.next(.zero, "a"), .completed(.zero)])
        expectReleased(recorder, "the recorder's subscription")
    }

    @Test("each subscriber gets the whole marble, counted from its own subscription")
    func timelinePerSubscription() throws {
        let source = try scheduler.createColdSignal("-a-|")
        let first = scheduler.record(source)
        scheduler.advance(frames: 2)
        let second = scheduler.record(source)
        scheduler.run()
        let at = scheduler.frames
        #expect(first.events == [.next(at(1), "a"), .completed(at(3))])
        #expect(second.events == [.next(at(3), "a"), .completed(at(5))])
        #expect(source.subscriptionMarbles == ["^--!", "--^--!"])
        #expect(
            source.subscriptions == [
                RecordedSubscription(subscribed: .zero, disposed: at(3)),
                RecordedSubscription(subscribed: at(2), disposed: at(5)),
            ])
        #expect(!source.isHot)
        #expect(source.marble == "-a-|")
        expectReleased(first, "the first recorder's subscription")
        expectReleased(second, "the second recorder's subscription")
    }

    @Test("disposing cancels the events still to come and records '!' at that frame")
    func disposal() throws {
        let source = try scheduler.createColdSignal("-a-b-|")
        let recorder = scheduler.record(source)
        scheduler.advance(frames: 2)
        recorder.dispose()
        #expect(scheduler.isEmpty)
        scheduler.run()
        #expect(recorder.values == ["a"])
        #expect(source.subscriptionMarbles == ["^-!"])
        expectReleased(recorder, "the disposed recorder's subscription")
    }

    @Test("a subscription that has not ended shows only '^'; one ended in its own frame shows (^!)")
    func openAndInstantSubscriptions() throws {
        let source = try scheduler.createColdSignal("---a")
        let open = scheduler.record(source)
        scheduler.advance()
        let instant = scheduler.record(source)
        instant.dispose()
        #expect(source.subscriptionMarbles == ["^", "-(^!)"])
        #expect(source.subscriptions[0] == RecordedSubscription(subscribed: .zero))
        #expect(!open.isDisposed)
        #expect(instant.isDisposed)
        open.dispose()
        expectReleased(open, "the open recorder's subscription, once disposed")
        expectReleased(instant, "the instant recorder's subscription")
    }

    @Test("'#' ends the subscription, so it is recorded as disposed there")
    func errorEndsSubscription() throws {
        let source = try scheduler.createColdSignal("--#", error: TestError(1))
        let recorder = scheduler.record(source)
        scheduler.run()
        #expect(recorder.events == [.error(scheduler.frames(2), TestError(1))])
        #expect(source.subscriptionMarbles == ["^-!"])
        expectReleased(recorder, "the recorder's subscription")
    }

    @Test("a cold signal outlives nothing: the scheduler going away leaves no pending action")
    func noLeak() throws {
        weak var weakScheduler: TestScheduler?
        do {
            let scheduler = TestScheduler(checksRelease: true)
            weakScheduler = scheduler
            let source = try scheduler.createColdSignal("-a-|")
            _ = scheduler.record(source)
            scheduler.run()
        }
        #expect(weakScheduler == nil)
    }
}
