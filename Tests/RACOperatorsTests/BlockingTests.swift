import Foundation
import RACOperators
import RACTestSupport
import Testing

private struct BlockingError: Error, Equatable {
    let code: Int
}

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
        let failing = Signal<Int, BlockingError>(error: BlockingError(code: 4))
        #expect(throws: BlockingError(code: 4)) {
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
        let failing = Signal<Int, BlockingError>(error: BlockingError(code: 2))
        #expect(throws: BlockingError(code: 2)) {
            try failing.toArray()
        }
        expectReleased(values, "the signal toArray() and waitUntilCompleted() subscribed to")
        expectReleased(failing, "the failing signal toArray() subscribed to")
        #expect(throws: BlockingError(code: 5)) {
            try Signal<Int, BlockingError>(error: BlockingError(code: 5)).waitUntilCompleted()
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
}
