import RACCore
import RACTestSupport
import Testing

@Suite("Signal creation and subscription", .checksRelease)
struct SignalTests {
    @Test(
        "the creation closure runs once per subscription, never at creation (RACDynamicSignal.m -subscribe:)")
    func coldPerSubscription() {
        var runs = 0
        let signal = Signal<Int, Never> { subscriber in
            runs += 1
            subscriber.sendNext(runs)
            subscriber.sendCompleted()
            return nil
        }
        #expect(runs == 0)
        let first = EventLog<Int, Never>()
        let second = EventLog<Int, Never>()
        signal.subscribe(first.subscriber())
        signal.subscribe(second.subscriber())
        #expect(runs == 2)
        #expect(first.events == [.next(1), .completed])
        #expect(second.events == [.next(2), .completed])
    }

    @Test("values sent during subscription arrive before subscribe returns (RACDynamicSignal.m -subscribe:)")
    func synchronousDelivery() {
        let recorder = EventLog<Int, Never>()
        Signal(values: [1, 2, 3]).subscribe(recorder.subscriber())
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test(
        "the creation disposable is disposed on completion, on error and on dispose (RACDynamicSignal.m -subscribe:)"
    )
    func creationDisposableDisposed() {
        for ending in 0..<3 {
            var disposed = 0
            let subject = Subject<Int, TestError>()
            let signal = Signal<Int, TestError> { subscriber in
                let inner = subject.subscribe(subscriber)
                return CompoundDisposable([inner, ActionDisposable { disposed += 1 }])
            }
            let subscription = signal.subscribe(next: { _ in })
            #expect(disposed == 0)
            switch ending {
            case 0: subject.sendCompleted()
            case 1: subject.sendError(TestError(1))
            default: subscription.dispose()
            }
            #expect(disposed == 1)
            subscription.dispose()
            #expect(disposed == 1)
            expectReleased(subscription, "the subscriber")
            expectReleased(signal, "the signal")
        }
    }

    @Test("nothing is delivered after a terminal event (RACSubscriber.m -sendCompleted)")
    func grammar() {
        let recorder = EventLog<Int, TestError>()
        let signal = Signal<Int, TestError> { subscriber in
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            subscriber.sendNext(2)
            subscriber.sendError(TestError(1))
            subscriber.sendCompleted()
            return nil
        }
        signal.subscribe(recorder.subscriber())
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test(
        "an error ends the subscription; re-subscribing runs the work again (RACDynamicSignal.m -subscribe:)")
    func errorThenResubscribe() {
        let signal = Signal<Int, TestError>(error: TestError(7))
        let first = EventLog<Int, TestError>()
        let second = EventLog<Int, TestError>()
        signal.subscribe(first.subscriber())
        signal.subscribe(second.subscriber())
        #expect(first.events == [.error(TestError(7))])
        #expect(second.events == [.error(TestError(7))])
    }

    @Test("a subscriber without error or completed closures ignores them (RACSubscriber.m -sendError:)")
    func missingClosuresIgnored() {
        var values: [Int] = []
        let failed = Signal<Int, TestError>(error: TestError()).subscribe(next: { values.append($0) })
        let completed = Signal<Int, TestError>(value: 3).subscribe(next: { values.append($0) })
        #expect(values == [3])
        expectReleased(failed, "the subscriber the error ended")
        expectReleased(completed, "the completed subscriber")
    }

    @Test("optional values, including nil, are delivered (RACSubscriber.m -sendNext:)")
    func nilValues() {
        let recorder = EventLog<Int?, Never>()
        Signal<Int?, Never>(values: [nil, 1, nil]).subscribe(recorder.subscriber())
        #expect(recorder.events == [.next(nil), .next(1), .next(nil), .completed])
    }

    @Test("factories: value, error, empty, never (RACSignal.m +return:, +error:, +empty, +never)")
    func factories() {
        let value = EventLog<String, Never>()
        Signal<String, Never>(value: "x").subscribe(value.subscriber())
        #expect(value.events == [.next("x"), .completed])

        let empty = EventLog<Int, Never>()
        Signal<Int, Never>.empty.subscribe(empty.subscriber())
        #expect(empty.events == [.completed])

        let never = EventLog<Int, Never>()
        let subscription = Signal<Int, Never>.never.subscribe(never.subscriber())
        #expect(never.events.isEmpty)
        #expect(!subscription.isDisposed)
        subscription.dispose()
        #expect(subscription.isDisposed)
    }

    @Test("Signal.try(_:) (RAC +try:) runs its body once, at once; a value then completion")
    func catchingValue() {
        var runs = 0
        let signal = Signal<Int, TestError>.try({
            runs += 1
            return 7
        })
        #expect(runs == 1)
        #expect(EventLog.of(signal).events == [.next(7), .completed])
        #expect(EventLog.of(signal).events == [.next(7), .completed])
        #expect(runs == 1)
        let optional = Signal<Int?, Never>.try({ nil })
        #expect(EventLog.of(optional).events == [.next(nil), .completed])
    }

    @Test("Signal.try(_:): a thrown error is the signal's error, to every subscriber")
    func catchingError() {
        let signal = Signal<Int, TestError>.try({ () throws(TestError) -> Int in throw TestError(3) })
        #expect(EventLog.of(signal).events == [.error(TestError(3))])
        #expect(EventLog.of(signal).events == [.error(TestError(3))])
        let untyped = Signal<String, any Error>.try({ throw TestError(4) })
        var caught: (any Error)?
        untyped.subscribe(error: { caught = $0 })
        #expect(caught as? TestError == TestError(4))
    }

    @Test("Signal.try(_:): disposal before the outcome stops it; nothing is kept after")
    func catchingDisposal() {
        let log = EventLog<Int, TestError>()
        let subscription = Signal<Int, TestError>.try({ 1 }).subscribe(
            Subscriber { event in
                log.append(event)
            })
        #expect(subscription.isDisposed)
        #expect(log.events == [.next(1), .completed])
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let signal = Signal<Token, Never>.try({ token })
            #expect(EventLog.of(signal).values.count == 1)
        }
        #expect(weakToken == nil)
    }

    @Test("defer calls its factory on each subscription")
    func deferFactory() {
        var made = 0
        let signal = Signal<Int, Never>.defer {
            made += 1
            return Signal(value: made)
        }
        #expect(made == 0)
        let recorder = EventLog<Int, Never>()
        signal.subscribe(recorder.subscriber())
        signal.subscribe(recorder.subscriber())
        #expect(made == 2)
        #expect(recorder.values == [1, 2])
    }

    @Test("disposing a subscription stops delivery of later values")
    func disposeStopsDelivery() {
        let subject = Subject<Int, Never>()
        let recorder = EventLog<Int, Never>()
        let subscription = subject.subscribe(recorder.subscriber())
        subject.sendNext(1)
        subscription.dispose()
        subject.sendNext(2)
        subject.sendCompleted()
        #expect(recorder.events == [.next(1)])
    }

    @Test("every signal carries a name that its description prints")
    func names() {
        let signal = Signal<Int, Never>(name: "numbers") { _ in nil }
        #expect(signal.name == "numbers")
        #expect(signal.description.contains("numbers"))
        #expect(signal.description.contains("Signal<Int, Never>"))
        let renamed = signal.named("renamed")
        #expect(renamed.name == "renamed")
        #expect(Signal<Int, Never>.empty.name == "+empty")
    }

    @Test("observe receives each event")
    func observe() {
        var events: [Event<Int, Never>] = []
        let observation = Signal(values: [4, 5]).observe { events.append($0) }
        #expect(events == [.next(4), .next(5), .completed])
        expectReleased(observation, "the subscriber")
    }
}
