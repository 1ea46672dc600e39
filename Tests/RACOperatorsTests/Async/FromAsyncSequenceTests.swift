import RACOperators
import RACTestSupport
import Testing

/// `Signal(_ asyncSequence:)`: a sequence that throws, and disposal cancelling the iterating task.
/// The sequences here are driven by hand (`HandFedSequence`), so each step of the iteration is
/// awaited rather than timed.
@Suite("Signal(asyncSequence): errors and cancellation", .checksRelease, .timeLimit(.minutes(1)))
struct FromAsyncSequenceTests {
    @Test("a sequence that throws: the signal sends the values before the error, then the error")
    func typedThrow() async {
        let feed = HandFedSequence()
        let signal: Signal<Int, TestError> = Signal(feed)
        let log = EventLog<Int, TestError>()
        log.record(signal)
        var steps = feed.steps.makeAsyncIterator()
        #expect(await steps.next() == .requested(1, cancelled: false))
        feed.answer(.success(1))
        #expect(await steps.next() == .answered(1, cancelled: false))
        #expect(await steps.next() == .requested(2, cancelled: false))
        feed.answer(.failure(TestError(5)))
        #expect(await steps.next() == .answered(2, cancelled: false))
        #expect(await steps.next() == .released)
        #expect(log.events == [.next(1), .error(TestError(5))])
        expectReleased(signal, "the signal over the hand-fed sequence")
    }

    @Test("an untyped throwing sequence: the signal fails with the thrown error, as any Error")
    func untypedThrow() async {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish(throwing: TestError(3))
        let signal: Signal<Int, any Error> = Signal(stream)
        let log = EventLog<Int, any Error>.of(signal)
        #expect(await log.waitForTerminal())
        #expect(log.descriptions == ["1", "2", "error(TestError(3))"])
        #expect(log.error as? TestError == TestError(3))
        expectReleased(signal, "the signal over the throwing stream")
    }

    @Test("disposing cancels the iterating task: the element in flight is dropped, no other is requested")
    func disposalStopsTheIteration() async {
        let feed = HandFedSequence()
        let signal: Signal<Int, TestError> = Signal(feed)
        let log = EventLog<Int, TestError>()
        let subscription = log.record(signal)
        var steps = feed.steps.makeAsyncIterator()
        #expect(await steps.next() == .requested(1, cancelled: false))
        feed.answer(.success(1))
        #expect(await steps.next() == .answered(1, cancelled: false))
        #expect(await steps.next() == .requested(2, cancelled: false))
        #expect(log.events == [.next(1)])
        subscription.dispose()
        // The iterator ignores cancellation and answers anyway: the signal must stop by itself.
        feed.answer(.success(2))
        #expect(await steps.next() == .answered(2, cancelled: true))
        #expect(await steps.next() == .released)
        #expect(log.events == [.next(1)])
        #expect(feed.requests == 2)
        expectReleased(subscription, "the disposed subscriber")
        expectReleased(signal, "the signal over the hand-fed sequence")
    }

    @Test("disposing before the first element arrives: nothing is sent and no other element is requested")
    func disposalBeforeTheFirstElement() async {
        let feed = HandFedSequence()
        let signal: Signal<Int, TestError> = Signal(feed)
        let log = EventLog<Int, TestError>()
        let subscription = log.record(signal)
        var steps = feed.steps.makeAsyncIterator()
        #expect(await steps.next() == .requested(1, cancelled: false))
        subscription.dispose()
        feed.answer(.success(1))
        #expect(await steps.next() == .answered(1, cancelled: true))
        #expect(await steps.next() == .released)
        #expect(log.events.isEmpty)
        #expect(feed.requests == 1)
        expectReleased(subscription, "the disposed subscriber")
        expectReleased(signal, "the signal over the hand-fed sequence")
    }

