import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntSignal = Signal<Int, TestError>

/// A signal that plays `attempts[n]` at its n-th subscription (for retry and repeat).
private func attempts<Value, Failure>(_ attempts: [TestSignal<Value, Failure>]) -> Signal<Value, Failure> {
    let made = OpCounter()
    return Signal.defer {
        let index = made.value
        made.increment()
        return attempts[index]
    }
}

@Suite("HigherOrder: retry, repeat", .checksRelease)
struct RetryRepeatTests {
    @Test("retry(n) resubscribes n times on error, then forwards the error")
    func limited() {
        let counter = OpCounter()
        let failing = countingSignal(counter, values: [1], terminal: .error(TestError(7)))
        #expect(EventLog.of(failing.retry(2)).events == [.next(1), .next(1), .next(1), .error(TestError(7))])
        #expect(counter.value == 3)
    }

    @Test(
        "retry(0) retries forever, as RAC's retry:0 (RACSignal+Operations.m -retry:), until a completion; disposal stops it"
    )
    func zeroRetriesForever() {
        let attempts = OpCounter()
        let flaky = IntSignal { subscriber in
            attempts.increment()
            subscriber.sendNext(attempts.value)
            if attempts.value < 20 {
                subscriber.sendError(TestError(attempts.value))
            } else {
                subscriber.sendCompleted()
            }
            return nil
        }
        #expect(EventLog.of(flaky.retry(0)).events == Array(1...20).map { .next($0) } + [.completed])

        let source = FreshSubjects<Int, TestError>()
        let subscription = EventLog<Int, TestError>().record(source.signal.retry(0))
        for _ in 0..<3 { source.sendError(TestError()) }
        #expect(source.subscriptions == 4 && source.isSubscribed)
        subscription.dispose()
        #expect(!source.isSubscribed && source.disposals == 4)
        #expect(EventLog.of(IntSignal.empty.retry(0)).events == [.completed])
    }

