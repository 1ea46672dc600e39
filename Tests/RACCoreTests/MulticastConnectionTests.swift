import Dispatch
import RACCore
import RACTestSupport
import Testing

/// A cold source that counts its subscriptions and disposals and hands out its subscriber.
private final class CountingSource: @unchecked Sendable {
    let subscriptions = Locked(0)
    let disposals = Locked(0)
    let current = Locked<Subscriber<Int, TestError>?>(nil)

    lazy var signal = Signal<Int, TestError> { [subscriptions, disposals, current] subscriber in
        subscriptions.withValue { $0 += 1 }
        // `current` holds the subscriber, which holds the disposable below: the disposable must
        // not hold the source, or the source would keep itself alive.
        current.withValue { $0 = subscriber }
        return ActionDisposable { disposals.withValue { $0 += 1 } }
    }

    func send(_ event: Event<Int, TestError>) {
        current.current?.send(event)
    }
}

@Suite(.checksRelease) struct MulticastConnectionTests {
    @Test func subscribersReceiveNothingBeforeConnect() {
        let source = CountingSource()
        let connection = source.signal.publish()
        var events: [Event<Int, TestError>] = []
        let observation = connection.signal.observe { events.append($0) }
        #expect(source.subscriptions.current == 0)
        #expect(connection.isConnected == false)
        #expect(events.isEmpty)
        observation.dispose()
        expectReleased(observation, "the subscriber")
        expectReleased(connection.signal, "the published subject")
    }

    @Test func connectSubscribesOnceAndReturnsTheSameDisposable() {
        weak var weakSubject: Signal<Int, TestError>?
        do {
            let source = CountingSource()
            let connection = source.signal.publish()
            weakSubject = connection.signal
            var first: [Int] = []
            var second: [Int] = []
            connection.signal.subscribe(next: { first.append($0) })
            connection.signal.subscribe(next: { second.append($0) })
            let disposableA = connection.connect()
            let disposableB = connection.connect()
            #expect(disposableA === disposableB)
            #expect(source.subscriptions.current == 1)
            #expect(connection.isConnected)
            source.send(.next(1))
            source.send(.next(2))
            #expect(first == [1, 2])
            #expect(second == [1, 2])
            // The subject and the subscription feeding it hold each other while connected.
            disposableA.dispose()
            #expect(source.disposals.current == 1)
        }
        #expect(weakSubject == nil)
    }

    @Test func lateSubscriberToPublishSeesOnlyLaterValues() {
        let source = CountingSource()
        let connection = source.signal.publish()
        connection.connect()
        source.send(.next(1))
        var events: [Event<Int, TestError>] = []
        let observation = connection.signal.observe { events.append($0) }
        source.send(.next(2))
        source.send(.completed)
        #expect(events == [.next(2), .completed])
        #expect(source.disposals.current == 1)
        expectReleased(observation, "the late subscriber")
        expectReleased(connection.signal, "the published subject")
    }

    @Test func multicastThroughReplaySubjectReplays() {
        let source = CountingSource()
        let connection = source.signal.multicast(ReplaySubject())
        connection.connect()
        source.send(.next(1))
        source.send(.next(2))
        var events: [Event<Int, TestError>] = []
        let observation = connection.signal.observe { events.append($0) }
        source.send(.error(TestError()))
        #expect(events == [.next(1), .next(2), .error(TestError())])
        #expect(source.subscriptions.current == 1)
        expectReleased(observation, "the replayed subscriber")
        expectReleased(connection.signal, "the replay subject")
    }

    @Test func initWithSubjectSubclassAndErrorsReachEverySubscriber() {
        let subject = BehaviorSubject<Int, TestError>(value: 0)
        let connection = MulticastConnection(source: Signal(error: TestError()), subject: subject)
        var events: [Event<Int, TestError>] = []
        let observation = connection.signal.observe { events.append($0) }
        connection.connect()
        #expect(events == [.next(0), .error(TestError())])
        expectReleased(observation, "the subscriber")
        expectReleased(subject, "the behavior subject")
    }

    @Test func disposingTheConnectionDisposesTheSourceButNotTheSubject() {
        let source = CountingSource()
        let connection = source.signal.publish()
        var events: [Event<Int, TestError>] = []
        let observation = connection.signal.observe { events.append($0) }
        let disposable = connection.connect()
        source.send(.next(1))
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(source.disposals.current == 1)
        source.send(.next(2))
        #expect(events == [.next(1)])
        // One-shot: connecting again does not resubscribe.
        #expect(connection.connect() === disposable)
        #expect(source.subscriptions.current == 1)
        observation.dispose()
        expectReleased(observation, "the subscriber")
        expectReleased(connection.signal, "the published subject")
    }

