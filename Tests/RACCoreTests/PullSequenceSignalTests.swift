import Dispatch
import RACCore
import RACTestSupport
import Testing

@Suite(.checksRelease) struct PullSequenceSignalTests {
    @Test func sequenceToSignalSendsEveryValueThenCompletes() {
        var events: [Event<Int, Never>] = []
        let observation = PullSequence(values: [1, 2, 3]).signal.observe { events.append($0) }
        #expect(events == [.next(1), .next(2), .next(3), .completed])
        expectReleased(observation, "the subscriber")
    }

    @Test func emptySequenceSignalCompletes() {
        var events: [Event<Int, Never>] = []
        let observation = PullSequence<Int>.empty.signal.observe { events.append($0) }
        #expect(events == [.completed])
        expectReleased(observation, "the subscriber")
    }

    @Test func sequenceSignalIsColdAndReplaysMemoisedValues() {
        let heads = Locked(0)
        let signal = naturals(heads: heads).take(3).signal
        var first: [Int] = []
        var second: [Int] = []
        let firstSubscription = signal.subscribe(next: { first.append($0) })
        let secondSubscription = signal.subscribe(next: { second.append($0) })
        #expect(first == [0, 1, 2])
        #expect(second == [0, 1, 2])
        #expect(heads.current == 3)
        expectReleased(firstSubscription, "the first subscriber")
        expectReleased(secondSubscription, "the second subscriber")
    }

    @Test func disposingStopsAnInfiniteSequenceSignal() {
        let heads = Locked(0)
        var received: [Int] = []
        var completed = false
        let subscriber = Subscriber<Int, Never>(
            next: { received.append($0) }, completed: { completed = true })
        let disposeAtThree = Subscriber<Int, Never> { event in
            subscriber.send(event)
            if received.count == 3 {
                subscriber.dispose()
            }
        }
        subscriber.add(disposeAtThree)
        naturals(heads: heads).signal.subscribe(disposeAtThree)
        #expect(received == [0, 1, 2])
        #expect(completed == false)
        #expect(heads.current == 3)
        expectReleased(subscriber, "the disposed subscriber")
        expectReleased(disposeAtThree, "the forwarding subscriber")
    }

    @Test func signalToSequence() {
        let signal = Signal<Int, TestError>(values: [1, 2, 3])
        let sequence = signal.sequence
        expectReleased(signal, "the signal")
        #expect(sequence.head == 1)
        #expect(sequence.tail.head == 2)
        #expect(sequence.array == [1, 2, 3])
        #expect(Array(sequence) == [1, 2, 3])
        #expect(Signal<Int, Never>.empty.sequence.isEmpty)
        #expect(Signal<Int, Never>.empty.sequence.head == nil)
    }

    @Test func signalSequenceSubscribesEagerlyAndOnce() {
        let subscriptions = Locked(0)
        let signal = Signal<Int, Never> { subscriber in
            subscriptions.withValue { $0 += 1 }
            subscriber.sendNext(7)
            subscriber.sendCompleted()
            return nil
        }
        let sequence = PullSequence(signal: signal)
        #expect(subscriptions.current == 1)
        #expect(sequence.array == [7])
        #expect(sequence.array == [7])
        #expect(sequence.tail.isEmpty)
        #expect(subscriptions.current == 1)
        expectReleased(signal, "the signal")
    }

    @Test func anErrorEndsTheSequence() {
        let signal = Signal<Int, TestError> { subscriber in
            subscriber.sendNext(1)
            subscriber.sendError(TestError())
            return nil
        }
        #expect(signal.sequence.array == [1])
        #expect(Signal<Int, TestError>(error: TestError()).sequence.isEmpty)
        expectReleased(signal, "the failing signal")
    }

    @Test func optionalValuesSurvive() {
        let signal = Signal<Int?, Never>(values: [nil, 2])
        let sequence = signal.sequence
        #expect(sequence.isEmpty == false)
        #expect(sequence.head == .some(nil))
        #expect(sequence.array == [nil, 2])
        expectReleased(signal, "the signal")
    }

    @Test func roundTrips() {
        let values = [5, 3, 9]
        #expect(PullSequence(values: values).signal.sequence.array == values)
        var events: [Event<Int, TestError>] = []
        let observation = Signal<Int, TestError>(values: values).sequence.signal.observe { event in
            events.append(event.mapError { _ -> TestError in })
        }
        expectReleased(observation, "the subscriber")
        #expect(events == [.next(5), .next(3), .next(9), .completed])
        #expect(naturals().take(4).signal.sequence.array == [0, 1, 2, 3])
    }

    @Test func headBlocksUntilAValueArrivesFromAnotherThread() {
        let subject = Subject<Int, Never>()
        let sequence = subject.sequence
        let sender = DispatchQueue(label: "sender")
        sender.async {
            subject.sendNext(1)
            subject.sendNext(2)
            subject.sendCompleted()
        }
        #expect(sequence.head == 1)
        #expect(sequence.array == [1, 2])
        expectReleased(subject, "the subject")
    }

    @Test func valuesSentBeforeTheSequenceAreNotIncludedFromASubject() {
        let subject = Subject<Int, Never>()
        subject.sendNext(0)
        let sequence = subject.sequence
        subject.sendNext(1)
        subject.sendCompleted()
        #expect(sequence.array == [1])
        expectReleased(subject, "the subject")
    }

    @Test func buildingASequenceInsideASubscriptionDoesNotDeadlock() {
        // Deep inside nested subscriptions the trampoline queues work; the sequence's own
        // subscription is isolated from it, so its values are there when it returns.
        var nested = Signal<[Int], Never> { subscriber in
            subscriber.sendNext(Signal<Int, Never>(values: [1, 2, 3]).sequence.array)
            subscriber.sendCompleted()
            return nil
        }
        for _ in 0..<100 {
            let inner = nested
            nested = Signal { subscriber in inner.subscribe(subscriber) }
        }
        var received: [[Int]] = []
        let subscription = nested.subscribe(next: { received.append($0) })
        #expect(received == [[1, 2, 3]])
        expectReleased(subscription, "the subscriber")
        expectReleased(nested, "the nested signal")
    }

    @Test func releasingTheSequenceDisposesItsSubscription() {
        let subject = Subject<Int, Never>()
        do {
            let sequence = subject.sequence
            #expect(subject.subscriberCount == 1)
            withExtendedLifetime(sequence) {}
        }
        #expect(subject.subscriberCount == 0)
        expectReleased(subject, "the subject")
    }
}
