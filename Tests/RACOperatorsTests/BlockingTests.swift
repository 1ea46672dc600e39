import Foundation
import RACOperators
import Testing

private struct BlockingError: Error, Equatable {
    let code: Int
}

@Suite("Blocking operators")
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
    }

    @Test("first() of an empty signal is nil; first(default:) gives the default")
    func firstOfEmpty() {
        #expect(Signal<Int, Never>.empty.first() == nil)
        #expect(Signal<Int, Never>.empty.first(default: 9) == 9)
        #expect(Signal<Int, Never>(value: 3).first(default: 9) == 3)
    }

    @Test("first() throws the signal's error")
    func firstThrows() {
        #expect(throws: BlockingError(code: 4)) {
            try Signal<Int, BlockingError>(error: BlockingError(code: 4)).first()
        }
    }

    @Test("toArray() gathers every value; waitUntilCompleted() returns on completion")
    func toArrayAndWait() throws {
        #expect(Signal<Int, Never>(values: [1, 2, 3]).toArray() == [1, 2, 3])
        #expect(Signal<Int, Never>.empty.toArray() == [])
        Signal<Int, Never>(values: [1]).waitUntilCompleted()
        #expect(throws: BlockingError(code: 2)) {
            try Signal<Int, BlockingError>(error: BlockingError(code: 2)).toArray()
        }
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
        nested(0).subscribe(next: { _ in })
        #expect(results == [[7, 8]])
    }
}