    @Test func concurrentConnectsSubscribeOnce() {
        weak var weakSubject: Signal<Int, TestError>?
        do {
            let source = CountingSource()
            let connection = source.signal.publish()
            weakSubject = connection.signal
            let disposables = Locked<[ObjectIdentifier]>([])
            onThreads(16) { _ in
                let disposable = connection.connect()
                disposables.withValue { $0.append(ObjectIdentifier(disposable)) }
            }
            #expect(source.subscriptions.current == 1)
            #expect(Set(disposables.current).count == 1)
            connection.connect().dispose()
            #expect(source.disposals.current == 1)
        }
        #expect(weakSubject == nil)
    }

    @Test func autoconnectConnectsOnFirstSubscription() {
        weak var weakSubject: Signal<Int, TestError>?
        do {
            let source = CountingSource()
            let connection = source.signal.publish()
            weakSubject = connection.signal
            let auto = connection.autoconnect()
            #expect(source.subscriptions.current == 0)
            var first: [Int] = []
            var second: [Int] = []
            let firstSubscription = auto.subscribe(next: { first.append($0) })
            #expect(source.subscriptions.current == 1)
            source.send(.next(1))
            let secondSubscription = auto.subscribe(next: { second.append($0) })
            #expect(source.subscriptions.current == 1)
            source.send(.next(2))
            #expect(first == [1, 2])
            #expect(second == [2])
            // The last subscriber leaving disposes the connection.
            firstSubscription.dispose()
            secondSubscription.dispose()
            #expect(source.disposals.current == 1)
        }
        #expect(weakSubject == nil)
    }

    @Test func autoconnectDisposesTheConnectionAtZeroSubscribers() {
        let source = CountingSource()
        let connection = source.signal.publish()
        let auto = connection.autoconnect()
        let a = auto.subscribe(next: { _ in })
        let b = auto.subscribe(next: { _ in })
        a.dispose()
        #expect(source.disposals.current == 0)
        b.dispose()
        #expect(source.disposals.current == 1)
        #expect(connection.signal is Subject<Int, TestError>)
        #expect((connection.signal as? Subject<Int, TestError>)?.subscriberCount == 0)
        expectReleased(a, "the first subscriber")
        expectReleased(b, "the second subscriber")
        expectReleased(connection.signal, "the published subject")
    }

    @Test func autoconnectIsOneShotLikeRAC() {
        let source = CountingSource()
        let connection = source.signal.multicast(ReplaySubject())
        let auto = connection.autoconnect()
        var early: [Int] = []
        let subscription = auto.subscribe(next: { early.append($0) })
        source.send(.next(1))
        subscription.dispose()
        #expect(source.disposals.current == 1)

        // A later subscriber attaches to the subject (which replays) but the source is not
        // subscribed again, and nothing new ever arrives.
        var late: [Event<Int, TestError>] = []
        let lateSubscription = auto.observe { late.append($0) }
        #expect(source.subscriptions.current == 1)
        source.send(.next(2))
        #expect(late == [.next(1)])
        #expect(early == [1])
        lateSubscription.dispose()
        expectReleased(subscription, "the early subscriber")
        expectReleased(lateSubscription, "the late subscriber")
        expectReleased(connection.signal, "the replay subject")
    }

    @Test func autoconnectTerminationCountsAsLeaving() {
        let source = CountingSource()
        let auto = source.signal.publish().autoconnect()
        var events: [Event<Int, TestError>] = []
        let observation = auto.observe { events.append($0) }
        source.send(.next(1))
        source.send(.completed)
        #expect(events == [.next(1), .completed])
        #expect(source.disposals.current == 1)
        expectReleased(observation, "the subscriber")
        expectReleased(auto, "the autoconnecting signal")
    }

    @Test func publishedSubjectReleasesDisposedSubscribers() {
        weak var weakObserver: AnyObject?
        weak var weakSubject: Signal<Int, TestError>?
        do {
            let source = CountingSource()
            let connection = source.signal.publish()
            weakSubject = connection.signal
            do {
                let observer = NSObjectLike()
                weakObserver = observer
                let subscription = connection.signal.subscribe(next: { _ in _ = observer })
                connection.connect()
                subscription.dispose()
            }
            #expect(weakObserver == nil)
            // The subject and the subscription feeding it hold each other while connected.
            connection.connect().dispose()
        }
        #expect(weakSubject == nil)
    }
}

private final class NSObjectLike {}
