import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// Configuration and other values a server keeps in `static let`: under Swift 6 each line
/// compiles only if the value's type is `Sendable`. One per public value type of RACCore,
/// RACOperators and RACTesting (RACFoundationBridge's are in its own tests).
private enum Configuration {
    static let backoff = RetryBackoff(initial: .milliseconds(100), maximum: .seconds(5), jitter: 0.5)
    static let exactBackoff = RetryBackoff(
        initial: .seconds(1), maximum: .seconds(8), jitter: 0.5, random: { 0.5 })
    static let scope = ShareScope.forever
    static let policy = BufferingPolicy<TestError>.bufferingNewest(8)
    static let failing = BufferingPolicy<BufferOverflowError>.failWhenFull(8)
    static let overflow = BufferOverflowError(limit: 8)
    static let statistics = HandOffStatistics()
    static let timeout = TimeoutError(interval: .seconds(3))
    static let blockingTimeout = BlockingTimeoutError(call: "first(timeout:)", timeout: .seconds(1))
    static let blocking = BlockingError<TestError>.failed(TestError(1))
    static let commandError = CommandError<TestError>.notEnabled
    static let closureMismatch = SignalClosureMismatch<any Error, Never>()
    static let event = Event<Int, TestError>.next(1)
    static let namespace = [1, 2].rac
    static let sequence = PullSequence(values: [1, 2, 3])
    static let values = Signal<Int, Never>(values: [1, 2, 3]).values
    static let recorded = Recorded(time: .seconds(1), value: Event<Int, Never>.completed)
    static let subscription = RecordedSubscription(subscribed: .zero, disposed: .seconds(1))
    static let diagram = MarbleDiagram([MarbleDiagram.Timeline("a", marks: [.init(.next, frame: 1)])])
    static let marbleError = MarbleError(marble: "-a)", column: 2, problem: .unopenedGroup)
    static let releaseCheck = ReleaseCheck()
    static let reporter = FailureReporter { _ in }
}

/// Compiles only for a `Sendable` type.
private func requireSendable<Value: Sendable>(_: Value.Type) {}

@Suite("public value types are Sendable")
struct SendableValueTests {
    @Test("every public value type is Sendable (a compile-time check)")
    func valueTypes() {
        requireSendable(RetryBackoff.self)
        requireSendable(ShareScope.self)
        requireSendable(BufferingPolicy<TestError>.self)
        requireSendable(BufferOverflowError.self)
        requireSendable(HandOffStatistics.self)
        requireSendable(StartedSignalValues<Int, TestError>.self)
        requireSendable(TimeoutError.self)
        requireSendable(BlockingTimeoutError.self)
        requireSendable(BlockingError<TestError>.self)
        requireSendable(CommandError<TestError>.self)
        requireSendable(SignalClosureMismatch<TestError, Never>.self)
        requireSendable(SignalValues<Int, TestError>.self)
        requireSendable(Event<Int, TestError>.self)
        requireSendable(RACExtension<[Int]>.self)
        requireSendable(FoldRest<Int>.self)
        requireSendable(BindingTarget<Int>.self)
        requireSendable(Recorded<Event<Int, Never>>.self)
        requireSendable(RecordedSubscription.self)
        requireSendable(MarbleDiagram.self)
        requireSendable(MarbleError.self)
        requireSendable(TestFailure.self)
        requireSendable(FailureReporter.self)
        requireSendable(ReleaseCheck.self)
        requireSendable(TestClock.Instant.self)
    }

    @Test("a RetryBackoff kept in a static let is used from another task, its random source included")
    func backoffAcrossTasks() async {
        // initial 1 s, retry 2: 2 s, then jitter 0.5 × random 0.5 takes a quarter off.
        let wait = await Task.detached { Configuration.exactBackoff.delay(beforeRetry: 2) }.value
        #expect(wait == .milliseconds(1500))
        let capped = await Task.detached { Configuration.backoff.delay(beforeRetry: 10) }.value
        #expect(capped <= .seconds(5) && capped >= .milliseconds(2500))
    }

    @Test("the static configuration values are read from another task")
    func staticLetsAcrossTasks() async {
        let read = await Task.detached {
            [
                "\(Configuration.scope)", "\(Configuration.policy == .bufferingNewest(8))",
                "\(Configuration.timeout)",
                "\(Configuration.blockingTimeout)", "\(Configuration.commandError)",
                "\(Configuration.closureMismatch == SignalClosureMismatch())", "\(Configuration.event)",
                "\(Configuration.namespace.base)", "\(Configuration.sequence.array)",
                "\(Configuration.recorded.time)",
                "\(Configuration.subscription)", "\(Configuration.diagram.timelines.count)",
                "\(Configuration.marbleError.column)", "\(Configuration.releaseCheck.isRecursive)",
            ]
        }.value
        #expect(
            read == [
                "forever", "true", "timed out after 3.0 seconds",
                "first(timeout:) timed out after 1.0 seconds",
                "The command is disabled and cannot be executed", "true", "\(Event<Int, TestError>.next(1))",
                "[1, 2]", "[1, 2, 3]", "1.0 seconds", "\(Configuration.subscription)", "1", "2",
                "\(ReleaseCheck().isRecursive)",
            ])
        let reporter = await Task.detached { Configuration.reporter }.value
        _ = reporter
        if case .failed(let error) = Configuration.blocking { #expect(error == TestError(1)) }
    }

    @Test("a signal's values cross into another task, and back into a signal")
    func valuesAcrossTasks() async {
        let values = Configuration.values
        let received = await Task.detached {
            var received: [Int] = []
            for await value in values { received.append(value) }
            return received
        }.value
        #expect(received == [1, 2, 3])
        // `Signal(_:)` takes a Sendable AsyncSequence: the values of a signal are one.
        let roundTrip = Signal(Signal<Int, Never>(values: [4, 5]).values)
        var again: [Int] = []
        for await value in roundTrip.values { again.append(value) }
        #expect(again == [4, 5])
    }
}
