import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// A random source that returns `fractions` in turn, and counts its calls.
private final class ScriptedRandom: @unchecked Sendable {
    var fractions: [Double]
    var calls = 0

    init(_ fractions: [Double]) {
        self.fractions = fractions
    }

    func next() -> Double {
        calls += 1
        return fractions.removeFirst()
    }
}

@Suite("retry(upTo:delay:on:), retry(upTo:backoff:on:) and RetryBackoff", .checksRelease)
struct RetryDelayTests {
    @Test("retry(upTo:delay:) resubscribes a delay after each error, up to count times")
    func retryDelay() throws {
        try expectTimedMarbles(
            { source, scheduler in source.retry(upTo: 2, delay: scheduler.frames(2), on: scheduler) },
            [
                MarbleCase("-a-#", "-a----a----a-#", ["^--!", "-----^--!", "----------^--!"]),
                MarbleCase("-a-|", "-a-|", ["^--!"]),
                MarbleCase("|", "|", ["(^!)"]),
                MarbleCase("#", "----#", ["(^!)", "--(^!)", "----(^!)"]),
                // Disposed while waiting to retry: the retry is cancelled.
                MarbleCase("-a-#", "-a--", ["^--!"], disposeAt: 4),
                MarbleCase("-a-#", "-a----a", ["^--!", "-----^-!"], disposeAt: 7),
            ])
        try expectTimedMarbles(
            { source, scheduler in source.retry(upTo: 0, delay: scheduler.frames(2), on: scheduler) },
            [MarbleCase("-a-#", "-a-#", ["^--!"])])
    }

