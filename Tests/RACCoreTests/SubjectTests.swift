import RACCore
import RACTestSupport
import Testing

@Suite("Subjects", .checksRelease)
struct SubjectTests {
    @Test("a subject sends to its current subscribers only, and is hot (RACSubject.m -sendNext:)")
    func hot() {
        let subject = Subject<Int, Never>()
        subject.sendNext(0)
        let early = EventLog<Int, Never>()
        subject.subscribe(early.subscriber())
        subject.sendNext(1)
        let late = EventLog<Int, Never>()
        subject.subscribe(late.subscriber())
        subject.sendNext(2)
        subject.sendCompleted()
        #expect(early.events == [.next(1), .next(2), .completed])
        #expect(late.events == [.next(2), .completed])
    }

    @Test(
        "a subscriber added during a delivery does not get that event (RACSubject.m -enumerateSubscribersUsingBlock:)"
    )
    func snapshotAtSend() {
        weak var weakSubject: Subject<Int, Never>?
        do {
            let subject = Subject<Int, Never>()
            weakSubject = subject
            let added = EventLog<Int, Never>()
            var once = false
            subject.subscribe(next: { _ in
                if !once {
                    once = true
                    subject.subscribe(added.subscriber())
                }
            })
            subject.sendNext(1)
            subject.sendNext(2)
            #expect(added.values == [2])
            // The subscriber captures the subject: completing it releases both.
            subject.sendCompleted()
        }
        #expect(weakSubject == nil)
    }

    @Test("sending into a subject from inside its own subscriber is delivered nested, never deadlocks")
    func reentrantSend() {
        weak var weakSubject: Subject<Int, Never>?
        do {
            let subject = Subject<Int, Never>()
            weakSubject = subject
            var received: [Int] = []
            let subscription = subject.subscribe(next: { value in
                received.append(value)
                if value < 3 { subject.sendNext(value + 1) }
            })
            subject.sendNext(1)
            #expect(received == [1, 2, 3])
            // The subscriber captures the subject: disposing it releases both.
            subscription.dispose()
        }
        #expect(weakSubject == nil)
    }

    @Test("a disposed subscriber is dropped from the subject at once")
    func dropsDisposedSubscribers() {
        let subject = Subject<Int, Never>()
        let subscriptions = (0..<10).map { _ in subject.subscribe(next: { _ in }) }
        #expect(subject.subscriberCount == 10)
        for subscription in subscriptions { subscription.dispose() }
        #expect(subject.subscriberCount == 0)
        for subscription in subscriptions { expectReleased(subscription, "a disposed subscriber") }
    }

    @Test("a terminated subject releases its subscribers and answers late ones with the terminal event")
    func terminalToLateSubscribers() {
        let subject = Subject<Int, TestError>()
        let subscription = subject.subscribe(next: { _ in })
        expectReleased(subscription, "the subscriber the error ended")
        subject.sendError(TestError(3))
        #expect(subject.subscriberCount == 0)
        let late = EventLog<Int, TestError>()
        subject.subscribe(late.subscriber())
        subject.sendNext(1)
        #expect(late.events == [.error(TestError(3))])
    }

    @Test("a subject and its subscribers' closures are released once the subscriptions end")
    func deallocation() {
        weak var weakSubject: Subject<Int, Never>?
        weak var weakToken: Token?
        do {
            let subject = Subject<Int, Never>()
            let token = Token()
            weakSubject = subject
            weakToken = token
            let subscription = subject.subscribe(next: { _ in withExtendedLifetime(token) {} })
            subject.sendNext(1)
            subscription.dispose()
        }
        #expect(weakToken == nil)
        #expect(weakSubject == nil)
    }

    @Test(
        "a subject fed by a signal forwards its events, and terminating it ends the feed (RACSubject.m -didSubscribeWithDisposable:)"
    )
    func subjectAsSubscriber() {
        let source = Subject<Int, Never>()
        let other = Subject<Int, Never>()
        let subject = Subject<Int, Never>()
        let recorder = EventLog<Int, Never>()
        subject.subscribe(recorder.subscriber())
        let fromSource = source.subscribe(subject)
        let fromOther = other.subscribe(subject)
        source.sendNext(1)
        other.sendNext(2)
        source.sendCompleted()
        #expect(other.subscriberCount == 0)
        #expect(recorder.events == [.next(1), .next(2), .completed])
        expectReleased(fromSource, "the feed from the completed source")
        expectReleased(fromOther, "the feed from the other source, which the completion ended")
        expectReleased(subject, "the fed subject")
    }

