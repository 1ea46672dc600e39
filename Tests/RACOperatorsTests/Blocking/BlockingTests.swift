import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

// The blocking operators wait on the calling thread, so they cannot run on a TestScheduler that the
// same thread advances; their marbles are played by synchronous signals here, and each chain is
// checked to be released once the operator has returned.
@Suite("Blocking operators", .checksRelease)
struct BlockingTests {
    @Test("first() returns the first value and disposes the subscription")
    func firstValue() throws {
        var disposed = false
        let subject = Subject<Int, Never>()
        let signal = Signal<Int, Never> { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            return CompoundDisposable([subject.subscribe(subscriber), ActionDisposable { disposed = true }])
        }
        #expect(signal.first() == 1)
        #expect(disposed)
        #expect(subject.subscriberCount == 0)
        expectReleased(signal, "the signal first() subscribed to")
        expectReleased(subject, "the subject")
    }

    @Test("first() of an empty signal is nil; first(default:) gives the default")
    func firstOfEmpty() {
        #expect(Signal<Int, Never>.empty.first() == nil)
        #expect(Signal<Int, Never>.empty.first(default: 9) == 9)
        let three = Signal<Int, Never>(value: 3)
        #expect(three.first(default: 9) == 3)
        expectReleased(three, "the signal first(default:) subscribed to")
    }

    @Test("first() throws the signal's error")
    func firstThrows() {
        let failing = Signal<Int, TestError>(error: TestError(4))
        #expect(throws: TestError(4)) {
            try failing.first()
        }
        expectReleased(failing, "the failing signal first() subscribed to")
    }

    @Test("toArray() gathers every value; waitUntilCompleted() returns on completion")
    func toArrayAndWait() throws {
        let values = Signal<Int, Never>(values: [1, 2, 3])
        #expect(values.toArray() == [1, 2, 3])
        #expect(Signal<Int, Never>.empty.toArray() == [])
        values.waitUntilCompleted()
        let failing = Signal<Int, TestError>(error: TestError(2))
        #expect(throws: TestError(2)) {
            try failing.toArray()
        }
        expectReleased(values, "the signal toArray() and waitUntilCompleted() subscribed to")
        expectReleased(failing, "the failing signal toArray() subscribed to")
        #expect(throws: TestError(5)) {
            try Signal<Int, TestError>(error: TestError(5)).waitUntilCompleted()
        }
    }

    @Test("blocking waits for values sent from another thread")
    func waitsForOtherThread() {
        let signal = Signal<Int, Never> { subscriber in
            let thread = Thread {
                for value in 0..<1000 { subscriber.sendNext(value) }
                subscriber.sendCompleted()
            }
            thread.start()
            return nil
        }
        #expect(signal.toArray() == Array(0..<1000))
        expectReleased(signal, "the signal fed from another thread")
    }

    @Test("a blocking call made inside a deeply nested subscription still completes")
    func blockingInsideSubscription() {
        var results: [[Int]] = []
        func nested(_ level: Int) -> Signal<Int, Never> {
            Signal { subscriber in
                if level == 100 {
                    results.append(Signal<Int, Never>(values: [7, 8]).toArray())
                    subscriber.sendCompleted()
                    return nil
                }
                return nested(level + 1).subscribe(subscriber)
            }
        }
        let subscription = nested(0).subscribe(next: { _ in })
        #expect(results == [[7, 8]])
        expectReleased(subscription, "the subscriber")
    }

    @Test("toArray, first, first(default:) and waitUntilCompleted release the chain when they return")
    func blockingReleased() throws {
        weak var weakToken: Token?
        weak var weakSignal: Signal<Int, TestError>?
        do {
            let token = Token()
            weakToken = token
            let signal = Signal<Int, TestError>(values: [1, 2, 3]).map { value in
                withExtendedLifetime(token) { value }
            }
            weakSignal = signal
            #expect(try signal.toArray() == [1, 2, 3])
            #expect(try signal.first() == 1)
            #expect(try signal.first(default: 0) == 1)
            try signal.waitUntilCompleted()
            #expect(Array(signal.sequence) == [1, 2, 3])
        }
        #expect(weakToken == nil)
        #expect(weakSignal == nil)
    }

    @Test("first() disposes a source that goes on: -a-b-… gives a and leaves nothing subscribed")
    func firstDisposesTheSource() throws {
        let subject = Subject<Int, TestError>()
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let signal = subject.startWith(1).map { value in withExtendedLifetime(token) { value } }
            #expect(try signal.first() == 1)
        }
        #expect(subject.subscriberCount == 0)
        #expect(weakToken == nil)
    }

    @Test("an error ends the blocking operators with that error, and releases the chain")
    func blockingError() {
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let failing = Signal<Int, TestError>(values: [1]).concat(Signal(error: TestError(3))).map {
                value in
                withExtendedLifetime(token) { value }
            }
            #expect(throws: TestError(3)) { try failing.toArray() }
            #expect(throws: TestError(3)) { try failing.waitUntilCompleted() }
            #expect((try? failing.first()) == 1)
        }
        #expect(weakToken == nil)
    }

    @Test("iterating values to the end releases the chain")
    func valuesReleased() async throws {
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let signal = Signal<Int, TestError>(values: [1, 2]).map { value in
                withExtendedLifetime(token) { value }
            }
            var received: [Int] = []
            for try await value in signal.values {
                received.append(value)
            }
            #expect(received == [1, 2])
            #expect(try await signal.first() == 1)
        }
        #expect(weakToken == nil)
    }
}
