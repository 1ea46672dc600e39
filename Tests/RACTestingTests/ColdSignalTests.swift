import RACTesting
import Testing

@Suite("Cold test signals: a timeline per subscription, subscriptions recorded")
struct ColdSignalTests {
    let scheduler = TestScheduler()

    @Test("nothing is sent on subscription, not even frame 0, until the scheduler advances")
    func nothingBeforeAdvance() throws {
        let source = try scheduler.createColdSignal("(a|)")
        let recorder = scheduler.record(source)
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: .zero)
        #expect(recorder.events == [.next(.zero, "a"), .completed(.zero)])
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
    }

    @Test("'#' ends the subscription, so it is recorded as disposed there")
    func errorEndsSubscription() throws {
        let source = try scheduler.createColdSignal("--#", error: Oops())
        let recorder = scheduler.record(source)
        scheduler.run()
        #expect(recorder.events == [.error(scheduler.frames(2), Oops())])
        #expect(source.subscriptionMarbles == ["^-!"])
    }

    @Test("a cold signal outlives nothing: the scheduler going away leaves no pending action")
    func noLeak() throws {
        weak var weakScheduler: TestScheduler?
        do {
            let scheduler = TestScheduler()
            weakScheduler = scheduler
            let source = try scheduler.createColdSignal("-a-|")
            _ = scheduler.record(source)
            scheduler.run()
        }
        #expect(weakScheduler == nil)
    }
}
