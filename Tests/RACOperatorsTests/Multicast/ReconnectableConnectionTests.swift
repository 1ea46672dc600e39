import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// Counts the subjects a `makeSubject` closure made.
private final class SubjectFactory: @unchecked Sendable {
    private let made = Locked(0)
    var count: Int { made.current }

    func make() -> Subject<String, TestError> {
        made.withValue { $0 += 1 }
        return Subject()
    }
}

/// A `makeSubject` closure's subjects, watched through weak references.
private final class WatchedSubjects: @unchecked Sendable {
    private let made = Locked<[() -> AnyObject?]>([])
    var count: Int { made.current.count }
    var allReleased: Bool { RACOperatorsTests.allReleased(made.current) }

    func make() -> Subject<String, TestError> {
        let subject = Subject<String, TestError>()
        made.withValue { $0.append { [weak subject] in subject } }
        return subject
    }
}

@Suite("Multicast: multicast(makeSubject:) reconnects into a fresh subject", .checksRelease)
struct ReconnectableConnectionTests {
    let scheduler = TestScheduler(checksRelease: true)

    @Test("connect after the source completed subscribes it again, into a new subject")
    func reconnectsAfterCompletion() throws {
        let source = try scheduler.createColdSignal("-a-b-|", error: TestError(1))
        let factory = SubjectFactory()
        let connection = source.multicast(makeSubject: factory.make)
        let first = scheduler.record(connection.signal)
        connection.connect()
        #expect(connection.isConnected)
        scheduler.advance(toFrame: 6)
        #expect(!connection.isConnected)
        let second = scheduler.record(connection.signal)
        connection.connect()
        scheduler.run()
        #expect(try first.events == recordedEvents("-a-b-|"))
        #expect(try second.events == recordedEvents("-------a-b-|"))
        try scheduler.expect(source, toHaveSubscriptions: ["^----!", "------^----!"])
        #expect(factory.count == 2)
        expectReleased(first, "the first connection's subscriber")
        expectReleased(second, "the second connection's subscriber")
    }

    @Test("connect while connected returns the same disposable and subscribes the source once")
    func connectTwice() throws {
        let source = try scheduler.createColdSignal("-a-b-|", error: TestError(1))
        let connection = source.multicast { Subject() }
        let first = connection.connect()
        let second = connection.connect()
        #expect(first === second as AnyObject)
        try scheduler.expect(connection.signal, toEmit: "-a-b-|")
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
    }

    @Test("an error ends the connection; its subscribers get it; the next connect reconnects")
    func error() throws {
        let source = try scheduler.createColdSignal("-a-#", error: TestError(1))
        let factory = SubjectFactory()
        let connection = source.multicast(makeSubject: factory.make)
        let first = scheduler.record(connection.signal)
        connection.connect()
        scheduler.advance(toFrame: 4)
        connection.connect()
        let second = scheduler.record(connection.signal)
        scheduler.run()
        #expect(try first.events == recordedEvents("-a-#", error: TestError(1)))
        #expect(try second.events == recordedEvents("-----a-#", error: TestError(1)))
        try scheduler.expect(source, toHaveSubscriptions: ["^--!", "----^--!"])
        #expect(factory.count == 2)
    }

    @Test("an empty source: its subscribers complete and the connection has ended")
    func empty() throws {
        let source = try scheduler.createColdSignal("|", error: TestError(1))
        let connection = source.multicast { Subject() }
        let first = scheduler.record(connection.signal)
        connection.connect()
        scheduler.run()
        #expect(try first.events == recordedEvents("|"))
        #expect(!connection.isConnected)
        try scheduler.expect(source, toHaveSubscriptions: ["(^!)"])
    }

