import Dispatch
import RACTestSupport
import RACTesting
import Synchronization
import Testing

@testable import RACOperators

/// A value that counts its live instances, to see how many a hand-off keeps.
final class CountedValue: Sendable, CustomStringConvertible {
    /// How many instances of one test are alive.
    final class Counter: Sendable {
        let live = Atomic<Int>(0)
        var current: Int { live.load(ordering: .relaxed) }
    }

    let value: Int
    let counter: Counter

    init(_ value: Int, _ counter: Counter) {
        self.value = value
        self.counter = counter
        counter.live.wrappingAdd(1, ordering: .relaxed)
    }

    deinit {
        counter.live.wrappingSubtract(1, ordering: .relaxed)
    }

    var description: String { "\(value)" }
}

@Suite("deliver(on:bufferingPolicy:statistics:): a bounded hand-off", .checksRelease)
struct DeliverOnBufferedTests {
    /// Sends `values` then `terminal` into a subject delivered on a hand-run scheduler with
    /// `policy`, before the scheduler runs anything, then runs it: the consumer is as slow as can
    /// be. Returns what arrived and the statistics.
    private func sentBeforeRunning(
        _ values: [Int], then terminal: Event<Int, TestError>? = .completed,
        policy: BufferingPolicy<TestError>
    ) -> ([String], HandOffStatistics) {
        let scheduler = HandRunScheduler()
        let statistics = HandOffStatistics()
        let subject = Subject<Int, TestError>()
        let log = EventLog<Int, TestError>()
        log.record(subject.deliver(on: scheduler, bufferingPolicy: policy, statistics: statistics))
        for value in values { subject.sendNext(value) }
        if let terminal { subject.send(terminal) }
        // One drain action at a time, however many events wait.
        #expect(scheduler.pending.count <= 1)
        scheduler.runAll()
        return (log.descriptions, statistics)
    }

    @Test("bufferingNewest(n) keeps the last n values waiting, then the completion")
    func newest() {
        let (events, statistics) = sentBeforeRunning([1, 2, 3, 4, 5], policy: .bufferingNewest(2))
        #expect(events == ["4", "5", "|"])
        #expect(statistics.droppedCount == 3)
        #expect(statistics.highWaterMark == 2)
    }

    @Test("bufferingOldest(n) keeps the first n values waiting, then the completion")
    func oldest() {
        let (events, statistics) = sentBeforeRunning([1, 2, 3, 4, 5], policy: .bufferingOldest(2))
        #expect(events == ["1", "2", "|"])
        #expect(statistics.droppedCount == 3)
        #expect(statistics.highWaterMark == 2)
    }

    @Test("unbounded with statistics keeps every value and counts the most that waited")
    func unbounded() {
        let (events, statistics) = sentBeforeRunning([1, 2, 3, 4, 5], policy: .unbounded)
        #expect(events == ["1", "2", "3", "4", "5", "|"])
        #expect(statistics.droppedCount == 0)
        #expect(statistics.highWaterMark == 5)
    }

    @Test("the source's error is never dropped; a limit of 0 keeps no value")
    func terminalKept() {
        let (failed, _) = sentBeforeRunning(
            [1, 2, 3], then: .error(TestError(4)), policy: .bufferingNewest(1))
        #expect(failed == ["3", "error(TestError(4))"])
        let (oldestFailed, _) = sentBeforeRunning(
            [1, 2, 3], then: .error(TestError(4)), policy: .bufferingOldest(1))
        #expect(oldestFailed == ["1", "error(TestError(4))"])
        let (none, statistics) = sentBeforeRunning([1, 2, 3], policy: .bufferingNewest(0))
        #expect(none == ["|"])
        #expect(statistics.droppedCount == 3)
        #expect(statistics.highWaterMark == 0)
        let (empty, emptyStatistics) = sentBeforeRunning([], policy: .bufferingOldest(0))
        #expect(empty == ["|"])
        #expect(emptyStatistics.droppedCount == 0)
    }

