import RACOperators
import Testing

/// Deep synchronous chains on the default test thread's stack: the subscription, delivery and
/// teardown trampolines keep it flat.
@Suite("Stack depth: a million synchronous steps on the default stack")
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
            return ActionDisposable { disposals.withLock { $0 += 1 } }
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
        #expect(disposals.value == 2)
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
}
