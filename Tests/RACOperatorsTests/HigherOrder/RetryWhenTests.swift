import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// A cold signal of `marble` on `scheduler`, failing with `TestError(1)`.
private func cold(_ scheduler: TestScheduler, _ marble: String) throws -> TestSignal<String, TestError> {
    try scheduler.createColdSignal(marble, error: TestError(1))
}

/// A signal whose subscriptions go to `attempts` in turn (one per attempt).
private func attempts(_ attempts: [TestSignal<String, TestError>]) -> Signal<String, TestError> {
    var index = 0
    return Signal<String, TestError>.defer {
        defer { index += 1 }
        return attempts[index]
    }
}

@Suite("HigherOrder: retry(when:)", .checksRelease)
struct RetryWhenTests {
    @Test("each error feeds the trigger; a trigger value, here 2 frames later, resubscribes")
    func delayedTrigger() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try cold(scheduler, "-a-#")
        let result = source.retry { errors in
            errors.promoteError(TestError.self).delay(scheduler.frames(2), on: scheduler)
        }
        try scheduler.expect(result, toEmit: "-a----a----a", disposeAt: 12)
        try scheduler.expect(source, toHaveSubscriptions: ["^--!", "-----^--!", "----------^-!"])
        #expect(scheduler.isEmpty)
    }

    @Test("values of every attempt are forwarded; a later attempt's completion completes the result")
    func laterSuccess() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let first = try cold(scheduler, "-a-#")
        let second = try cold(scheduler, "-b|")
        let result = attempts([first, second]).retry { errors in
            errors.promoteError(TestError.self).delay(scheduler.frames(1), on: scheduler)
        }
        try scheduler.expect(result, toEmit: "-a---b|")
        try scheduler.expect(first, toHaveSubscriptions: ["^--!"])
        try scheduler.expect(second, toHaveSubscriptions: ["----^-!"])
        #expect(scheduler.isEmpty)
    }

    @Test("the trigger's completion completes the result: while waiting, or disposing a running attempt")
    func triggerCompletes() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try cold(scheduler, "-a-#")
        let trigger = try cold(scheduler, "----|")
        try scheduler.expect(source.retry { _ in trigger }, toEmit: "-a--|")
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
        try scheduler.expect(trigger, toHaveSubscriptions: ["^---!"])

        let second = TestScheduler(checksRelease: true)
        let running = try cold(second, "-a---b|")
        let early = try cold(second, "--|")
        try second.expect(running.retry { _ in early }, toEmit: "-a|")
        try second.expect(running, toHaveSubscriptions: ["^-!"])
    }

    @Test("the trigger's error fails the result: giving up after two retries")
    func triggerFails() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try cold(scheduler, "-a-#")
        let result = source.retry { errors in
            errors.promoteError(TestError.self).scan(0) { count, _ in count + 1 }
                .flattenMap { count in
                    count < 3 ? Signal<Int, TestError>(value: count) : Signal(error: TestError(2))
                }
        }
        try scheduler.expect(result, toEmit: "-a--a--a-#", error: TestError(2))
        try scheduler.expect(source, toHaveSubscriptions: ["^--!", "---^--!", "------^--!"])

        let second = TestScheduler(checksRelease: true)
        let failing = try cold(second, "-a-#")
        let giveUp = failing.retry { errors in
            errors.promoteError(TestError.self).flattenMap { Signal<Int, TestError>(error: $0) }
        }
        try second.expect(giveUp, toEmit: "-a-#", error: TestError(1))
    }

    @Test("disposal while waiting for the trigger disposes the trigger; no attempt follows")
    func disposalWhileWaiting() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try cold(scheduler, "-a-#")
        let trigger = try cold(scheduler, "-----t-|")
        try scheduler.expect(source.retry { _ in trigger }, toEmit: "-a", disposeAt: 4)
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
        try scheduler.expect(trigger, toHaveSubscriptions: ["^---!"])
        #expect(scheduler.isEmpty)
    }

    @Test("a trigger value while an attempt runs is ignored; an attempt's completion disposes the trigger")
    func triggerWhileRunning() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try cold(scheduler, "-a--b|")
        let trigger = try cold(scheduler, "-t-t---|")
        try scheduler.expect(source.retry { _ in trigger }, toEmit: "-a--b|")
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
        try scheduler.expect(trigger, toHaveSubscriptions: ["^----!"])
    }

    @Test("empty sources: an empty one completes at once, a failing one waits for the trigger")
    func empty() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let trigger = try cold(scheduler, "---t|")
        try scheduler.expect(try cold(scheduler, "|").retry { _ in trigger }, toEmit: "|")
        try scheduler.expect(trigger, toHaveSubscriptions: ["(^!)"])

        let second = TestScheduler(checksRelease: true)
        let late = try cold(second, "-----|")
        try second.expect(try cold(second, "-#").retry { _ in late }, toEmit: "-----|")
    }

    @Test("release: the errors signal, the trigger and the subscription go once it is disposed or ended")
    func release() {
        // A subject that has failed fails every later subscriber: the second attempt is a live one.
        let live = Subject<Int, TestError>()
        var attempt = 0
        let source = Signal<Int, TestError>.defer {
            attempt += 1
            return attempt == 1 ? Signal(error: TestError(1)) : live
        }
        let trigger = Subject<Void, TestError>()
        var handed: Signal<TestError, Never>?
        let log = EventLog<Int, TestError>()
        let subscription = log.record(
            source.retry { errors in
                handed = errors
                return trigger
            })
        expectReleased(handed!, "the errors signal handed to the handler")
        expectReleased(subscription as AnyObject, "the retry(when:) subscription")
        handed = nil
        trigger.sendNext(())
        live.sendNext(1)
        subscription.dispose()
        #expect(log.events == [.next(1)])
        #expect(attempt == 2 && live.subscriberCount == 0 && trigger.subscriberCount == 0)

        let ending = Subject<Int, TestError>()
        let endingTrigger = Subject<Void, TestError>()
        let endingLog = EventLog.of(ending.retry { _ in endingTrigger })
        ending.sendError(TestError(1))
        endingTrigger.sendError(TestError(2))
        #expect(endingLog.events == [.error(TestError(2))])
        #expect(ending.subscriberCount == 0 && endingTrigger.subscriberCount == 0)
    }

    @Test("a trigger that answers at once, 10 000 synchronous attempts: the stack stays flat")
    func synchronousAttempts() {
        var subscriptions = 0
        let source = Signal<Int, TestError>.defer {
            subscriptions += 1
            return Signal(error: TestError(1))
        }
        let log = EventLog.of(
            source.retry { errors in
                errors.promoteError(TestError.self).scan(0) { count, _ in count + 1 }
                    .flattenMap { count in
                        count < 10_000 ? Signal<Int, TestError>(value: count) : Signal(error: TestError(2))
                    }
            })
        #expect(log.events == [.error(TestError(2))])
        #expect(subscriptions == 10_000)
    }
}

@Suite(
    "HigherOrder: retry(when:) subscribes the next attempt after the previous call returns", .checksRelease)
struct RetryWhenAfterReturnTests {
    @Test(
        "a trigger that answers during the failing attempt's sendError: the closure's state is seen; 3 attempts"
    )
    func synchronousTrigger() {
        let attempts = OpCounter()
        let source = failingThenSucceeding(2, attempts: attempts, failures: OpCounter())
        let log = EventLog.of(source.retry { errors in errors.promoteError(TestError.self).map { _ in () } })
        #expect(log.events == [.next(42), .completed])
        #expect(attempts.value == 3)
    }

    @Test("10 000 synchronous retries with a synchronous trigger: a flat loop")
    func manySynchronousRetries() {
        let failures = OpCounter()
        let source = Signal<Int, TestError> { subscriber in
            if failures.value < 10_000 {
                failures.increment()
                subscriber.sendError(TestError())
                return nil
            }
            subscriber.sendNext(failures.value)
            subscriber.sendCompleted()
            return nil
        }
        let log = EventLog.of(source.retry { errors in errors.promoteError(TestError.self).map { _ in () } })
        #expect(log.events == [.next(10_000), .completed])
    }
}