    @Test("completion ends the retries; empty source")
    func completion() {
        let source = FreshSubjects<Int, TestError>()
        let log = EventLog.of(source.signal.retry(5))
        source.sendNext(1)
        source.sendError(TestError())
        #expect(source.subscriptions == 2)
        source.sendNext(2)
        source.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .completed])
        #expect(source.subscriptions == 2 && !source.isSubscribed && source.disposals == 2)
        #expect(EventLog.of(IntSignal.empty.retry()).events == [.completed])
    }

    @Test("retry() retries forever until the source succeeds")
    func unlimited() {
        let attempts = OpCounter()
        let flaky = IntSignal { subscriber in
            attempts.increment()
            if attempts.value < 50 {
                subscriber.sendError(TestError(attempts.value))
            } else {
                subscriber.sendNext(attempts.value)
                subscriber.sendCompleted()
            }
            return nil
        }
        #expect(EventLog.of(flaky.retry()).events == [.next(50), .completed])
    }

    @Test("disposal disposes the current attempt and stops retrying")
    func disposal() {
        let source = FreshSubjects<Int, TestError>()
        let subscription = EventLog<Int, TestError>().record(source.signal.retry())
        source.sendError(TestError())
        #expect(source.subscriptions == 2)
        subscription.dispose()
        #expect(!source.isSubscribed && source.disposals == 2)
        source.sendError(TestError())
        #expect(source.subscriptions == 2)
    }

    @Test("the subscriber may send an error into the source; the retry subscribes afresh, nested")
    func reentrant() {
        let source = FreshSubjects<Int, TestError>()
        let log = EventLog<Int, TestError>()
        log.record(source.signal.retry(1)) { event in
            if event == .next(1) { source.sendError(TestError(1)) }
        }
        source.sendNext(1)
        #expect(source.subscriptions == 2 && source.isSubscribed)
        source.sendNext(2)
        source.sendError(TestError(2))
        #expect(log.events == [.next(1), .next(2), .error(TestError(2))])
    }

    @Test("a negative count stops the process with a message naming retry(_:)")
    func negativeCount() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.retry(-1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("retry(_:)"))
        #expect(message.contains("count must be >= 0, got -1"))
    }

    @Test("resubscribes on every completion")
    func ordinary() {
        let counter = OpCounter()
        let log = EventLog.of(countingSignal(counter, values: [1, 2]).repeat().take(5))
        #expect(log.events == [.next(1), .next(2), .next(1), .next(2), .next(1), .completed])
        #expect(counter.value == 3)
    }

    @Test("an error ends it")
    func error() {
        let source = FreshSubjects<Int, TestError>()
        let log = EventLog.of(source.signal.repeat())
        source.sendNext(1)
        source.sendCompleted()
        source.sendNext(2)
        source.sendError(TestError(3))
        #expect(log.events == [.next(1), .next(2), .error(TestError(3))])
        #expect(source.subscriptions == 2 && !source.isSubscribed)
    }

    @Test("disposal disposes the current attempt and stops the loop")
    func disposalRepeat() {
        let source = FreshSubjects<Int, TestError>()
        let subscription = EventLog<Int, TestError>().record(source.signal.repeat())
        source.sendCompleted()
        #expect(source.subscriptions == 2)
        subscription.dispose()
        #expect(!source.isSubscribed && source.disposals == 2)
        source.sendCompleted()
        #expect(source.subscriptions == 2)
    }

    @Test("the subscriber may complete the source from inside a value")
    func reentrantRepeat() {
        let source = FreshSubjects<Int, TestError>()
        let log = EventLog<Int, TestError>()
        let subscription = log.record(source.signal.repeat()) { event in
            if event == .next(1) { source.sendCompleted() }
        }
        source.sendNext(1)
        #expect(source.subscriptions == 2)
        source.sendNext(2)
        #expect(log.events == [.next(1), .next(2)])
        subscription.dispose()
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("retry(n) resubscribes on an error up to n times, at once")
    func retryCount() throws {
        let failing = try scheduler.createColdSignal("-a-#", error: TestError(1))
        try scheduler.expect(failing.retry(2), toEmit: "-a--a--a-#", error: TestError(1))
        try scheduler.expect(failing, toHaveSubscriptions: ["^--!", "---^--!", "------^--!"])

        let other = TestScheduler(checksRelease: true)
        let first = try other.createColdSignal("-a-#", error: TestError(1))
        let second = try other.createColdSignal("-a-#", error: TestError(1))
        let third = try other.createColdSignal("-a-b|", error: TestError(1))
        try other.expect(
            attempts([first, second, third]).retry(2), toEmit: "-a--a--a-b|", error: TestError(1))
        try other.expect(third, toHaveSubscriptions: ["------^---!"])

        let zero = TestScheduler(checksRelease: true)
        let once = try zero.createColdSignal("-a-#", error: TestError(1))
        try zero.expect(once.retry(0), toEmit: "-a--a--a", error: TestError(1), disposeAt: 8)
        try zero.expect(once, toHaveSubscriptions: ["^--!", "---^--!", "------^-!"])
    }

    @Test("retry() resubscribes on every error until a completion; disposal stops it")
    func retryForever() throws {
        let first = try scheduler.createColdSignal("-a-#", error: TestError(1))
        let second = try scheduler.createColdSignal("-b-#", error: TestError(1))
        let third = try scheduler.createColdSignal("-c|", error: TestError(1))
        try scheduler.expect(
            attempts([first, second, third]).retry(), toEmit: "-a--b--c|", error: TestError(1))

        let other = TestScheduler(checksRelease: true)
        let failing = try other.createColdSignal("-a-#", error: TestError(1))
        try other.expect(failing.retry(), toEmit: "-a--a", error: TestError(1), disposeAt: 5)
        try other.expect(failing, toHaveSubscriptions: ["^--!", "---^-!"])
    }

    @Test("repeat resubscribes on every completion until an error; take ends it")
    func repeatSignal() throws {
        let first = try scheduler.createColdSignal("-a-|", error: TestError(1))
        let second = try scheduler.createColdSignal("-a-|", error: TestError(1))
        let third = try scheduler.createColdSignal("-a-#", error: TestError(1))
        try scheduler.expect(
            attempts([first, second, third]).repeat(), toEmit: "-a--a--a-#", error: TestError(1))

        let other = TestScheduler(checksRelease: true)
        let once = try other.createColdSignal("-a-|", error: TestError(1))
        try other.expect(once.repeat().take(3), toEmit: "-a--a--(a|)", error: TestError(1))
        try other.expect(once, toHaveSubscriptions: ["^--!", "---^--!", "------^!"])
    }
}
