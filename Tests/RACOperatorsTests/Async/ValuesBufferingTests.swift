import RACOperators
import RACTestSupport
import Testing

/// Every value of `sequence` until it ends, and the error it threw, if any.
private func drain(_ sequence: SignalValues<Int, TestError>) async -> ([Int], TestError?) {
    var received: [Int] = []
    var iterator = sequence.makeAsyncIterator()
    do {
        while let value = try await iterator.next() { received.append(value) }
        return (received, nil)
    } catch {
        return (received, error)
    }
}

@Suite("values(bufferingPolicy:) keeps what the policy says while the consumer is busy", .checksRelease)
struct ValuesBufferingTests {
    // A synchronous signal sends everything during the first `next()`, before the consumer takes
    // anything: the consumer is as slow as can be.
    let four = Signal<Int, TestError>(values: [1, 2, 3, 4])

    @Test("unbounded keeps every value, as values does")
    func unbounded() async {
        #expect(await drain(four.values(bufferingPolicy: .unbounded)) == ([1, 2, 3, 4], nil))
        #expect(await drain(four.values) == ([1, 2, 3, 4], nil))
    }

    @Test("bufferingNewest(n) keeps the last n values, then the completion")
    func newest() async {
        #expect(await drain(four.values(bufferingPolicy: .bufferingNewest(2))) == ([3, 4], nil))
        #expect(await drain(four.values(bufferingPolicy: .bufferingNewest(9))) == ([1, 2, 3, 4], nil))
        #expect(await drain(four.values(bufferingPolicy: .bufferingNewest(0))) == ([], nil))
    }

    @Test("bufferingOldest(n) keeps the first n values, then the completion")
    func oldest() async {
        #expect(await drain(four.values(bufferingPolicy: .bufferingOldest(2))) == ([1, 2], nil))
        #expect(await drain(four.values(bufferingPolicy: .bufferingOldest(0))) == ([], nil))
    }

    @Test("the error is always kept, after the kept values")
    func error() async {
        let failing = Signal<Int, TestError> { subscriber in
            for value in 1...3 { subscriber.sendNext(value) }
            subscriber.sendError(TestError(6))
            return nil
        }
        #expect(await drain(failing.values(bufferingPolicy: .bufferingNewest(1))) == ([3], TestError(6)))
        #expect(await drain(failing.values(bufferingPolicy: .bufferingOldest(1))) == ([1], TestError(6)))
        #expect(
            await drain(Signal<Int, TestError>.empty.values(bufferingPolicy: .bufferingOldest(1))) == (
                [], nil
            ))
    }

    @Test("a waiting consumer gets the next value directly; only values sent while it is busy are dropped")
    func waitingConsumer() async throws {
        for (policy, expected) in [
            (BufferingPolicy<TestError>.bufferingNewest(1), [1, 4]), (.bufferingOldest(1), [1, 2]),
        ] {
            let subject = Subject<Int, TestError>()
            let signal = Signal<Int, TestError> { subscriber in
                subscriber.sendNext(1)
                return subject.subscribe(subscriber)
            }
            var iterator = signal.values(bufferingPolicy: policy).makeAsyncIterator()
            var received = [try await iterator.next()]
            // The consumer is busy here: 2, 3 and 4 arrive before it asks again.
            subject.sendNext(2)
            subject.sendNext(3)
            subject.sendNext(4)
            subject.sendCompleted()
            while let value = try await iterator.next() { received.append(value) }
            #expect(received == expected.map(Optional.some), "\(policy)")
        }
    }

    @Test("a negative limit stops with a message naming the call and the value")
    func negativeLimit() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = BufferingPolicy<TestError>.bufferingNewest(-1)
        }
        expectMessage(result, contains: ["BufferingPolicy.bufferingNewest(_:)", "got -1"])
    }
}
