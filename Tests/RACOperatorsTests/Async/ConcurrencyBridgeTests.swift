import Foundation
import RACOperators
import RACTestSupport
import Testing

@Suite("async/await bridges", .checksRelease)
struct ConcurrencyBridgeTests {
    @Test("values iterates every value and ends on completion")
    func valuesEndOnCompletion() async throws {
        var received: [Int] = []
        let signal = Signal<Int, Never>(values: [1, 2, 3])
        for try await value in signal.values {
            received.append(value)
        }
        #expect(received == [1, 2, 3])
        expectReleased(signal, "the iterated signal")
    }

    @Test("values throws the signal's error after the values before it")
    func valuesThrow() async {
        let subject = ReplaySubject<Int, TestError>()
        subject.sendNext(1)
        subject.sendError(TestError(3))
        var received: [Int] = []
        await #expect(throws: TestError(3)) {
            for try await value in subject.values {
                received.append(value)
            }
        }
        #expect(received == [1])
        expectReleased(subject, "the iterated subject")
    }

    @Test("values buffers events sent from another thread while the consumer is busy")
    func valuesFromAnotherThread() async throws {
        let signal = Signal<Int, Never> { subscriber in
            let thread = Thread {
                for value in 0..<10_000 { subscriber.sendNext(value) }
                subscriber.sendCompleted()
            }
            thread.start()
            return nil
        }
        var count = 0
        var last = -1
        var ordered = true
        for try await value in signal.values {
            if value != last + 1 { ordered = false }
            last = value
            count += 1
        }
        #expect(count == 10_000)
        #expect(ordered)
        expectReleased(signal, "the iterated signal")
    }

    @Test("cancelling the iterating task disposes the subscription")
    func cancellationDisposes() async {
        let disposed = Locked(false)
        let subscribed = Locked(false)
        let signal = Signal<Int, Never> { _ in
            subscribed.withValue { $0 = true }
            return ActionDisposable { disposed.withValue { $0 = true } }
        }
        let task = Task {
            var count = 0
            for try await _ in signal.values { count += 1 }
            return count
        }
        while !subscribed.current { await Task.yield() }
        task.cancel()
        let count = try? await task.value
        #expect(count == 0)
        #expect(disposed.current)
        expectReleased(signal, "the signal whose iteration was cancelled")
    }

    @Test("await first() returns the first value, nil when empty, and throws errors")
    func asyncFirst() async {
        let values = Signal<Int, Never>(values: [5, 6])
        let first: Int? = await values.first()
        #expect(first == 5)
        let none: Int? = await Signal<Int, Never>.empty.first()
        #expect(none == nil)
        let failing = Signal<Int, TestError>(error: TestError(1))
        await #expect(throws: TestError(1)) {
            let _: Int? = try await failing.first()
        }
        expectReleased(values, "the signal first() awaited")
        expectReleased(failing, "the failing signal first() awaited")
    }

    @Test("Signal { async } runs the operation once per subscription")
    func asyncOperation() async {
        let runs = Locked(0)
        let signal = Signal<Int, Never> {
            runs.withValue { $0 += 1 }
            return 42
        }
        let a: [Int] = await collect(signal)
        let b: [Int] = await collect(signal)
        #expect(a == [42])
        #expect(b == [42])
        #expect(runs.current == 2)
        let failing = Signal<Int, TestError> { () async throws(TestError) -> Int in
            throw TestError(8)
        }
        await #expect(throws: TestError(8)) { _ = try await collect(failing) }
        expectReleased(signal, "the async signal")
        expectReleased(failing, "the failing async signal")
    }

    @Test("disposing a Signal { async } subscription cancels its task")
    func asyncOperationCancelled() async {
        let started = Locked(false)
        let sawCancellation = Locked(false)
        let signal = Signal<Int, Never> {
            started.withValue { $0 = true }
            while !Task.isCancelled { await Task.yield() }
            sawCancellation.withValue { $0 = true }
            return 0
        }
        let received = Locked<[Event<Int, Never>]>([])
        let subscription = signal.observe { event in received.withValue { $0.append(event) } }
        while !started.current { await Task.yield() }
        subscription.dispose()
        while !sawCancellation.current { await Task.yield() }
        #expect(received.current.isEmpty)
        expectReleased(subscription, "the disposed subscriber")
        expectReleased(signal, "the async signal")
    }

    @Test("Signal(asyncSequence) sends each element then completes")
    func fromAsyncSequence() async {
        let stream = AsyncStream<Int> { continuation in
            for value in 1...4 { continuation.yield(value) }
            continuation.finish()
        }
        let signal = Signal(stream)
        let received: [Int] = await collect(signal)
        #expect(received == [1, 2, 3, 4])
        expectReleased(signal, "the signal over the stream")
    }

    private func collect<Value, Failure: Error>(_ signal: Signal<Value, Failure>) async throws(Failure)
        -> [Value]
    {
        var result: [Value] = []
        for try await value in signal.values { result.append(value) }
        return result
    }
}
