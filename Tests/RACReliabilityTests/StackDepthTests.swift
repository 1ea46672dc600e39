import RACOperators
import RACTestSupport
import Testing

/// Deep synchronous chains on the default test thread's stack: the subscription, delivery and
/// teardown trampolines keep it flat.
@Suite("Stack depth: a million synchronous steps and nested subscriptions on the default stack")
struct StackDepthTests {
    private let depth = ReliabilityEnvironment.depth

    @Test("Signal.concat of a million Signal(value:)")
    func concatOfAMillion() {
        let count = depth
        let signals = (0..<count).map { Signal<Int, Never>(value: $0) }
        var received = 0
        var last = -1
        var completed = false
        Signal.concat(signals).subscribe(
            next: { value in
                received += 1
                last = value
            }, completed: { completed = true })
        #expect(received == count)
        #expect(last == count - 1)
        #expect(completed)
    }

    @Test("repeat().take(1_000_000) of a synchronous signal")
    func repeatTakeAMillion() {
        let count = depth
        var received = 0
        var completed = false
        Signal<Int, Never>(value: 1).repeat().take(count).subscribe(
            next: { _ in received += 1 }, completed: { completed = true })
        #expect(received == count)
        #expect(completed)
    }

    @Test("recursive scheduling a million deep on ImmediateScheduler")
    func recursiveImmediate() {
        let count = depth
        var runs = 0
        Scheduler.immediate.scheduleRecursive { reschedule in
            runs += 1
            if runs < count { reschedule() }
        }
        #expect(runs == count)
    }

    /// A static chain: `signal = signal.flattenMap { Signal(value: $0 + 1) }`, `depth` times. The
    /// subscription trampoline keeps subscribing flat, the delivery trampoline the value's and the
    /// completion's way back, and the chain's signals release their upstream without nesting.
    @Test("flattenMap chained a million deep")
    func chainedFlattenMap() {
        expectChain(depth) { $0.flattenMap { Signal(value: $0 + 1) } }
    }

    /// A recursive nest: each level's inner signal is the next level, so the innermost value
    /// reaches the result through `depth` forwarding subscribers, which the delivery trampoline
    /// turns into a loop.
    @Test("flattenMap nested a million deep (each inner signal the next level)")
    func nestedFlattenMap() {
        expectNest(depth) { level, inner in Signal(value: level).flattenMap { _ in inner() } }
    }

    /// Disposing the result reaches a live source under a million levels: the teardown
    /// trampoline turns the nested disposals into a loop.
    @Test("disposing flattenMap chained and nested a million deep over a live source")
    func disposeDeepFlattenMap() {
        let count = depth
        let disposals = Locked(0)
        let live = Signal<Int, Never> { subscriber in
            subscriber.sendNext(0)
            return ActionDisposable { disposals.withValue { $0 += 1 } }
        }
        var chain = live
        for _ in 0..<count { chain = chain.flattenMap { Signal(value: $0 + 1) } }
        func nest(_ n: Int) -> Signal<Int, Never> {
            n == 0 ? live : Signal(value: n).flattenMap { _ in nest(n - 1) }
        }
        for (signal, expected) in [(chain, count), (nest(count), 0)] {
            var values: [Int] = []
            var completed = false
            let subscription = signal.subscribe(next: { values.append($0) }, completed: { completed = true })
            #expect(values == [expected])
            #expect(!completed)
            subscription.dispose()
        }
        #expect(disposals.current == 2)
    }

    @Test("switchToLatest chained and nested deep")
    func deepSwitchToLatest() {
        expectChain(depth / 10) { $0.map { Signal<Int, Never>(value: $0 + 1) }.switchToLatest() }
        expectNest(depth / 10) { level, inner in
            Signal(value: level).map { _ in inner() }.switchToLatest()
        }
    }

    @Test("concat() chained and nested deep")
    func deepConcat() {
        expectChain(depth / 10) { $0.map { Signal<Int, Never>(value: $0 + 1) }.concat() }
        expectNest(depth / 10) { level, inner in Signal(value: level).map { _ in inner() }.concat() }
    }

