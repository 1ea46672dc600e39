import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// The code under test: an async retry loop with exponential backoff on any clock.
private func fetchWithBackoff<C: Clock<Duration>>(
    clock: C, maxAttempts: Int, _ attempt: @Sendable (Int) async throws -> String
) async throws -> String {
    var delay = Duration.seconds(1)
    var failure: (any Error)?
    for number in 0..<maxAttempts {
        do {
            return try await attempt(number)
        } catch {
            failure = error
            try await clock.sleep(for: delay)
            delay *= 2
        }
    }
    throw failure!
}

@Suite("TestClock: async code in virtual time")
struct TestClockTests {
    @Test("run(_:) drives a retry-with-backoff loop through minutes of virtual time at once")
    func backoff() async throws {
        let scheduler = TestScheduler()
        let clock = TestClock(scheduler)
        let attemptTimes = Locked<[Duration]>([])
        let result = try await clock.run {
            try await fetchWithBackoff(clock: clock, maxAttempts: 10) { number in
                attemptTimes.withValue { $0.append(clock.now.offset) }
                if number < 7 { throw TestError(number) }
                return "ok after \(number) retries"
            }
        }
        #expect(result == "ok after 7 retries")
        #expect(attemptTimes.current == [0, 1, 3, 7, 15, 31, 63, 127].map { Duration.seconds($0) })
        #expect(scheduler.now == .seconds(127))
        #expect(clock.sleeperCount == 0)
    }

    @Test("run(_:) rethrows the operation's error, at the virtual time it gave up")
    func failure() async {
        let scheduler = TestScheduler()
        let clock = TestClock(scheduler)
        await #expect(throws: TestError(2)) {
            try await clock.run {
                try await fetchWithBackoff(clock: clock, maxAttempts: 3) { number in throw TestError(number) }
            }
        }
        #expect(scheduler.now == .seconds(7))
    }

    @Test("sleeps and signals on the same scheduler run in virtual-time order")
    func interleavedWithSignals() async throws {
        let scheduler = TestScheduler()
        let clock = TestClock(scheduler)
        let order = Locked<[String]>([])
        let timer = Signal.timer(after: .seconds(3), on: scheduler).subscribe(next: { _ in
            order.withValue { $0.append("timer at \(scheduler.now)") }
        })
        try await clock.run {
            try await Task.sleep(for: .seconds(2), tolerance: nil, clock: clock)
            order.withValue { $0.append("woke at \(clock.now)") }
            try await clock.sleep(for: .seconds(3))
            order.withValue { $0.append("woke at \(clock.now)") }
        }
        #expect(order.current == ["woke at 2.0 seconds", "timer at 3.0 seconds", "woke at 5.0 seconds"])
        timer.dispose()
    }

    @Test("a deadline already reached returns at once; Instant arithmetic is the offset's")
    func instants() async throws {
        let scheduler = TestScheduler()
        let clock = TestClock(scheduler)
        scheduler.advance(by: .seconds(4))
        try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))
        try await clock.sleep(for: .zero)
        #expect(clock.now.offset == .seconds(4))
        #expect(clock.now.duration(to: clock.now.advanced(by: .seconds(2))) == .seconds(2))
        #expect(clock.minimumResolution == .zero)
        #expect(clock.now < clock.now.advanced(by: .nanoseconds(1)))
    }

    @Test("stepping by hand: waitForSleepers, then advance the scheduler")
    func manualStepping() async throws {
        let scheduler = TestScheduler()
        let clock = TestClock(scheduler)
        let task = Task {
            try await clock.sleep(for: .seconds(10))
            return clock.now.offset
        }
        try await clock.waitForSleepers(1)
        #expect(clock.sleeperCount == 1)
        scheduler.advance(by: .seconds(9))
        #expect(clock.sleeperCount == 1)
        scheduler.advance(by: .seconds(1))
        #expect(try await task.value == .seconds(10))
        #expect(clock.sleeperCount == 0)
    }

    @Test("cancelling a sleeping task ends its sleep with CancellationError and unschedules it")
    func cancellation() async throws {
        let scheduler = TestScheduler()
        let clock = TestClock(scheduler)
        let task = Task { try await clock.sleep(for: .seconds(60)) }
        try await clock.waitForSleepers(1)
        #expect(scheduler.pendingActionCount == 1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
        #expect(scheduler.pendingActionCount == 0)
        #expect(scheduler.now == .zero)
    }
}