    @Test("disposing the connection disposes the source; connect then subscribes it again")
    func disposal() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|", error: TestError(1))
        let factory = SubjectFactory()
        let connection = source.multicast(makeSubject: factory.make)
        let first = scheduler.record(connection.signal)
        let disposable = connection.connect()
        scheduler.advance(toFrame: 3)
        disposable.dispose()
        #expect(!connection.isConnected)
        scheduler.advance(toFrame: 4)
        let second = scheduler.record(connection.signal)
        connection.connect()
        scheduler.run()
        // The first subscriber stays on the first subject, which nothing feeds any more.
        #expect(try first.events == recordedEvents("-a-b"))
        #expect(try second.events == recordedEvents("-----a-b-c-|"))
        try scheduler.expect(source, toHaveSubscriptions: ["^--!", "----^------!"])
        #expect(factory.count == 2)
        first.dispose()
    }

    @Test("a subscriber that subscribes from the terminal event's callback joins the next connection")
    func subscribeFromTerminalCallback() {
        let source = FreshSubjects<String, TestError>()
        let connection = source.signal.multicast { Subject() }
        let late = Log<String>()
        let lateSubscription = SerialDisposable()
        let first = Log<String>()
        first.record(
            connection.signal.doCompleted { lateSubscription.inner = late.record(connection.signal) })
        connection.connect()
        source.sendNext("a")
        source.sendCompleted()
        #expect(first.all == ["a", "|"])
        #expect(late.all == [])
        connection.connect()
        source.sendNext("b")
        source.sendCompleted()
        #expect(late.all == ["b", "|"])
        #expect(source.subscriptions == 2)
        #expect(source.disposals == 2)
    }

    @Test("the connection object, its subjects and the source's subscriber are released")
    func released() throws {
        weak var weakConnection: ReconnectableMulticastConnection<String, TestError>?
        let subjects = WatchedSubjects()
        do {
            let source = try scheduler.createColdSignal("-a-|", error: TestError(1))
            let connection = source.multicast(makeSubject: subjects.make)
            weakConnection = connection
            let recorder = scheduler.record(connection.signal)
            connection.connect()
            scheduler.run()
            #expect(try recorder.events == recordedEvents("-a-|"))
        }
        #expect(weakConnection == nil)
        #expect(subjects.count == 1)
        #expect(subjects.allReleased)
    }
}

@Suite("Multicast: autoconnectReconnecting() (RxSwift refCount)", .checksRelease)
struct AutoconnectReconnectingTests {
    let scheduler = TestScheduler(checksRelease: true)

    @Test("connects at the first subscriber, disconnects at the last, connects afresh for the next")
    func reconnects() throws {
        let source = try scheduler.createColdSignal("-a-b-c-d-|", error: TestError(1))
        let factory = SubjectFactory()
        let shared = source.multicast(makeSubject: factory.make).autoconnectReconnecting()
        let first = scheduler.record(shared, disposeAt: 5)
        let second = scheduler.record(shared, subscribeAt: 7)
        scheduler.run()
        #expect(try first.events == recordedEvents("-a-b-"))
        #expect(try second.events == recordedEvents("--------a-b-c-d-|"))
        try scheduler.expect(source, toHaveSubscriptions: ["^----!", "-------^--------!"])
        #expect(factory.count == 2)
        expectReleased(first, "the disposed subscription")
        expectReleased(second, "the completed subscription")
    }