    @Test("a source subscription added after termination is disposed at once; one added before, then")
    func sourcesAroundTermination() {
        let subject = Subject<Int, Never>()
        let early = ActionDisposable()
        subject.add(early)
        #expect(!early.isDisposed && subject.heldSourceCount == 1)
        subject.sendCompleted()
        #expect(early.isDisposed)
        let late = ActionDisposable()
        subject.add(late)
        #expect(late.isDisposed)
        subject.add(nil)
        #expect(subject.heldSourceCount == 0)
    }

    @Test("a subject with no feed and no subscriber is released whole, terminated or not")
    func plainSubjectsRelease() {
        let fresh = Subject<Int, TestError>()
        expectReleased(fresh, "a subject never subscribed")
        let failed = Subject<Int, TestError>()
        failed.sendError(TestError(1))
        let late = EventLog<Int, TestError>()
        failed.subscribe(late.subscriber())
        #expect(late.events == [.error(TestError(1))])
        expectReleased(failed, "a subject that keeps its error for late subscribers")
    }

    @Test(
        "ReplaySubject replays everything, then the terminal event, to late subscribers (RACReplaySubject.m -subscribe:)"
    )
    func replayUnlimited() {
        let subject = ReplaySubject<Int?, TestError>()
        subject.sendNext(1)
        subject.sendNext(nil)
        let live = EventLog<Int?, TestError>()
        subject.subscribe(live.subscriber())
        subject.sendNext(3)
        subject.sendError(TestError(9))
        let late = EventLog<Int?, TestError>()
        subject.subscribe(late.subscriber())
        let expected: [Event<Int?, TestError>] = [.next(1), .next(nil), .next(3), .error(TestError(9))]
        #expect(live.events == expected)
        #expect(late.events == expected)
    }

    @Test("ReplaySubject(capacity: 2) keeps only the last two values (RACReplaySubject.m -sendNext:)")
    func replayCapacity() {
        let subject = ReplaySubject<Int, Never>(capacity: 2)
        for value in 1...5 { subject.sendNext(value) }
        let late = EventLog<Int, Never>()
        subject.subscribe(late.subscriber())
        #expect(late.values == [4, 5])
        #expect(subject.bufferedValues == [4, 5])
        let zero = ReplaySubject<Int, Never>(capacity: 0)
        zero.sendNext(1)
        zero.sendCompleted()
        let zeroLate = EventLog<Int, Never>()
        zero.subscribe(zeroLate.subscriber())
        #expect(zeroLate.events == [.completed])
    }

    @Test("disposing during a replay stops it (RACReplaySubject.m -subscribe:)")
    func disposeDuringReplay() {
        let subject = ReplaySubject<Int, Never>()
        for value in 1...5 { subject.sendNext(value) }
        var received: [Int] = []
        var subscriber: Subscriber<Int, Never>!
        subscriber = Subscriber(next: { value in
            received.append(value)
            if value == 2 { subscriber.dispose() }
        })
        subject.subscribe(subscriber)
        #expect(received == [1, 2])
        #expect(subject.subscriberCount == 0)
        expectReleased(subscriber, "the subscriber disposed during the replay")
    }

    @Test("BehaviorSubject sends its current value first, then changes (RACBehaviorSubject.m -subscribe:)")
    func behavior() {
        let subject = BehaviorSubject<String, Never>(value: "initial")
        let first = EventLog<String, Never>()
        subject.subscribe(first.subscriber())
        subject.sendNext("a")
        let second = EventLog<String, Never>()
        subject.subscribe(second.subscriber())
        subject.sendNext("b")
        #expect(first.values == ["initial", "a", "b"])
        #expect(second.values == ["a", "b"])
        #expect(subject.value == "b")
    }

    @Test("GroupedSignal carries its key and behaves as a subject (RACGroupedSignal.m +signalWithKey:)")
    func grouped() {
        let group = GroupedSignal<String, Int, Never>(key: "even")
        let recorder = EventLog<Int, Never>()
        group.subscribe(recorder.subscriber())
        group.sendNext(2)
        group.sendCompleted()
        #expect(group.key == "even")
        #expect(recorder.events == [.next(2), .completed])
    }
}