    /// Applies `step` `count` times to `Signal(value: 0)`; expects `[count]`, then completed.
    private func expectChain(
        _ count: Int, _ step: (Signal<Int, Never>) -> Signal<Int, Never>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var signal = Signal<Int, Never>(value: 0)
        for _ in 0..<count { signal = step(signal) }
        var values: [Int] = []
        var completed = false
        signal.subscribe(next: { values.append($0) }, completed: { completed = true })
        #expect(values == [count], sourceLocation: sourceLocation)
        #expect(completed, sourceLocation: sourceLocation)
    }

    /// Builds `count` levels with `level(n, next)`, whose signal must forward what `next()` (the
    /// level below, built on subscription) sends; the bottom sends 0. Expects `[0]`, then completed.
    private func expectNest(
        _ count: Int,
        _ level: @escaping (Int, @escaping () -> Signal<Int, Never>) -> Signal<Int, Never>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        func nest(_ n: Int) -> Signal<Int, Never> {
            n == 0 ? Signal(value: 0) : level(n) { nest(n - 1) }
        }
        var values: [Int] = []
        var completed = false
        nest(count).subscribe(next: { values.append($0) }, completed: { completed = true })
        #expect(values == [0], sourceLocation: sourceLocation)
        #expect(completed, sourceLocation: sourceLocation)
    }

    // Nested subscriptions of RACCore (the subscription trampoline).

    @Test("a cold signal that resubscribes itself 1,000,000 times synchronously finishes", .checksRelease)
    func selfResubscription() {
        let target = 1_000_000
        var subscriptions = 0
        var received: [Int] = []
        // A signal that, on completion, subscribes to itself again: the shape of `repeat`.
        let once = Signal<Int, Never> { subscriber in
            subscriptions += 1
            subscriber.sendNext(subscriptions)
            subscriber.sendCompleted()
            return nil
        }
        var resubscribe: (() -> Void)!
        resubscribe = {
            once.subscribe(
                next: { value in if value % 250_000 == 0 { received.append(value) } },
                completed: { if subscriptions < target { resubscribe() } }
            )
        }
        resubscribe()
        resubscribe = nil
        expectReleased(once, "the resubscribed signal")
        #expect(subscriptions == target)
        #expect(received == [250_000, 500_000, 750_000, 1_000_000])
    }

    @Test("100,000 nested subscriptions (each creation closure subscribes the next) finish", .checksRelease)
    func nestedSubscriptions() {
        let depth = 100_000
        func nested(_ level: Int) -> Signal<Int, Never> {
            Signal { subscriber in
                if level == depth {
                    subscriber.sendNext(level)
                    subscriber.sendCompleted()
                    return nil
                }
                return nested(level + 1).subscribe(subscriber)
            }
        }
        let recorder = EventLog<Int, Never>()
        nested(0).subscribe(recorder.subscriber())
        #expect(recorder.events == [.next(depth), .completed])
    }

    @Test("disposing before a queued nested subscription runs means it never runs", .checksRelease)
    func disposedQueuedSubscriptionNeverRuns() {
        var innerRuns = 0
        let inner = Signal<Int, Never> { _ in
            innerRuns += 1
            return nil
        }
        // The creation closure of level L runs L + 1 subscriptions deep, so the subscription made at
        // level maximumDepth - 1 is the first one queued; dispose it before the queue runs.
        let queuedLevel = SubscriptionTrampoline.maximumDepth - 1
        var queued = false
        func nested(_ level: Int) -> Signal<Int, Never> {
            Signal { subscriber in
                if level == queuedLevel {
                    let subscription = inner.subscribe(subscriber)
                    queued = innerRuns == 0
                    subscription.dispose()
                    return nil
                }
                return nested(level + 1).subscribe(subscriber)
            }
        }
        let subscription = nested(0).subscribe(next: { _ in })
        #expect(queued)
        #expect(innerRuns == 0)
        expectReleased(subscription, "the disposed subscriber")
    }
}