    @Test("an endless sequence that never suspends, taken 3: exactly three elements are requested")
    func endlessSequenceTaken() async {
        let feed = HandFedSequence(answersAtOnce: true)
        let signal: Signal<Int, TestError> = Signal(feed)
        let log = EventLog<Int, TestError>()
        log.record(signal.take(3))
        var steps = feed.steps.makeAsyncIterator()
        #expect(await steps.next() == .requested(1, cancelled: false))
        #expect(await steps.next() == .requested(2, cancelled: false))
        #expect(await steps.next() == .requested(3, cancelled: false))
        #expect(await steps.next() == .released)
        #expect(log.events == [.next(1), .next(2), .next(3), .completed])
        #expect(feed.requests == 3)
        expectReleased(signal, "the signal over the endless sequence")
    }
}

/// What an iterator of a `HandFedSequence` did, in order.
private enum IterationStep: Equatable, Sendable {
    /// `next()` was called for the nth time; whether the iterating task was cancelled then.
    case requested(Int, cancelled: Bool)
    /// The nth `next()` got its answer and is about to return it; whether the task was cancelled.
    case answered(Int, cancelled: Bool)
    /// The iterator was released: the task that iterated has ended.
    case released
}

/// An `AsyncSequence` of `Int` failing with `TestError`, fed by hand: each `next()` of its iterator
/// suspends on a checked continuation until the test calls `answer(_:)` (or, with
/// `answersAtOnce`, returns the call's number at once, never suspending), and reports what it does
/// on `steps`. It never looks at cancellation itself, as a sequence that ignores it would not.
private final class HandFedSequence: AsyncSequence, Sendable {
    typealias Element = Int
    typealias Failure = TestError

    /// The iterator's steps, for the test to await one at a time.
    let steps: AsyncStream<IterationStep>
    private let reporter: AsyncStream<IterationStep>.Continuation
    private let answersAtOnce: Bool
    /// How many times `next()` was called, and the one waiting for an answer.
    private let state = Locked<(requests: Int, waiting: Answer?)>((0, nil))

    /// How the test resumes a waiting `next()`.
    private typealias Answer = CheckedContinuation<Result<Int?, TestError>, Never>

    init(answersAtOnce: Bool = false) {
        self.answersAtOnce = answersAtOnce
        (steps, reporter) = AsyncStream.makeStream()
    }

    /// How many times `next()` was called.
    var requests: Int { state.current.requests }

    /// Resumes the `next()` that is waiting with `answer`.
    func answer(_ answer: Result<Int?, TestError>) {
        let waiting = state.withValue { state in
            defer { state.waiting = nil }
            return state.waiting
        }
        guard let waiting else {
            Issue.record("answer(\(answer)) with no next() waiting")
            return
        }
        waiting.resume(returning: answer)
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(sequence: self, life: IteratorLife(reporter))
    }

    /// The `next()` of an iterator.
    fileprivate func request() async throws(TestError) -> Int? {
        if answersAtOnce {
            let number = state.withValue { state in
                state.requests += 1
                return state.requests
            }
            reporter.yield(.requested(number, cancelled: Task.isCancelled))
            return number
        }
        let cancelledAtRequest = Task.isCancelled
        var number = 0
        let answer = await withCheckedContinuation { continuation in
            number = state.withValue { state in
                state.requests += 1
                state.waiting = continuation
                return state.requests
            }
            reporter.yield(.requested(number, cancelled: cancelledAtRequest))
        }
        reporter.yield(.answered(number, cancelled: Task.isCancelled))
        return try answer.get()
    }

    /// The iterator: asks its sequence for each element.
    struct Iterator: AsyncIteratorProtocol {
        let sequence: HandFedSequence
        let life: IteratorLife

        mutating func next() async throws(TestError) -> Int? {
            try await sequence.request()
        }
    }
}

/// Reports `.released` when the iterator that holds it is released.
private final class IteratorLife: Sendable {
    let reporter: AsyncStream<IterationStep>.Continuation

    init(_ reporter: AsyncStream<IterationStep>.Continuation) {
        self.reporter = reporter
    }

    deinit {
        reporter.yield(.released)
    }
}
