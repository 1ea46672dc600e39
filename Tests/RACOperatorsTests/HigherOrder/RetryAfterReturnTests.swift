import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// `body` subscribed `depth` subscriptions deep: inside `depth` nested `Signal.defer`s, so that
/// past the subscription trampoline's depth the inner subscriptions are queued.
private func nested<Value, Failure>(_ depth: Int, _ signal: Signal<Value, Failure>) -> Signal<Value, Failure>
{
    var result = signal
    for _ in 0..<depth {
        let inner = result
        result = Signal.defer { inner }
    }
    return result
}

@Suite("HigherOrder: the next attempt starts after the previous subscription returns", .checksRelease)
struct RetryAfterReturnTests {
    @Test("retry(): state the creation closure updates after sending its error is seen; 3 attempts")
    func retryForever() {
        let attempts = OpCounter()
        let failures = OpCounter()
        let log = EventLog.of(failingThenSucceeding(2, attempts: attempts, failures: failures).retry())
        #expect(log.events == [.next(42), .completed])
        #expect(attempts.value == 3)
    }

    @Test("retry(n) and retry(0) count the same attempts")
    func retryCounted() {
        for count in [0, 2, 5] {
            let attempts = OpCounter()
            let failures = OpCounter()
            let log = EventLog.of(
                failingThenSucceeding(2, attempts: attempts, failures: failures).retry(count))
            #expect(log.events == [.next(42), .completed], "retry(\(count))")
            #expect(attempts.value == 3, "retry(\(count))")
        }
        let attempts = OpCounter()
        let failures = OpCounter()
        let log = EventLog.of(failingThenSucceeding(5, attempts: attempts, failures: failures).retry(1))
        #expect(log.events == [.error(TestError(1))])
        #expect(attempts.value == 2)
    }

    @Test("repeat(): a value the creation closure changes after completing is seen by the next round")
    func repeatSeesState() {
        let rounds = OpCounter()
        let counting = Signal<Int, Never> { subscriber in
            subscriber.sendNext(rounds.value)
            subscriber.sendCompleted()
            rounds.increment()
            return nil
        }
        #expect(EventLog.of(counting.repeat().take(3)).events == [.next(0), .next(1), .next(2), .completed])
        #expect(rounds.value == 3)
    }

    @Test(
        "Signal.concat (the same loop): the next signal is subscribed after the previous one's call returns")
    func concatAfterReturn() {
        let order = Log<String>()
        let first = Signal<Int, Never> { subscriber in
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            order.append("first returns")
            return nil
        }
        let second = Signal<Int, Never> { subscriber in
            order.append("second subscribed")
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            return nil
        }
        // The binary `concat(_:)` subscribes `other` from inside the completion, as RAC's
        // `-concat:` does; `Signal.concat` runs on the resubscribing loop of `retry` and `repeat`.
        #expect(EventLog.of(Signal.concat([first, second])).events == [.next(1), .next(2), .completed])
        #expect(order.entries == ["first returns", "second subscribed"])
    }

    @Test("the number of attempts does not depend on the subscription trampoline's depth")
    func independentOfDepth() {
        for depth in [0, 1, 46, 47, 48, 49, 60, 200] {
            let attempts = OpCounter()
            let failures = OpCounter()
            let retried = failingThenSucceeding(2, attempts: attempts, failures: failures).retry()
            let log = EventLog.of(nested(depth, retried))
            #expect(log.events == [.next(42), .completed], "depth \(depth)")
            #expect(attempts.value == 3, "depth \(depth)")

            let rounds = OpCounter()
            let counting = Signal<Int, Never> { subscriber in
                subscriber.sendNext(rounds.value)
                subscriber.sendCompleted()
                rounds.increment()
                return nil
            }
            #expect(
                EventLog.of(nested(depth, counting.repeat().take(3))).events
                    == [.next(0), .next(1), .next(2), .completed], "depth \(depth)")
        }
    }

    @Test("retry(upTo:delay:on:) and retry(upTo:backoff:on:) see the closure's state too")
    func delayedRetries() {
        let scheduler = TestScheduler()
        let attempts = OpCounter()
        let failures = OpCounter()
        let log = EventLog<Int, TestError>()
        log.record(
            failingThenSucceeding(2, attempts: attempts, failures: failures)
                .retry(upTo: 5, delay: .seconds(1), on: scheduler))
        scheduler.run()
        #expect(log.events == [.next(42), .completed])
        #expect(attempts.value == 3)

        let backoffAttempts = OpCounter()
        let backoffFailures = OpCounter()
        let backoffLog = EventLog<Int, TestError>()
        backoffLog.record(
            failingThenSucceeding(2, attempts: backoffAttempts, failures: backoffFailures)
                .retry(
                    upTo: 5, backoff: RetryBackoff(initial: .seconds(1), maximum: .seconds(4)), on: scheduler)
        )
        scheduler.run()
        #expect(backoffLog.events == [.next(42), .completed])
        #expect(backoffAttempts.value == 3)
    }

    @Test(
        "an error sent from another thread while the subscription call runs: the next attempt waits for the return"
    )
    func errorFromAnotherThreadDuringSubscription() {
        // Driven by hand: the creation closure has another thread send the error and waits until
        // that send has returned, and only then counts the failure and returns. The next attempt
        // must start after that, on the subscribing thread.
        let attempts = OpCounter()
        let failures = OpCounter()
        let subscribingThreads = Log<Bool>()
        let caller = Thread.current
        let source = Signal<Int, TestError> { subscriber in
            attempts.increment()
            subscribingThreads.append(Thread.current == caller)
            if failures.value < 2 {
                let sent = DispatchSemaphore(value: 0)
                Thread {
                    subscriber.sendError(TestError(failures.value))
                    sent.signal()
                }.start()
                sent.wait()
                failures.increment()
                return nil
            }
            subscriber.sendNext(42)
            subscriber.sendCompleted()
            return nil
        }
        let log = EventLog.of(source.retry())
        #expect(log.events == [.next(42), .completed])
        #expect(attempts.value == 3)
        #expect(subscribingThreads.entries == [true, true, true])
    }

    @Test("stress: errors sent from other threads, racing the subscription call's return")
    func stressErrorsFromOtherThreads() {
        let rounds = 300
        for round in 0..<rounds {
            let attempts = OpCounter()
            let failures = OpCounter()
            let senders = DispatchGroup()
            let source = Signal<Int, TestError> { subscriber in
                attempts.increment()
                if failures.value < 3 {
                    senders.enter()
                    Thread {
                        subscriber.sendError(TestError())
                        senders.leave()
                    }.start()
                    failures.increment()
                    return nil
                }
                subscriber.sendNext(round)
                subscriber.sendCompleted()
                return nil
            }
            let log = EventLog<Int, TestError>()
            log.record(source.retry())
            #expect(log.waitForTerminal())
            senders.wait()
            #expect(log.events == [.next(round), .completed], "round \(round)")
            #expect(attempts.value == 4, "round \(round)")
        }
    }

    @Test(
        "100 000 synchronous failures then a success: a flat loop, and every attempt's subscriber is released"
    )
    func manyAttempts() {
        let attempts = OpCounter()
        let failures = OpCounter()
        let log = EventLog.of(failingThenSucceeding(100_000, attempts: attempts, failures: failures).retry())
        #expect(log.events == [.next(42), .completed])
        #expect(attempts.value == 100_001)
    }
}
