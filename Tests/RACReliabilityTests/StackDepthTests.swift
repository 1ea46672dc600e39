import RACOperators
import Testing

/// Deep synchronous chains on the default test thread's stack (the trampoline keeps it flat).
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

    @Test("flattenMap nested 10 000 deep")
    func nestedFlattenMap() {
        nestFlattenMap(depth / 100)
    }

    @Test(
        "flattenMap nested 100 000 deep",
        .disabled("crashes with SIGSEGV (stack overflow): a 100 000-deep flattenMap chain is not flat"))
    func nestedFlattenMapDeep() {
        nestFlattenMap(depth / 10)
    }

    private func nestFlattenMap(_ count: Int) {
        var signal = Signal<Int, Never>(value: 0)
        for _ in 0..<count { signal = signal.flattenMap { Signal(value: $0 + 1) } }
        var values: [Int] = []
        var completed = false
        signal.subscribe(next: { values.append($0) }, completed: { completed = true })
        #expect(values == [count])
        #expect(completed)
    }
}
