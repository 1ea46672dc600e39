import RACCore
import RACTestSupport
import Testing

@Suite("Subscriber guarantees", .checksRelease)
struct SubscriberTests {
    @Test(
        "a terminal event disposes the subscriber's resources, before the terminal callback returns (RACSubscriber.m -sendCompleted)"
    )
    func terminalDisposesResources() {
        var log: [String] = []
        let subscriber = Subscriber<Int, Never>(completed: { log.append("completed") })
        subscriber.add { log.append("disposed") }
        subscriber.sendCompleted()
        #expect(log == ["completed", "disposed"])
        #expect(subscriber.isDisposed)
        expectReleased(subscriber, "the completed subscriber")
    }

    @Test(
        "resources added after termination are disposed at once (RACSubscriber.m -didSubscribeWithDisposable:)"
    )
    func addAfterTermination() {
        let subscriber = Subscriber<Int, Never>()
        subscriber.sendCompleted()
        let late = ActionDisposable()
        subscriber.add(late)
        #expect(late.isDisposed)
        expectReleased(subscriber, "the completed subscriber")
    }

    @Test("dispose releases the handler, so captured objects are freed (RACSubscriber.m -init)")
    func disposeReleasesHandler() {
        weak var weakToken: Token?
        let subscriber: Subscriber<Int, Never>
        do {
            let token = Token()
            weakToken = token
            subscriber = Subscriber(next: { _ in withExtendedLifetime(token) {} })
        }
        #expect(weakToken != nil)
        subscriber.dispose()
        #expect(weakToken == nil)
    }

    @Test("an event sent from inside a callback is delivered nested, at once")
    func reentrantDeliveryIsNested() {
        var log: [String] = []
        var subscriber: Subscriber<Int, Never>!
        subscriber = Subscriber(next: { value in
            log.append("begin \(value)")
            if value == 1 { subscriber.sendNext(2) }
            log.append("end \(value)")
        })
        subscriber.sendNext(1)
        #expect(log == ["begin 1", "begin 2", "end 2", "end 1"])
        subscriber.dispose()
        expectReleased(subscriber, "the reentrant subscriber, which captures itself until disposed")
    }

    @Test(
        "a subscriber subscribed to two signals ends both when one terminates (RACSubscriber.m -didSubscribeWithDisposable:)"
    )
    func sharedSubscriberEndsAll() {
        let first = Subject<Int, Never>()
        let second = Subject<Int, Never>()
        let recorder = EventLog<Int, Never>()
        let subscriber = recorder.subscriber()
        first.subscribe(subscriber)
        second.subscribe(subscriber)
        #expect(second.subscriberCount == 1)
        first.sendCompleted()
        #expect(second.subscriberCount == 0)
        second.sendNext(1)
        #expect(recorder.events == [.completed])
    }

    @Test(
        "a subscriber that has terminated, subscribed again: the creation closure never runs; the subscription is disposed"
    )
    func terminatedSubscriberResubscribed() {
        var runs = 0
        let signal = Signal<Int, Never> { subscriber in
            runs += 1
            subscriber.sendNext(runs)
            return ActionDisposable()
        }
        let log = EventLog<Int, Never>()
        let subscriber = log.subscriber()
        subscriber.sendCompleted()
        let subscription = signal.subscribe(subscriber)
        #expect(runs == 0)
        #expect(subscription.isDisposed)
        #expect(log.events == [.completed])

        let disposed = EventLog<Int, Never>()
        let stopped = disposed.subscriber()
        stopped.dispose()
        #expect(signal.subscribe(stopped).isDisposed)
        #expect(runs == 0 && disposed.events.isEmpty)
    }

    @Test(
        "a subject that has terminated, subscribed to a signal: the creation closure never runs; the subscription is disposed"
    )
    func terminatedSubjectSubscribed() {
        var runs = 0
        let signal = Signal<Int, Never> { subscriber in
            runs += 1
            subscriber.sendNext(runs)
            return nil
        }
        let subject = Subject<Int, Never>()
        let log = EventLog.of(subject)
        subject.sendCompleted()
        let subscription = signal.subscribe(subject)
        #expect(runs == 0)
        #expect(subscription.isDisposed)
        #expect(log.events == [.completed])
        #expect(EventLog.of(subject).events == [.completed])
    }
}
