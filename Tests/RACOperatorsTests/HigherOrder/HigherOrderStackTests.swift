import Foundation
import RACOperators
import RACTestSupport
import Testing

private typealias IntSignal = Signal<Int, TestError>

@Suite("Combine and HigherOrder: stack safety, deallocation, disposal racing delivery", .checksRelease)
struct HigherOrderStackTests {
    private let count = 100_000

    @Test("repeat().take(100_000) of a synchronous signal")
    func repeatMany() {
        let subscriptions = OpCounter()
        let log = EventLog.of(countingSignal(subscriptions, values: [1]).repeat().take(count))
        #expect(log.count == count + 1)
        #expect(log.events.last == .completed)
        #expect(subscriptions.value == count)
    }

    @Test("retry(100_000) of a synchronously failing signal")
    func retryMany() {
        let subscriptions = OpCounter()
        let failing = countingSignal(subscriptions, values: [Int](), terminal: .error(TestError(1)))
        #expect(EventLog.of(failing.retry(count)).events == [.error(TestError(1))])
        #expect(subscriptions.value == count + 1)
    }

    @Test("retry() until the 100_000th attempt succeeds")
    func retryForeverMany() {
        let attempts = OpCounter()
        let limit = count
        let flaky = IntSignal { subscriber in
            attempts.increment()
            if attempts.value < limit {
                subscriber.sendError(TestError())
            } else {
                subscriber.sendNext(attempts.value)
                subscriber.sendCompleted()
            }
            return nil
        }
        #expect(EventLog.of(flaky.retry()).events == [.next(count), .completed])
    }

    @Test("Signal.concat of 100_000 synchronous signals")
    func concatMany() {
        let signals = (0..<count).map { IntSignal(value: $0) }
        let log = EventLog.of(Signal.concat(signals))
        #expect(log.count == count + 1)
        #expect(log.values.last == count - 1)
    }

    @Test("Signal.concat of 100_000 completed subjects")
    func concatManySubjects() {
        let subjects = (0..<count).map { _ in Subject<Int, TestError>() }
        for subject in subjects { subject.sendCompleted() }
        #expect(EventLog.of(Signal.concat(subjects)).events == [.completed])
    }

    // Each level of an operator chain forwards through its own subscriber, which holds its delivery
    // lock while forwarding; ThreadSanitizer's deadlock detector stops at 64 locks held by one
    // thread, so this chain stays shallower than that (use Signal.concat for long runs).
    @Test("a chain of 40 concat(_:) calls")
    func concatChain() {
        var signal = IntSignal.empty
        for value in 0..<40 { signal = signal.concat(IntSignal(value: value)) }
        #expect(EventLog.of(signal).values == Array(0..<40))
    }

    @Test("flatten, concat() and flattenMap of 100_000 synchronous inner signals")
    func flattenMany() {
        let signals = Signal<IntSignal, TestError>(values: (0..<count).map { IntSignal(value: $0) })
        let flattened = EventLog.of(signals.flatten())
        #expect(flattened.count == count + 1)
        let concatenated = EventLog.of(signals.concat())
        #expect(concatenated.values.last == count - 1)
        #expect(concatenated.count == count + 1)
        let mapped = EventLog.of(IntSignal(values: 0..<count).flattenMap { IntSignal(value: $0) })
        #expect(mapped.count == count + 1)
    }

    @Test("concat() draining 100_000 queued signals that complete synchronously")
    func concatQueued() {
        let first = Subject<Int, TestError>()
        let outer = Subject<IntSignal, TestError>()
        let log = EventLog.of(outer.concat())
        outer.sendNext(first)
        let completed = Subject<Int, TestError>()
        completed.sendCompleted()
        for value in 0..<count {
            outer.sendNext(value.isMultiple(of: 2) ? IntSignal(value: value) : completed)
        }
        outer.sendCompleted()
        first.sendCompleted()
        #expect(log.count == count / 2 + 1)
        #expect(log.events.last == .completed)
    }

    @Test("Signal.merge and zip of 10_000 signals")
    func wide() {
        let signals = (0..<10_000).map { IntSignal(value: $0) }
        #expect(EventLog.of(Signal.merge(signals)).count == 10_001)
        #expect(EventLog.of(Signal.zip(signals)).events == [.next(Array(0..<10_000)), .completed])
        #expect(EventLog.of(Signal.combineLatest(signals)).events == [.next(Array(0..<10_000)), .completed])
    }

    @Test("a finished or disposed higher-order chain releases signals, subjects and closures")
    func chainReleased() {
        expectScopeReleased { scope in
            let token = scope.watch(Token(), "the token the closure captures")
            let subject = scope.watch(Subject<Int, TestError>(), "the subject")
            let chain = scope.watch(
                subject
                    .flattenMap { value in IntSignal(values: [value, value + 1]) }
                    .map { value -> IntSignal in
                        withExtendedLifetime(token) {}
                        return IntSignal(value: value)
                    }
                    .switchToLatest()
                    .retry(1)
                    .repeat()
                    .take(4)
                    .catch { _ in Signal<Int, Never>.empty }, "the chain")
            let log = EventLog.of(chain)
            subject.sendNext(1)
            subject.sendNext(10)
            #expect(log.events == [.next(1), .next(2), .next(10), .next(11), .completed])
            let disposed = EventLog<Int, Never>().record(chain)
            subject.sendNext(5)
            disposed.dispose()
            #expect(subject.subscriberCount == 0)
        }
    }

    @Test("groupBy releases the groups once the source terminates")
    func groupsReleased() {
        weak var weakGroup: GroupedSignal<Int, Int, TestError>?
        do {
            let subject = Subject<Int, TestError>()
            let log = EventLog.of(subject.groupBy { $0 })
            subject.sendNext(1)
            weakGroup = log.values.first
            subject.sendCompleted()
        }
        #expect(weakGroup == nil)
    }

    /// Thread A delivers from input a (holding a's and the downstream's delivery locks); `take`
    /// disposes the merge, which disposes input b's subscriber and so waits for b's delivery lock.
    /// Thread B, delivering from input b, holds b's lock and waits for the downstream's. This
    /// deadlocked while `Subscriber.dispose()` waited for an in-flight delivery on another thread;
    /// it no longer waits.
    @Test("a downstream that disposes while two inputs deliver on two threads does not deadlock")
    func mergeTakeRace() {
        for _ in 0..<300 {
            let a = Subject<Int, Never>()
            let b = Subject<Int, Never>()
            let completions = OpCounter()
            let subscription = a.merge(b).take(50).subscribe(completed: { completions.increment() })
            onThreads(2) { index in
                let subject = index == 0 ? a : b
                for value in 0..<200 { subject.sendNext(value) }
            }
            #expect(completions.value == 1)
            expectReleased(subscription, "the subscriber take(50) completed")
        }
    }
}
