import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// The code under test: a search box whose query is debounced (RAC's `throttle`), each query
/// looked up by an async service, only the latest lookup's results kept (`switchToLatest`).
private struct SearchViewModel {
    let results: Signal<String, Never>

    init(
        query: Signal<String, Never>, scheduler: Scheduler,
        search: @escaping @Sendable (String) async -> String
    ) {
        results =
            query
            .throttle(.milliseconds(3), on: scheduler)
            .map { text in Signal<String, Never> { await search(text) } }
            .switchToLatest()
    }
}

@Suite("Async work settles inside virtual time")
struct SettleTests {
    @Test("a service that returns at once: its results come at the frame of the debounced query, 100 runs")
    func immediateService() async throws {
        for _ in 0..<100 {
            let scheduler = TestScheduler()
            let query = try scheduler.createHotSignal("-a-b------c-------|")
            let viewModel = SearchViewModel(query: query, scheduler: scheduler) { $0.uppercased() }
            try await scheduler.expectSettled(viewModel.results, toEmit: "------B------C----|")
        }
    }

    @Test("a service that sleeps 2 frames on a TestClock: results 2 frames after each query, 100 runs")
    func sleepingService() async throws {
        for _ in 0..<100 {
            let scheduler = TestScheduler()
            let clock = TestClock(scheduler)
            let query = try scheduler.createHotSignal("-a-b------c-------|")
            let viewModel = SearchViewModel(query: query, scheduler: scheduler) { text in
                try? await clock.sleep(for: .milliseconds(2))
                return text.uppercased()
            }
            try await scheduler.expectSettled(viewModel.results, toEmit: "--------B------C--|")
        }
    }

    @Test("a newer query cancels the lookup in flight: only the latest results, 100 runs")
    func newerQueryCancels() async throws {
        for _ in 0..<100 {
            let scheduler = TestScheduler()
            let clock = TestClock(scheduler)
            let query = try scheduler.createHotSignal("-a-b---c---------|")
            let started = Locked<[String]>([])
            let viewModel = SearchViewModel(query: query, scheduler: scheduler) { text in
                started.withValue { $0.append("\(text)@\(scheduler.currentFrame)") }
                do {
                    try await clock.sleep(for: .milliseconds(5))
                } catch {
                    return "cancelled \(text)"
                }
                return text.uppercased()
            }
            try await scheduler.expectSettled(viewModel.results, toEmit: "---------------C-|")
            #expect(started.current == ["b@6", "c@10"])
            #expect(scheduler.pendingActionCount == 0)
        }
    }

    @Test("stepping by hand: advanceSettled(frames:) delivers each result at its frame")
    func steppingByHand() async throws {
        let scheduler = TestScheduler()
        let query = try scheduler.createHotSignal("-a-b------c-------|")
        let viewModel = SearchViewModel(query: query, scheduler: scheduler) { $0.uppercased() }
        let recorder = scheduler.record(viewModel.results)
        try await scheduler.advanceSettled(frames: 6)
        #expect(recorder.events == [scheduler.next(atFrame: 6, "B")])
        try await scheduler.advanceSettled(toFrame: 13)
        #expect(recorder.values == ["B", "C"])
        try await scheduler.runSettled()
        #expect(
            recorder.events == [
                scheduler.next(atFrame: 6, "B"), scheduler.next(atFrame: 13, "C"),
                scheduler.completed(atFrame: 18),
            ])
    }

    @Test("settle() runs what an operation subscribed now hands back, without moving time")
    func settleNow() async throws {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(Signal<String, Never> { "done" })
        try await scheduler.settle()
        #expect(recorder.events == [scheduler.next(atFrame: 0, "done"), scheduler.completed(atFrame: 0)])
        #expect(scheduler.now == .zero)
    }

    @Test("an operation that never settles makes settle() throw TestTimeout naming it")
    func settleTimesOut() async throws {
        let scheduler = TestScheduler()
        let gate = AsyncGate()
        let recorder = scheduler.record(
            Signal<Int, Never> {
                await gate.wait()
                return 1
            })
        let error = await #expect(throws: TestTimeout.self) {
            try await scheduler.settle(timeout: .milliseconds(50))
        }
        #expect(
            error?.message
                == "TestScheduler.settle() gave up after 0.05 seconds of real time at frame 0: 1 async "
                + "operation neither finished nor slept on a TestClock of this scheduler: "
                + "Signal { async operation } (Int)")
        gate.open()
        try await scheduler.settle()
        #expect(recorder.values == [1])
    }

    @Test("cancelling the task of settle() throws CancellationError")
    func settleCancelled() async throws {
        let scheduler = TestScheduler()
        let gate = AsyncGate()
        _ = scheduler.record(
            Signal<Int, Never> {
                await gate.wait()
                return 1
            })
        let task = Task { try await scheduler.settle(timeout: .seconds(600)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        gate.open()
        try await scheduler.settle()
    }

    @Test("expectSettled reports a mismatch with the same diff as expect")
    func mismatch() async throws {
        let scheduler = TestScheduler()
        let failures = FailureCapture(scheduler)
        let held = try await scheduler.expectSettled(Signal<String, Never> { "a" }, toEmit: "-a|")
        #expect(!held)
        #expect(
            failures.messages.first?.hasPrefix(
                "expectSettled(_:toEmit:) failed: the events differ from frame 0 on")
                == true)
    }
}
