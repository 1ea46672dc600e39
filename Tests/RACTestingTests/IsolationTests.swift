import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// A view model that is not `Sendable`: it counts the values its signal delivers, and loads with
/// an async retry on a clock, in its caller's isolation (`nonisolated(nonsending)`).
private final class CountingViewModel {
    var received: [Int] = []
    var loads = 0
    private var subscription: (any Disposable)?

    func bind(_ signal: Signal<Int, Never>) {
        subscription = signal.subscribe(next: { [unowned self] value in received.append(value) })
    }

    nonisolated(nonsending) func load(clock: TestClock) async throws -> Int {
        for _ in 0..<3 {
            loads += 1
            try await clock.sleep(for: .seconds(1))
        }
        return loads
    }

    func unbind() { subscription?.dispose() }
}

@Suite("The async helpers run in the test's isolation: non-Sendable view models need no wrapping")
struct IsolationTests {
    @Test("from a @MainActor test: TestClock.run and the settling calls drive a non-Sendable view model")
    @MainActor func mainActor() async throws {
        let scheduler = TestScheduler()
        let clock = TestClock(scheduler)
        let viewModel = CountingViewModel()
        viewModel.bind(try scheduler.createColdSignal("-a-b-|", values: ["a": 1, "b": 2]))
        let loads = try await clock.run {
            MainActor.assertIsolated("the operation runs on the test's actor")
            return try await viewModel.load(clock: clock)
        }
        #expect(loads == 3)
        #expect(viewModel.received == [1, 2])  // the scheduler's actions ran while loading
        try await scheduler.advanceSettled(by: .seconds(1))
        #expect(scheduler.now == .seconds(4))
        viewModel.unbind()
    }

    @Test("from a nonisolated async test: the same view model, without wrapping")
    func nonisolated() async throws {
        let scheduler = TestScheduler()
        let clock = TestClock(scheduler)
        let viewModel = CountingViewModel()
        viewModel.bind(try scheduler.createColdSignal("-a-b-|", values: ["a": 1, "b": 2]))
        let loads = try await clock.run { try await viewModel.load(clock: clock) }
        #expect(loads == 3)
        #expect(viewModel.received == [1, 2])
        try await scheduler.runSettled()
        viewModel.unbind()
    }

    @Test("an operation that does not sleep returns at once, its result not Sendable")
    func nonSendableResult() async throws {
        let clock = TestClock(TestScheduler())
        let viewModel = try await clock.run { CountingViewModel() }
        #expect(viewModel.loads == 0)
    }
}