    @Test("retry(upTo:delay:) forwards the values of every attempt and ends with a later success")
    func retryUntilSuccess() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let attempts = [
            try scheduler.createColdSignal("-a-#", values: letters, error: TestError(1)),
            try scheduler.createColdSignal("-b#", values: letters, error: TestError(1)),
            try scheduler.createColdSignal("-c|", values: letters, error: TestError(1)),
        ]
        var index = 0
        let source = Signal<String, TestError>.defer {
            defer { index += 1 }
            return attempts[index]
        }
        try scheduler.expect(
            source.retry(upTo: 5, delay: scheduler.frames(1), on: scheduler), toEmit: "-a---b--c|",
            values: letters,
            error: TestError(1))
        #expect(attempts.map(\.subscriptionMarbles) == [["^--!"], ["----^-!"], ["-------^-!"]])
        #expect(scheduler.isEmpty)
    }

    @Test("retry(upTo:backoff:) waits longer each time, up to the cap, with jitter from the random source")
    func retryBackoff() throws {
        // Waits 1, 2, 4, then capped at 5.
        try expectTimedMarbles(
            { source, scheduler in
                source.retry(
                    upTo: 4,
                    backoff: RetryBackoff(initial: scheduler.frames(1), maximum: scheduler.frames(5)),
                    on: scheduler)
            },
            [
                MarbleCase(
                    "#", "------------#", ["(^!)", "-(^!)", "---(^!)", "-------(^!)", "------------(^!)"]),
                MarbleCase("-a|", "-a|", ["^-!"]),
            ])
        // Waits 4 × (1 − 0.5 × 0.5) = 3, 8 × (1 − 0.5 × 0.25) = 7, min(16, 12) × (1 − 0) = 12.
        let random = ScriptedRandom([0.5, 0.25, 0])
        try expectTimedMarbles(
            { source, scheduler in
                source.retry(
                    upTo: 3,
                    backoff: RetryBackoff(
                        initial: scheduler.frames(4), maximum: scheduler.frames(12), jitter: 0.5,
                        random: random.next),
                    on: scheduler)
            },
            [
                MarbleCase(
                    "#", "----------------------#",
                    ["(^!)", "---(^!)", "----------(^!)", "----------------------(^!)"])
            ])
        #expect(random.calls == 3)
    }

    @Test("the doc comments' marbles: one attempt after another, from a deferred list of attempts")
    func docMarbles() throws {
        for (attemptMarbles, expected, apply) in [
            (
                ["-a-#", "-a-#", "-a-b|"], "-a----a----a-b|",
                { (source: Signal<String, TestError>, scheduler: TestScheduler) in
                    source.retry(upTo: 2, delay: scheduler.frames(2), on: scheduler)
                }
            ),
            (
                ["#", "#", "#", "a|"], "-------a|",
                { (source: Signal<String, TestError>, scheduler: TestScheduler) in
                    source.retry(
                        upTo: 3,
                        backoff: RetryBackoff(initial: scheduler.frames(1), maximum: scheduler.frames(8)),
                        on: scheduler)
                }
            ),
        ] {
            let scheduler = TestScheduler(checksRelease: true)
            let attempts = try attemptMarbles.map {
                try scheduler.createColdSignal($0, values: letters, error: TestError(1))
            }
            var index = 0
            let source = Signal<String, TestError>.defer {
                defer { index += 1 }
                return attempts[index]
            }
            try scheduler.expect(
                apply(source, scheduler), toEmit: expected, values: letters, error: TestError(1))
            #expect(index == attemptMarbles.count)
            #expect(scheduler.isEmpty)
        }
    }

    @Test("a subscriber disposing from a value's callback stops the retries")
    func reentrantDisposal() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-a-#", values: letters, error: TestError(1))
        let log = EventLog<String, TestError>()
        var subscription: (any Disposable)?
        var values = 0
        subscription = log.record(source.retry(upTo: 5, delay: scheduler.frames(1), on: scheduler)) { event in
            if case .next = event {
                values += 1
                if values == 2 { subscription?.dispose() }
            }
        }
        scheduler.run()
        #expect(log.events == [.next("a"), .next("a")])
        try scheduler.expect(source, toHaveSubscriptions: ["^--!", "----^!"])
        #expect(scheduler.isEmpty)
    }

    @Test("RetryBackoff.delay(beforeRetry:): exponential, capped, exact, never overflowing")
    func backoffDelays() {
        let backoff = RetryBackoff(initial: .seconds(1), maximum: .seconds(30))
        #expect((1...7).map(backoff.delay(beforeRetry:)) == [1, 2, 4, 8, 16, 30, 30].map(Duration.seconds))
        #expect(backoff.delay(beforeRetry: 100_000) == .seconds(30))
        let slower = RetryBackoff(initial: .milliseconds(400), multiplier: 1.5, maximum: .seconds(1))
        #expect((1...4).map(slower.delay(beforeRetry:)) == [400, 600, 900, 1000].map(Duration.milliseconds))
        let constant = RetryBackoff(initial: .milliseconds(5), multiplier: 1, maximum: .milliseconds(5))
        #expect(constant.delay(beforeRetry: 50) == .milliseconds(5))
        let full = RetryBackoff(initial: .seconds(2), maximum: .seconds(2), jitter: 1, random: { 0.75 })
        #expect(full.delay(beforeRetry: 1) == .milliseconds(500))
        let none = RetryBackoff(initial: .zero, maximum: .zero)
        #expect(none.delay(beforeRetry: 3) == .zero)
    }

    @Test("the random source is not called without jitter")
    func noJitterNoRandom() {
        let random = ScriptedRandom([])
        let backoff = RetryBackoff(initial: .seconds(1), maximum: .seconds(4), random: random.next)
        #expect(backoff.delay(beforeRetry: 2) == .seconds(2))
        #expect(random.calls == 0)
    }

    @Test("the chain and the random source's captures are released once done")
    func released() throws {
        let scheduler = TestScheduler(checksRelease: true)
        try expectChainReleased(on: scheduler, source: "-a-|") { source, token in
            let backoff = RetryBackoff(
                initial: scheduler.frames(1), maximum: scheduler.frames(1), jitter: 0.5,
                random: { withExtendedLifetime(token) { 0 } })
            let recorder = scheduler.record(
                source.promoteError(TestError.self).attempt { _ throws(TestError) in throw TestError(2) }
                    .retry(upTo: 1, backoff: backoff, on: scheduler))
            scheduler.run()
            #expect(recorder.events.map(\.value) == [.error(TestError(2))])
        }
        #expect(scheduler.isEmpty)
    }

    @Test("bad counts and backoffs stop with a message naming the call and the input")
    func programmerErrors() async {
        let backoffCall = "RetryBackoff(initial:multiplier:maximum:jitter:random:)"
        let count = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.retry(upTo: -1, delay: .zero, on: VirtualTimeScheduler())
        }
        expectMessage(count, contains: ["retry(upTo:delay:on:)", "got -1"])
        let maximum = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RetryBackoff(initial: .seconds(2), maximum: .seconds(1))
        }
        expectMessage(maximum, contains: [backoffCall, "maximum must be >= initial"])
        let multiplier = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RetryBackoff(initial: .seconds(1), multiplier: 0.5, maximum: .seconds(1))
        }
        expectMessage(multiplier, contains: [backoffCall, "got 0.5"])
        let jitter = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RetryBackoff(initial: .seconds(1), maximum: .seconds(1), jitter: 2)
        }
        expectMessage(jitter, contains: [backoffCall, "jitter must be within 0...1, got 2.0"])
        let random = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RetryBackoff(initial: .seconds(1), maximum: .seconds(1), jitter: 1, random: { 1 })
                .delay(beforeRetry: 1)
        }
        expectMessage(random, contains: ["RetryBackoff.delay(beforeRetry:)", "got 1.0"])
    }
}

/// Expects the standard error of an exit test to contain each of `parts`.
func expectMessage(
    _ result: ExitTest.Result?, contains parts: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    for part in parts {
        #expect(message.contains(part), "\(message)", sourceLocation: sourceLocation)
    }
}
