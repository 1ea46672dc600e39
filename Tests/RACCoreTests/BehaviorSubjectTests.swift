import RACCore
import RACTestSupport
import Testing

/// What a `BehaviorSubject` gives a subscriber that arrives after it has terminated: its current
/// value, then the terminal event, at once; and what it does with the events sent after that.
@Suite("BehaviorSubject after it terminates", .checksRelease)
struct BehaviorSubjectTests {
    @Test("a late subscriber after completion gets the current value, then the completion")
    func lateAfterCompletion() {
        let subject = BehaviorSubject<String, TestError>(value: "initial")
        let early = EventLog<String, TestError>()
        subject.subscribe(early.subscriber())
        subject.sendNext("a")
        subject.sendNext("b")
        subject.sendCompleted()
        let late = EventLog<String, TestError>()
        subject.subscribe(late.subscriber())
        #expect(early.events == [.next("initial"), .next("a"), .next("b"), .completed])
        #expect(late.events == [.next("b"), .completed])
        #expect(subject.value == "b")
        #expect(subject.subscriberCount == 0)
    }

    @Test("a late subscriber after an error gets the current value, then the error")
    func lateAfterError() {
        let subject = BehaviorSubject<String, TestError>(value: "initial")
        subject.sendNext("a")
        subject.sendError(TestError(4))
        let late = EventLog<String, TestError>()
        subject.subscribe(late.subscriber())
        #expect(late.events == [.next("a"), .error(TestError(4))])
        let later = EventLog<String, TestError>()
        subject.subscribe(later.subscriber())
        #expect(later.events == [.next("a"), .error(TestError(4))])
        #expect(subject.value == "a")
    }

    @Test("a subject that never got a value after its initial one replays the initial one")
    func initialValueOnly() {
        let completed = BehaviorSubject<Int, TestError>(value: 0)
        completed.sendCompleted()
        let afterCompletion = EventLog<Int, TestError>()
        completed.subscribe(afterCompletion.subscriber())
        #expect(afterCompletion.events == [.next(0), .completed])

        let failed = BehaviorSubject<Int, TestError>(value: 0)
        failed.sendError(TestError(2))
        let afterError = EventLog<Int, TestError>()
        failed.subscribe(afterError.subscriber())
        #expect(afterError.events == [.next(0), .error(TestError(2))])
        #expect(completed.value == 0)
        #expect(failed.value == 0)
    }

    @Test("values and terminal events sent after termination are ignored, by value and by everyone")
    func eventsAfterTermination() {
        let subject = BehaviorSubject<Int, TestError>(value: 0)
        let early = EventLog<Int, TestError>()
        subject.subscribe(early.subscriber())
        subject.sendNext(1)
        subject.sendCompleted()
        subject.sendNext(2)
        subject.sendError(TestError(9))
        subject.sendCompleted()
        let late = EventLog<Int, TestError>()
        subject.subscribe(late.subscriber())
        subject.sendNext(3)
        #expect(early.events == [.next(0), .next(1), .completed])
        #expect(late.events == [.next(1), .completed])
        #expect(subject.value == 1)
        #expect(subject.bufferedValues == [1])
    }

    @Test("a late subscriber disposed by the replayed value does not get the terminal event")
    func lateSubscriberDisposedByValue() {
        let subject = BehaviorSubject<Int, TestError>(value: 5)
        subject.sendCompleted()
        let late = EventLog<Int, TestError>()
        var subscriber: Subscriber<Int, TestError>!
        subscriber = late.subscriber(onEvent: { _ in subscriber.dispose() })
        subject.subscribe(subscriber)
        #expect(late.events == [.next(5)])
        subscriber = nil
    }
}