    @Test(
        "failWhenFull(n, raising:) disposes the source at the value that does not fit, then fails after the kept values"
    )
    func failWhenFull() {
        let scheduler = HandRunScheduler()
        let statistics = HandOffStatistics()
        let subject = Subject<Int, TestError>()
        let log = EventLog<Int, TestError>()
        log.record(
            subject.deliver(
                on: scheduler, bufferingPolicy: .failWhenFull(2, raising: TestError(9)),
                statistics: statistics))
        subject.sendNext(1)
        subject.sendNext(2)
        #expect(subject.subscriberCount == 1)
        subject.sendNext(3)
        // The overflow disposed the source at once; the consumer has not run yet.
        #expect(subject.subscriberCount == 0)
        #expect(log.events.isEmpty)
        subject.sendNext(4)
        scheduler.runAll()
        #expect(log.descriptions == ["1", "2", "error(TestError(9))"])
        #expect(statistics.droppedCount == 1)
        #expect(statistics.highWaterMark == 2)
    }

    @Test("failWhenFull(n) on a promoted Never signal fails with BufferOverflowError(limit: n)")
    func failWhenFullOverflowError() {
        let scheduler = HandRunScheduler()
        let subject = Subject<Int, Never>()
        let log = EventLog<Int, BufferOverflowError>()
        log.record(
            subject.promoteError(BufferOverflowError.self).deliver(
                on: scheduler, bufferingPolicy: .failWhenFull(1)))
        subject.sendNext(1)
        subject.sendNext(2)
        scheduler.runAll()
        #expect(log.values == [1])
        #expect(log.error == BufferOverflowError(limit: 1))
        #expect(
            BufferOverflowError(limit: 1).description
                == "a value arrived while 1 were waiting (the buffer's limit)")
    }

    @Test("failWhenFull does not fire while the consumer keeps up")
    func failWhenFullKeptUp() {
        let scheduler = HandRunScheduler()
        let subject = Subject<Int, TestError>()
        let log = EventLog<Int, TestError>()
        log.record(subject.deliver(on: scheduler, bufferingPolicy: .failWhenFull(1, raising: TestError(9))))
        for value in 1...3 {
            subject.sendNext(value)
            scheduler.runAll()
        }
        subject.sendCompleted()
        scheduler.runAll()
        #expect(log.descriptions == ["1", "2", "3", "|"])
    }

    @Test(
        "values sent while the consumer is busy are the ones the policy drops; the value being delivered does not count"
    )
    func interleaved() {
        for (policy, expected) in [
            (BufferingPolicy<TestError>.bufferingNewest(2), ["1", "3", "4", "5", "|"]),
            (.bufferingOldest(2), ["1", "2", "3", "5", "|"]),
        ] {
            let scheduler = HandRunScheduler()
            let subject = Subject<Int, TestError>()
            let log = EventLog<Int, TestError>()
            log.record(subject.deliver(on: scheduler, bufferingPolicy: policy))
            subject.sendNext(1)
            scheduler.pending[0].run()  // delivers 1; nothing else waits
            #expect(scheduler.pending.isEmpty)
            subject.sendNext(2)
            subject.sendNext(3)
            subject.sendNext(4)  // one of 2, 3, 4 does not fit
            scheduler.pending[0].run()  // delivers the first kept one, schedules the next
            subject.sendNext(5)  // fits: one value waits
            scheduler.runAll()
            subject.sendCompleted()
            scheduler.runAll()
            #expect(log.descriptions == expected, "\(policy)")
        }
    }

    @Test("disposing cancels the pending drain and releases the waiting values at once")
    func disposal() {
        let scheduler = HandRunScheduler()
        let counter = CountedValue.Counter()
        let subject = Subject<CountedValue, Never>()
        let log = EventLog<CountedValue, Never>()
        let subscription = log.record(subject.deliver(on: scheduler, bufferingPolicy: .bufferingNewest(3)))
        for value in 1...5 { subject.sendNext(CountedValue(value, counter)) }
        #expect(counter.current == 3)
        subscription.dispose()
        #expect(counter.current == 0)
        #expect(subject.subscriberCount == 0)
        #expect(scheduler.actions.count == 1 && scheduler.actions[0].isCancelled)
        scheduler.runAll()
        #expect(log.events.isEmpty)
        expectReleased(subscription, "the disposed subscription")
    }

    @Test("a delivered value's callback may send into the source: it waits behind, under the policy")
    func reentrant() {
        let scheduler = HandRunScheduler()
        let subject = Subject<Int, Never>()
        let log = EventLog<Int, Never>()
        log.record(subject.deliver(on: scheduler, bufferingPolicy: .bufferingOldest(1))) { event in
            if event.value == 1 {
                subject.sendNext(2)
                subject.sendNext(3)  // dropped: 2 waits
            }
        }
        subject.sendNext(1)
        scheduler.runAll()
        subject.sendCompleted()
        scheduler.runAll()
        #expect(log.descriptions == ["1", "2", "|"])
    }

    @Test("memory stays flat under a producer 100 times faster than its consumer")
    func flatMemory() {
        let limit = 16
        for policy in [
            BufferingPolicy<Never>.bufferingNewest(limit), .bufferingOldest(limit),
        ] {
            let scheduler = HandRunScheduler()
            let counter = CountedValue.Counter()
            let statistics = HandOffStatistics()
            let subject = Subject<CountedValue, Never>()
            let log = EventLog<Int, Never>()
            var mostAlive = 0
            log.record(
                subject.deliver(on: scheduler, bufferingPolicy: policy, statistics: statistics).map {
                    counted in
                    mostAlive = max(mostAlive, counter.current)
                    return counted.value
                })
            var sent = 0
            for _ in 0..<1_000 {
                for _ in 0..<100 {
                    sent += 1
                    subject.sendNext(CountedValue(sent, counter))
                }
                scheduler.pending.first?.run()  // the consumer handles one value per 100 sent
            }
            subject.sendCompleted()
            scheduler.runAll()
            #expect(statistics.highWaterMark == limit, "\(policy)")
            #expect(mostAlive <= limit + 1, "\(policy)")  // the kept values and the one delivered
            #expect(counter.current == 0)
            #expect(log.values.count + statistics.droppedCount == sent, "\(policy)")
            #expect(log.values == log.values.sorted(), "\(policy)")
            #expect(log.terminal == .completed)
        }
    }

    @Test("the same producer without a bound keeps everything it sent waiting")
    func unboundedGrows() {
        let scheduler = HandRunScheduler()
        let statistics = HandOffStatistics()
        let subject = Subject<Int, Never>()
        let log = EventLog<Int, Never>()
        log.record(subject.deliver(on: scheduler, bufferingPolicy: .unbounded, statistics: statistics))
        var sent = 0
        // 20 rounds: HandRunScheduler.runAll scans every action recorded, once per action.
        for _ in 0..<20 {
            for _ in 0..<100 {
                sent += 1
                subject.sendNext(sent)
            }
            scheduler.pending.first?.run()
        }
        #expect(statistics.highWaterMark == sent - 19)
        subject.sendCompleted()
        scheduler.runAll()
        #expect(log.values == Array(1...sent))
    }

    @Test("stress: four producers into a bounded hand-off on a QueueScheduler")
    func stress() {
        let scheduler = QueueScheduler(name: "bounded-deliver-stress")
        let statistics = HandOffStatistics()
        let subject = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        let onScheduler = Locked(true)
        let subscription = subject.deliver(
            on: scheduler, bufferingPolicy: .bufferingNewest(8), statistics: statistics
        )
        .subscribe(
            next: { value in
                if Scheduler.current !== scheduler { onScheduler.withValue { $0 = false } }
                // A slow consumer: some work per value.
                var sum = 0
                for index in 0..<300 { sum &+= index &* value }
                received.withValue { $0.append(sum == -1 ? 0 : value) }
            },
            completed: { done.signal() })
        let senders = 4
        let perSender = 5_000
        onThreads(senders) { thread in
            for index in 0..<perSender { subject.sendNext(thread * perSender + index) }
        }
        subject.sendCompleted()
        #expect(done.wait(timeout: .now() + 60) == .success)
        let values = received.current
        #expect(onScheduler.current)
        #expect(values.count + statistics.droppedCount == senders * perSender)
        #expect(Set(values).count == values.count)
        #expect(statistics.highWaterMark <= 8)
        for thread in 0..<senders {
            let mine = values.filter { $0 / perSender == thread }
            #expect(mine == mine.sorted())
        }
        expectReleased(subscription, "the subscriber the completion ended")
    }

    @Test("stress: failWhenFull on a QueueScheduler fails once, after each producer's values in order")
    func stressFailWhenFull() {
        let scheduler = QueueScheduler(name: "failing-deliver-stress")
        let statistics = HandOffStatistics()
        let subject = Subject<Int, Never>()
        let log = EventLog<Int, BufferOverflowError>()
        let gate = DispatchSemaphore(value: 0)
        // The consumer is stuck on its first value until the producers are done, so the buffer
        // overflows for certain.
        let subscription = log.record(
            subject.promoteError(BufferOverflowError.self)
                .deliver(on: scheduler, bufferingPolicy: .failWhenFull(8), statistics: statistics)
        ) { event in
            if event.value != nil && log.count == 1 { gate.wait() }
        }
        let senders = 4
        let perSender = 2_000
        onThreads(senders) { thread in
            for index in 0..<perSender { subject.sendNext(thread * perSender + index) }
        }
        gate.signal()
        #expect(log.waitForTerminal(timeout: .seconds(60)))
        #expect(log.error == BufferOverflowError(limit: 8))
        // The one being delivered (if the drain took it before the overflow) and the eight waiting.
        #expect(log.values.count == 8 || log.values.count == 9)
        #expect(statistics.droppedCount == 1)
        #expect(statistics.highWaterMark == 8)
        #expect(subject.subscriberCount == 0)
        for thread in 0..<senders {
            let mine = log.values.filter { $0 / perSender == thread }
            #expect(mine == mine.sorted())
        }
        expectReleased(subscription, "the subscriber the error ended")
    }

    @Test("a bounded deliver(on:) chain is released after completion and after disposal")
    func released() throws {
        let scheduler = TestScheduler(checksRelease: true)
        try expectChainReleased(on: scheduler, source: "-a-|") { source, token in
            let chain = source.map { value in withExtendedLifetime(token) { value } }
                .deliver(on: scheduler, bufferingPolicy: .bufferingNewest(1), statistics: HandOffStatistics())
            try scheduler.expect(chain, toEmit: "-a-|")
        }
        let other = TestScheduler(checksRelease: true)
        let source = try other.createColdSignal("-(abc)-d-|")
        try other.expect(
            source.deliver(on: other, bufferingPolicy: .bufferingNewest(1)), toEmit: "-c-", disposeAt: 3)
        try other.expect(source, toHaveSubscriptions: ["^--!"])
    }

    @Test("a source released without ending releases the bounded hand-off")
    func sourceReleased() {
        let scheduler = HandRunScheduler()
        weak var weakLog: EventLog<Int, Never>?
        do {
            let subject = Subject<Int, Never>()
            let log = EventLog<Int, Never>()
            weakLog = log
            let signal = Signal<Int, Never> { subscriber in
                let disposable = subject.subscribe(subscriber)
                return disposable
            }
            log.record(signal.deliver(on: scheduler, bufferingPolicy: .bufferingOldest(2)))
            subject.sendNext(1)
            scheduler.runAll()
            subject.sendNext(2)  // waits: the scheduler never runs it
            #expect(log.values == [1])
        }
        // The subject, its subscriber, the hand-off's queue and the downstream are gone, waiting
        // value and all, but for the pending drain action, which the scheduler holds.
        #expect(weakLog != nil)
        for action in scheduler.actions { action.cancel() }
        #expect(weakLog == nil)
    }

    @Test("a negative limit stops with a message naming the call and the value")
    func negativeLimits() async {
        let oldest = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = BufferingPolicy<Never>.bufferingOldest(-2)
        }
        expectMessage(oldest, contains: ["BufferingPolicy.bufferingOldest(_:)", "got -2"])
        let failing = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = BufferingPolicy<BufferOverflowError>.failWhenFull(-3)
        }
        expectMessage(failing, contains: ["BufferingPolicy.failWhenFull(_:raising:)", "got -3"])
    }
}
