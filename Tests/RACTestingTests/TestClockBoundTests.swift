import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("TestClock: no wait can hang a test")
struct TestClockBoundTests {
    @Test("run(_:) of an operation waiting on a silent signal throws TestTimeout saying what it waited for")
    func runTimesOut() async {
        let scheduler = TestScheduler()
        let clock = TestClock(scheduler)
        let error = await #expect(throws: TestTimeout.self) {
            try await clock.run(timeout: .milliseconds(50)) {
                try await Signal<Int, TestError>.never.first()
            }
        }
        #expect(error?.message.hasPrefix("TestClock.run(_:) gave up after 0.05 seconds of real time") == true)
        #expect(error?.message.contains("neither slept on this clock nor finished") == true)
        #expect(scheduler.now == .zero)
    }

    @Test("run(_:) keeps advancing an operation that sleeps, whatever the bound")
    func runBoundIsPerStep() async throws {
        let scheduler = TestScheduler()
        let clock = TestClock(scheduler)
        let slept = try await clock.run(timeout: .milliseconds(50)) {
            for _ in 0..<200 { try await clock.sleep(for: .seconds(1)) }
            return clock.now.offset
        }
        #expect(slept == .seconds(200))
    }

    @Test(
        "cancelling the task of run(_:) cancels the operation, which runs in that task, and stops the advancing"
    )
    func runCancelled() async {
        let scheduler = TestScheduler()
        let clock = TestClock(scheduler)
        let task = Task {
            try await clock.run(timeout: .seconds(600)) {
                try await Signal<Int, TestError>.never.first()
            }
        }
        task.cancel()
        // first() ends a cancelled wait with nil; a check before it would throw CancellationError.
        let value = try? await task.value
        #expect(value ?? nil == nil)
        #expect(scheduler.now == .zero)
    }

    @Test("waitForSleepers(_:) throws TestTimeout naming how many sleeps came and how many were awaited")
    func waitForSleepersTimesOut() async throws {
        let scheduler = TestScheduler()
        let clock = TestClock(scheduler)
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        try await clock.waitForSleepers(1)
        let error = await #expect(throws: TestTimeout.self) {
            try await clock.waitForSleepers(2, timeout: .milliseconds(50))
        }
        #expect(
            error?.message
                == "TestClock.waitForSleepers(2) gave up after 0.05 seconds of real time: 1 sleep of "
                + "the clock is waiting, 2 were awaited (virtual time 0.0 seconds)")
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test("cancelling the task of waitForSleepers(_:) throws CancellationError")
    func waitForSleepersCancelled() async {
        let clock = TestClock(TestScheduler())
        let task = Task { try await clock.waitForSleepers(1, timeout: .seconds(600)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("a wait that has already been satisfied does not need time: waitForSleepers(0) returns")
    func waitForNoSleepers() async throws {
        let clock = TestClock(TestScheduler())
        try await clock.waitForSleepers(0, timeout: .nanoseconds(1))
        #expect(clock.sleeperCount == 0)
    }

    @Test("a negative count and a timeout of zero are programmer errors naming the call")
    func badInput() async {
        let count = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try? await TestClock(TestScheduler()).waitForSleepers(-1)
        }
        let countMessage = String(decoding: count?.standardErrorContent ?? [], as: UTF8.self)
        #expect(countMessage.contains("TestClock.waitForSleepers(_:timeout:)"))
        #expect(countMessage.contains("count must be >= 0, got -1"))
        let timeout = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try? await TestClock(TestScheduler()).run(timeout: .zero) { 1 }
        }
        let timeoutMessage = String(decoding: timeout?.standardErrorContent ?? [], as: UTF8.self)
        #expect(timeoutMessage.contains("TestClock.run(timeout:_:)"))
        #expect(timeoutMessage.contains("timeout must be > .zero, got 0.0 seconds"))
    }
}

/// A door a task waits at, ignoring cancellation, until the test opens it.
final class AsyncGate: Sendable {
    private let state = Locked<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withValue { state -> Bool in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withValue { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
