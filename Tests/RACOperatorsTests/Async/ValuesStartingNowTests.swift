import RACTestSupport
import Testing

@testable import RACOperators

@Suite("valuesStartingNow: the values of a hot signal from when the sequence is made", .checksRelease)
struct ValuesStartingNowTests {
    @Test("a subject's values sent before the first next() are received in full; values misses them")
    func subjectBeforeFirstNext() async throws {
        let subject = Subject<Int, TestError>()
        let started = subject.valuesStartingNow()
        let late = subject.values
        #expect(subject.subscriberCount == 1)
        subject.sendNext(1)
        subject.sendNext(2)
        var startedIterator = started.makeAsyncIterator()
        // The late sequence subscribes at its first next(), which waits for a value: run it in a
        // task and send once it has subscribed.
        let lateFirst = Task {
            var lateIterator = late.makeAsyncIterator()
            return try await lateIterator.next()
        }
        #expect(try await startedIterator.next() == 1)
        while subject.subscriberCount < 2 { await Task.yield() }
        subject.sendNext(3)
        subject.sendCompleted()
        #expect(try await lateFirst.value == 3)
        var rest: [Int] = []
        while let value = try await startedIterator.next() { rest.append(value) }
        #expect(rest == [2, 3])
        #expect(subject.subscriberCount == 0)
    }

    @Test("the buffering policy applies before the first next(): newest, oldest, fail when full")
    func policies() async {
        for (policy, expected, dropped) in [
            (BufferingPolicy<TestError>.bufferingNewest(2), "3 4 |", 2),
            (.bufferingOldest(2), "1 2 |", 2),
            (.failWhenFull(2, raising: TestError(9)), "1 2 error(TestError(9))", 1),
            (.unbounded, "1 2 3 4 |", 0),
        ] {
            let subject = Subject<Int, TestError>()
            let statistics = HandOffStatistics()
            let started = subject.valuesStartingNow(bufferingPolicy: policy, statistics: statistics)
            for value in 1...4 { subject.sendNext(value) }
            subject.sendCompleted()
            var events: [String] = []
            do {
                for try await value in started { events.append("\(value)") }
                events.append("|")
            } catch {
                events.append("error(\(error))")
            }
            #expect(events.joined(separator: " ") == expected, "\(policy)")
            #expect(statistics.droppedCount == dropped, "\(policy)")
            #expect(subject.subscriberCount == 0, "\(policy)")
        }
    }

    @Test("fail when full disposes the subject's subscription at the value that does not fit")
    func failWhenFullDisposes() async throws {
        let subject = Subject<Int, Never>()
        let started = subject.promoteError(BufferOverflowError.self).valuesStartingNow(
            bufferingPolicy: .failWhenFull(1))
        subject.sendNext(1)
        #expect(subject.subscriberCount == 1)
        subject.sendNext(2)
        #expect(subject.subscriberCount == 0)
        var iterator = started.makeAsyncIterator()
        #expect(try await iterator.next() == 1)
        await #expect(throws: BufferOverflowError(limit: 1)) { try await iterator.next() }
    }

    @Test("dropping the sequence without iterating disposes the subscription and releases it")
    func droppedSequence() {
        let subject = Subject<Int, TestError>()
        weak var weakBuffer: AsyncEventBuffer<Int, TestError>?
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let signal = Signal<Int, TestError> { subscriber in
                subscriber.add { withExtendedLifetime(token) {} }
                return subject.subscribe(subscriber)
            }
            let started = signal.valuesStartingNow()
            weakBuffer = started.buffer
            subject.sendNext(1)
            #expect(subject.subscriberCount == 1)
        }
        #expect(weakBuffer == nil)
        #expect(weakToken == nil)
        #expect(subject.subscriberCount == 0)
    }

    @Test("dropping the iterator part-way disposes the subscription and releases it")
    func droppedIterator() async throws {
        let subject = Subject<Int, TestError>()
        weak var weakBuffer: AsyncEventBuffer<Int, TestError>?
        do {
            let started = subject.valuesStartingNow()
            weakBuffer = started.buffer
            subject.sendNext(1)
            subject.sendNext(2)
            var iterator = started.makeAsyncIterator()
            #expect(try await iterator.next() == 1)
        }
        #expect(weakBuffer == nil)
        #expect(subject.subscriberCount == 0)
    }

    @Test("cancelling the iterating task disposes the subscription and ends the loop")
    func cancelled() async throws {
        let subject = Subject<Int, TestError>()
        weak var weakBuffer: AsyncEventBuffer<Int, TestError>?
        do {
            let started = subject.valuesStartingNow()
            weakBuffer = started.buffer
            let (firstSeen, seen) = AsyncStream<Void>.makeStream()
            subject.sendNext(1)
            let task = Task {
                var received: [Int] = []
                for try await value in started {
                    received.append(value)
                    seen.yield()
                }
                return received
            }
            for await _ in firstSeen { break }
            task.cancel()
            #expect(try await task.value == [1])
            #expect(subject.subscriberCount == 0)
            subject.sendNext(2)  // nobody listens any more
        }
        #expect(weakBuffer == nil)
    }

    @Test("memory stays flat under a producer 100 times faster than its consumer")
    func flatMemory() async {
        let counter = CountedValue.Counter()
        let statistics = HandOffStatistics()
        let subject = Subject<CountedValue, Never>()
        let started = subject.valuesStartingNow(bufferingPolicy: .bufferingNewest(8), statistics: statistics)
        var iterator = started.makeAsyncIterator()
        var received: [Int] = []
        var mostAlive = 0
        var sent = 0
        for _ in 0..<200 {
            for _ in 0..<100 {
                sent += 1
                subject.sendNext(CountedValue(sent, counter))
            }
            mostAlive = max(mostAlive, counter.current)
            #expect(started.buffer.waitingCount <= 8)
            if let value = await iterator.next() { received.append(value.value) }
        }
        subject.sendCompleted()
        while let value = await iterator.next() { received.append(value.value) }
        #expect(mostAlive == 8)
        #expect(statistics.highWaterMark == 8)
        #expect(received.count + statistics.droppedCount == sent)
        #expect(received == received.sorted())
        #expect(counter.current == 0)
    }

    @Test("stress: four producers into valuesStartingNow while a task consumes")
    func stress() async throws {
        let subject = Subject<Int, Never>()
        let statistics = HandOffStatistics()
        let started = subject.valuesStartingNow(bufferingPolicy: .bufferingOldest(16), statistics: statistics)
        let consumer = Task {
            var received: [Int] = []
            for await value in started { received.append(value) }
            return received
        }
        let senders = 4
        let perSender = 5_000
        onThreads(senders) { thread in
            for index in 0..<perSender { subject.sendNext(thread * perSender + index) }
        }
        subject.sendCompleted()
        let received = await consumer.value
        #expect(received.count + statistics.droppedCount == senders * perSender)
        #expect(Set(received).count == received.count)
        #expect(statistics.highWaterMark <= 16)
        for thread in 0..<senders {
            let mine = received.filter { $0 / perSender == thread }
            #expect(mine == mine.sorted())
        }
        #expect(subject.subscriberCount == 0)
    }
}