    @Test("one of two subscribers leaving keeps the connection; both share one source subscription")
    func oneLeaves() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|", error: TestError(1))
        let shared = source.multicast { Subject() }.autoconnectReconnecting()
        let leaving = scheduler.record(shared, disposeAt: 2)
        let staying = scheduler.record(shared)
        scheduler.run()
        #expect(try leaving.events == recordedEvents("-a"))
        #expect(try staying.events == recordedEvents("-a-b-c-|"))
        try scheduler.expect(source, toHaveSubscriptions: ["^------!"])
    }

    @Test("the source's completion or error ends the connection; the next subscriber reconnects")
    func reconnectsAfterTermination() throws {
        for (marble, error) in [("-a-|", nil), ("-a-#", TestError(1))] {
            let scheduler = TestScheduler(checksRelease: true)
            let source = try scheduler.createColdSignal(marble, error: TestError(1))
            let shared = source.multicast { Subject() }.autoconnectReconnecting()
            let first = scheduler.record(shared)
            let second = scheduler.record(shared, subscribeAt: 5)
            scheduler.run()
            #expect(try first.events == recordedEvents(marble, error: TestError(1)))
            #expect(try second.events == recordedEvents("-----" + marble, error: TestError(1)))
            try scheduler.expect(source, toHaveSubscriptions: ["^--!", "-----^--!"])
            _ = error
        }
    }

    @Test("an empty synchronous source: every subscriber completes, each subscription runs it")
    func emptySynchronous() {
        let subscriptions = OpCounter()
        let shared = countingSignal(subscriptions, values: []).multicast { Subject<Int, TestError>() }
            .autoconnectReconnecting()
        #expect(eventsOf(shared) == [.completed])
        #expect(eventsOf(shared) == [.completed])
        #expect(subscriptions.value == 2)
    }

    @Test("a synchronous source: the first subscriber is attached before the source runs")
    func synchronous() {
        let subscriptions = OpCounter()
        let shared = countingSignal(subscriptions, values: [1, 2]).multicast { Subject<Int, TestError>() }
            .autoconnectReconnecting()
        #expect(eventsOf(shared) == [.next(1), .next(2), .completed])
        #expect(eventsOf(shared) == [.next(1), .next(2), .completed])
        #expect(subscriptions.value == 2)
    }

    @Test("the one-shot autoconnect() of MulticastConnection is unchanged: it does not reconnect")
    func rackAutoconnectStaysOneShot() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|", error: TestError(1))
        let shared = source.publish().autoconnect()
        let first = scheduler.record(shared, disposeAt: 2)
        let second = scheduler.record(shared, subscribeAt: 4, disposeAt: 10)
        scheduler.run()
        #expect(try first.events == recordedEvents("-a"))
        #expect(try second.events == recordedEvents(""))
        try scheduler.expect(source, toHaveSubscriptions: ["^-!"])
    }

    @Test("released: the connection, its subjects and the source's subscribers, once all have left")
    func released() {
        let subjects = WatchedSubjects()
        weak var weakShared: Signal<String, TestError>?
        let probe = ProbeSource<String, TestError>()
        do {
            let shared = probe.signal.multicast(makeSubject: subjects.make).autoconnectReconnecting()
            weakShared = shared
            let log = EventLog<String, TestError>()
            let subscription = log.record(shared)
            probe.sendNext("a")
            subscription.dispose()
            #expect(log.events == [.next("a")])
        }
        #expect(probe.subscriptions == 1)
        #expect(probe.disposals == 1)
        #expect(!probe.isSubscribed)
        #expect(weakShared == nil)
        #expect(subjects.count == 1)
        #expect(subjects.allReleased)
    }
}

extension OperatorsDocTests {
    @Test("multicast(makeSubject:): both subscribers of the doc marble")
    func multicastMakeSubject() throws {
        let doc = try docMarble(
            "RACOperators/Multicast", "makeSubject: @escaping @Sendable () -> Subject<Value, Failure>")
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal(#require(doc.marbles["self"]), error: TestError(1))
        let connection = source.multicast { Subject() }
        let first = scheduler.record(connection.signal)
        connection.connect()
        scheduler.advance(toFrame: 6)
        let second = scheduler.record(connection.signal)
        connection.connect()
        scheduler.run()
        #expect(
            try first.events == recordedEvents(#require(doc.marbles["subscriber at 0"]), error: TestError(1)))
        #expect(
            try second.events == recordedEvents(#require(doc.marbles["subscriber at 6"]), error: TestError(1))
        )
        expectReleased(first, "the first subscription of multicast(makeSubject:)")
    }
}
