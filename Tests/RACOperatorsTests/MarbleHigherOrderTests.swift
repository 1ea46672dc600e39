import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// A signal that plays `attempts[n]` at its n-th subscription (for retry and repeat).
private func attempts<Value, Failure>(_ attempts: [TestSignal<Value, Failure>]) -> Signal<Value, Failure> {
    let made = OpCounter()
    return Signal.defer {
        let index = made.value
        made.increment()
        return attempts[index]
    }
}

@Suite("Higher-order operators, marble-tested", .checksRelease)
struct MarbleHigherOrderTests {
    let scheduler = TestScheduler(checksRelease: true)

    // MARK: flattenMap, bind

    @Test("flattenMap subscribes to each inner at once and completes after the source and every inner")
    func flattenMap() throws {
        let innerA = try scheduler.createColdSignal("x--y|", error: Boom())
        let innerB = try scheduler.createColdSignal("z--w|", error: Boom())
        let source = try scheduler.createColdSignal("-a-----b---|", error: Boom())
        try scheduler.expect(
            source.flattenMap { $0 == "a" ? innerA : innerB }, toEmit: "-x--y--z--w|", error: Boom())
        try scheduler.expect(source, toHaveSubscriptions: ["^----------!"])
        try scheduler.expect(innerA, toHaveSubscriptions: ["-^---!"])
        try scheduler.expect(innerB, toHaveSubscriptions: ["-------^---!"])
    }

    @Test("flattenMap merges overlapping inners and waits for the last one")
    func flattenMapOverlapping() throws {
        let inner = try scheduler.createColdSignal("x---y|", error: Boom())
        let source = try scheduler.createColdSignal("-a-b|", error: Boom())
        try scheduler.expect(source.flattenMap { _ in inner }, toEmit: "-x-x-y-y|", error: Boom())
        try scheduler.expect(inner, toHaveSubscriptions: ["-^----!", "---^----!"])
        try scheduler.expect(source, toHaveSubscriptions: ["^---!"])
    }

    @Test("flattenMap: an inner error disposes the source and the other inners")
    func flattenMapInnerError() throws {
        let slow = try scheduler.createColdSignal("x---y|", error: Boom())
        let failing = try scheduler.createColdSignal("-#", error: Boom())
        let source = try scheduler.createColdSignal("-a-b---|", error: Boom())
        try scheduler.expect(source.flattenMap { $0 == "a" ? slow : failing }, toEmit: "-x--#", error: Boom())
        try scheduler.expect(source, toHaveSubscriptions: ["^---!"])
        try scheduler.expect(slow, toHaveSubscriptions: ["-^--!"])
    }

    @Test("flattenMap: a source error disposes the inners; disposal disposes everything; empty source")
    func flattenMapCases() throws {
        let inner = try scheduler.createColdSignal("x---y|", error: Boom())
        let failing = try scheduler.createColdSignal("-a-#", error: Boom())
        try scheduler.expect(failing.flattenMap { _ in inner }, toEmit: "-x-#", error: Boom())
        try scheduler.expect(inner, toHaveSubscriptions: ["-^-!"])

        let other = TestScheduler(checksRelease: true)
        let innerToo = try other.createColdSignal("x---y|", error: Boom())
        let source = try other.createColdSignal("-a-b---|", error: Boom())
        try other.expect(source.flattenMap { _ in innerToo }, toEmit: "-x-x", error: Boom(), disposeAt: 4)
        try other.expect(source, toHaveSubscriptions: ["^---!"])
        try other.expect(innerToo, toHaveSubscriptions: ["-^--!", "---^!"])

        let third = TestScheduler(checksRelease: true)
        let empty = try third.createColdSignal("--|", error: Boom())
        try third.expect(empty.flattenMap { _ in Signal<String, Boom>.never }, toEmit: "--|", error: Boom())
    }

    @Test(
        "bind: stop disposes the source but the running inners finish; nil stops too; block per subscription")
    func bind() throws {
        let made = OpCounter()
        let first = try scheduler.createColdSignal("x|", error: Boom())
        let last = try scheduler.createColdSignal("y--z|", error: Boom())
        let source = try scheduler.createColdSignal("-a-b-c-d-|", error: Boom())
        let bound = source.bind { () -> (String, inout Bool) -> Signal<String, Boom>? in
            made.increment()
            return { value, stop in
                switch value {
                case "a": return first
                case "b":
                    stop = true
                    return last
                default: return nil
                }
            }
        }
        try scheduler.expect(bound, toEmit: "-x-y--z|", error: Boom())
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
        try scheduler.expect(last, toHaveSubscriptions: ["---^---!"])

        let other = TestScheduler(checksRelease: true)
        let inner = try other.createColdSignal("x|", error: Boom())
        let stopping = try other.createColdSignal("-a-c-d|", error: Boom())
        let boundToo = stopping.bind { () -> (String, inout Bool) -> Signal<String, Boom>? in
            made.increment()
            return { value, _ in value == "a" ? inner : nil }
        }
        try other.expect(boundToo, toEmit: "-x-|", error: Boom())
        try other.expect(stopping, toHaveSubscriptions: ["^--!"])
        #expect(made.value == 2)
    }

    // MARK: flatten, concat, switchToLatest

    @Test("flatten merges the inner signals as they arrive")
    func flatten() throws {
        let x = try scheduler.createColdSignal("a--b|", error: Boom())
        let y = try scheduler.createColdSignal("c-d|", error: Boom())
        let outer = try scheduler.createColdSignal(
            "-x------y-----|", values: ["x": x as Signal<String, Boom>, "y": y], error: Boom())
        try scheduler.expect(outer.flatten(), toEmit: "-a--b---c-d---|", error: Boom())
        try scheduler.expect(x, toHaveSubscriptions: ["-^---!"])
        try scheduler.expect(y, toHaveSubscriptions: ["--------^--!"])
    }

    @Test("flatten(1) and concat() queue the inners; flatten(2) runs two at a time")
    func flattenLimited() throws {
        let variants: [(Signal<Signal<String, Boom>, Boom>) -> Signal<String, Boom>] = [
            { $0.flatten(1) }, { $0.concat() },
        ]
        for limited in variants {
            let scheduler = TestScheduler(checksRelease: true)
            let x = try scheduler.createColdSignal("a---b|", error: Boom())
            let y = try scheduler.createColdSignal("c-d|", error: Boom())
            let outer = try scheduler.createColdSignal(
                "-x-y-------|", values: ["x": x as Signal<String, Boom>, "y": y], error: Boom())
            try scheduler.expect(limited(outer), toEmit: "-a---bc-d--|", error: Boom())
            try scheduler.expect(x, toHaveSubscriptions: ["-^----!"])
            try scheduler.expect(y, toHaveSubscriptions: ["------^--!"])
        }
        let x = try scheduler.createColdSignal("a---|", error: Boom())
        let y = try scheduler.createColdSignal("b---|", error: Boom())
        let z = try scheduler.createColdSignal("c|", error: Boom())
        let outer = try scheduler.createColdSignal(
            "-x-y-z---|", values: ["x": x as Signal<String, Boom>, "y": y, "z": z], error: Boom())
        try scheduler.expect(outer.flatten(2), toEmit: "-a-b-c---|", error: Boom())
        try scheduler.expect(z, toHaveSubscriptions: ["-----^!"])
    }

    @Test("concat(): an error in the running inner ends everything; the queued ones never run")
    func concatError() throws {
        let x = try scheduler.createColdSignal("a-#", error: Boom())
        let y = try scheduler.createColdSignal("c|", error: Boom())
        let outer = try scheduler.createColdSignal(
            "-xy-----|", values: ["x": x as Signal<String, Boom>, "y": y], error: Boom())
        try scheduler.expect(outer.concat(), toEmit: "-a-#", error: Boom())
        try scheduler.expect(y, toHaveSubscriptions: [])
        try scheduler.expect(outer, toHaveSubscriptions: ["^--!"])
    }

    @Test("switchToLatest disposes the current inner when a new one arrives")
    func switchToLatest() throws {
        let x = try scheduler.createColdSignal("a-b-c-d|", error: Boom())
        let y = try scheduler.createColdSignal("e---f|", error: Boom())
        let outer = try scheduler.createColdSignal(
            "-x----y------|", values: ["x": x as Signal<String, Boom>, "y": y], error: Boom())
        try scheduler.expect(outer.switchToLatest(), toEmit: "-a-b-ce---f--|", error: Boom())
        try scheduler.expect(x, toHaveSubscriptions: ["-^----!"])
        try scheduler.expect(y, toHaveSubscriptions: ["------^----!"])
    }

    @Test("switchToLatest: the outer's completion does not cut the inner; errors from either end it")
    func switchToLatestCases() throws {
        let x = try scheduler.createColdSignal("a--b|", error: Boom())
        let outer = try scheduler.createColdSignal(
            "-x|", values: ["x": x as Signal<String, Boom>], error: Boom())
        try scheduler.expect(outer.switchToLatest(), toEmit: "-a--b|", error: Boom())

        let other = TestScheduler(checksRelease: true)
        let long = try other.createColdSignal("a---b|", error: Boom())
        let failingOuter = try other.createColdSignal(
            "-x-#", values: ["x": long as Signal<String, Boom>], error: Boom())
        try other.expect(failingOuter.switchToLatest(), toEmit: "-a-#", error: Boom())
        try other.expect(long, toHaveSubscriptions: ["-^-!"])

        let third = TestScheduler(checksRelease: true)
        let failingInner = try third.createColdSignal("a#", error: Boom(2))
        let outerToo = try third.createColdSignal(
            "-x----|", values: ["x": failingInner as Signal<String, Boom>], error: Boom())
        try third.expect(outerToo.switchToLatest(), toEmit: "-a#", error: Boom(2))
        try third.expect(outerToo, toHaveSubscriptions: ["^-!"])
    }

    @Test("Signal.switch forwards the case the key selects, or the default")
    func switchCases() throws {
        let a = try scheduler.createColdSignal("a-a-a-a-a|", error: Boom())
        let b = try scheduler.createColdSignal("b---b|", error: Boom())
        let d = try scheduler.createColdSignal("d|", error: Boom())
        let key = try scheduler.createColdSignal("-A----B-C--|", error: Boom())
        try scheduler.expect(
            Signal.switch(key, cases: ["A": a, "B": b], default: d), toEmit: "-a-a-ab-d--|", error: Boom())
        try scheduler.expect(a, toHaveSubscriptions: ["-^----!"])
        try scheduler.expect(b, toHaveSubscriptions: ["------^-!"])
        try scheduler.expect(d, toHaveSubscriptions: ["--------^!"])

        let other = TestScheduler(checksRelease: true)
        let only = try other.createColdSignal("a-a-a-a|", error: Boom())
        let keys = try other.createColdSignal("-A--C-|", error: Boom())
        let switched = Signal.switch(keys, cases: ["A": only as Signal<String, Boom>]) { key in
            Signal(error: Boom(key == "C" ? 3 : 0))
        }
        try other.expect(switched, toEmit: "-a-a#", error: Boom(3))
        try other.expect(only, toHaveSubscriptions: ["-^--!"])
    }

    @Test("Signal.if forwards then or else as the condition last said")
    func ifThenElse() throws {
        let yes = try scheduler.createColdSignal("t-t-t-t|", error: Boom())
        let no = try scheduler.createColdSignal("f-f-f|", error: Boom())
        let condition = try scheduler.createColdSignal(
            "-T----F----|", values: ["T": true, "F": false], error: Boom())
        try scheduler.expect(Signal.if(condition, then: yes, else: no), toEmit: "-t-t-tf-f-f|", error: Boom())
        try scheduler.expect(yes, toHaveSubscriptions: ["-^----!"])
        try scheduler.expect(no, toHaveSubscriptions: ["------^----!"])
    }

    // MARK: catch

    @Test("catch subscribes to the handler's signal on an error and forwards it instead")
    func catchError() throws {
        let recovery = try scheduler.createColdSignal("c-d|", error: Boom(2))
        let source = try scheduler.createColdSignal("-a-b-#", error: Boom())
        let caught = source.catch { (error: Boom) -> Signal<String, Boom> in
            error == Boom(1) ? recovery : Signal(error: error)
        }
        try scheduler.expect(caught, toEmit: "-a-b-c-d|", error: Boom(2))
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
        try scheduler.expect(recovery, toHaveSubscriptions: ["-----^--!"])
    }

    @Test("catch: without an error the handler is never called; disposal reaches the recovery")
    func catchCases() throws {
        let recovery = try scheduler.createColdSignal("c-d|")
        let completing = try scheduler.createColdSignal("-a-|", error: Boom())
        try scheduler.expect(completing.catch { _ in recovery }, toEmit: "-a-|")
        try scheduler.expect(recovery, toHaveSubscriptions: [])

        let other = TestScheduler(checksRelease: true)
        let slow = try other.createColdSignal("c---d|")
        let failing = try other.createColdSignal("-#", error: Boom())
        try other.expect(failing.catch(to: slow), toEmit: "-c-", disposeAt: 3)
        try other.expect(slow, toHaveSubscriptions: ["-^-!"])

        let third = TestScheduler(checksRelease: true)
        let fallback = try third.createColdSignal("c|")
        let source = try third.createColdSignal("-a-#", error: Boom())
        try third.expect(source.catch(to: fallback), toEmit: "-a-c|")
        try third.expect(fallback, toHaveSubscriptions: ["---^!"])
    }

    // MARK: groupBy

    @Test("groupBy sends each new group once, then each value into its group")
    func groupBy() throws {
        let source = try scheduler.createColdSignal("-a-b-c-d-|", values: ints, error: Boom())
        try scheduler.expect(
            source.groupBy { $0 % 2 == 0 }.map { $0.key ? "T" : "F" }, toEmit: "-F-T-----|", error: Boom())
        let other = TestScheduler(checksRelease: true)
        let values = try other.createColdSignal("-a-b-c-d-|", values: ints, error: Boom())
        let tagged = values.groupBy({ $0 % 2 == 0 }, transform: { $0 * 10 }).flattenMap { group in
            group.map { "\(group.key ? "e" : "o")\($0)" }
        }
        try other.expect(
            tagged, toEmit: "-{o10}-{e20}-{o30}-{e40}-|", values: named("o10", "e20", "o30", "e40"),
            error: Boom())
        try other.expect(values, toHaveSubscriptions: ["^--------!"])
    }

    @Test("groupBy: an error goes to the result and to every group; disposal reaches the source")
    func groupByCases() throws {
        let source = try scheduler.createColdSignal("-a-b-#", values: ints, error: Boom())
        let tagged = source.groupBy { $0 % 2 == 0 }.flattenMap { group in group.map { "\($0)" } }
        try scheduler.expect(tagged, toEmit: "-1-2-#", values: ["1": "1", "2": "2"], error: Boom())

        let other = TestScheduler(checksRelease: true)
        let long = try other.createColdSignal("-a-b-c-|", values: ints, error: Boom())
        try other.expect(
            long.groupBy { $0 }.map { "\($0.key)" }, toEmit: "-1-", values: ["1": "1"], error: Boom(),
            disposeAt: 3)
        try other.expect(long, toHaveSubscriptions: ["^--!"])
    }

    // MARK: retry, repeat

    @Test("retry(n) resubscribes on an error up to n times, at once")
    func retryCount() throws {
        let failing = try scheduler.createColdSignal("-a-#", error: Boom())
        try scheduler.expect(failing.retry(2), toEmit: "-a--a--a-#", error: Boom())
        try scheduler.expect(failing, toHaveSubscriptions: ["^--!", "---^--!", "------^--!"])

        let other = TestScheduler(checksRelease: true)
        let first = try other.createColdSignal("-a-#", error: Boom())
        let second = try other.createColdSignal("-a-#", error: Boom())
        let third = try other.createColdSignal("-a-b|", error: Boom())
        try other.expect(attempts([first, second, third]).retry(2), toEmit: "-a--a--a-b|", error: Boom())
        try other.expect(third, toHaveSubscriptions: ["------^---!"])

        let zero = TestScheduler(checksRelease: true)
        let once = try zero.createColdSignal("-a-#", error: Boom())
        try zero.expect(once.retry(0), toEmit: "-a-#", error: Boom())
        try zero.expect(once, toHaveSubscriptions: ["^--!"])
    }

    @Test("retry() resubscribes on every error until a completion; disposal stops it")
    func retryForever() throws {
        let first = try scheduler.createColdSignal("-a-#", error: Boom())
        let second = try scheduler.createColdSignal("-b-#", error: Boom())
        let third = try scheduler.createColdSignal("-c|", error: Boom())
        try scheduler.expect(attempts([first, second, third]).retry(), toEmit: "-a--b--c|", error: Boom())

        let other = TestScheduler(checksRelease: true)
        let failing = try other.createColdSignal("-a-#", error: Boom())
        try other.expect(failing.retry(), toEmit: "-a--a", error: Boom(), disposeAt: 5)
        try other.expect(failing, toHaveSubscriptions: ["^--!", "---^-!"])
    }

    @Test("repeat resubscribes on every completion until an error; take ends it")
    func repeatSignal() throws {
        let first = try scheduler.createColdSignal("-a-|", error: Boom())
        let second = try scheduler.createColdSignal("-a-|", error: Boom())
        let third = try scheduler.createColdSignal("-a-#", error: Boom())
        try scheduler.expect(attempts([first, second, third]).repeat(), toEmit: "-a--a--a-#", error: Boom())

        let other = TestScheduler(checksRelease: true)
        let once = try other.createColdSignal("-a-|", error: Boom())
        try other.expect(once.repeat().take(3), toEmit: "-a--a--(a|)", error: Boom())
        try other.expect(once, toHaveSubscriptions: ["^--!", "---^--!", "------^!"])
    }
}

@Suite("Higher-order operators: reentrancy and release", .checksRelease)
struct MarbleHigherOrderReentrancyTests {
    @Test("switchToLatest: a value's callback that sends a new inner switches at once, nested")
    func switchReentrant() {
        weak var weakOuter: Subject<Signal<Int, Never>, Never>?
        do {
            let outer = Subject<Signal<Int, Never>, Never>()
            weakOuter = outer
            let first = Subject<Int, Never>()
            let second = Subject<Int, Never>()
            let log = EventLog<Int, Never>()
            let subscription = log.record(outer.switchToLatest()) { event in
                if case .next(1) = event { outer.sendNext(second) }
            }
            outer.sendNext(first)
            first.sendNext(1)
            first.sendNext(2)
            second.sendNext(3)
            #expect(log.values == [1, 3])
            #expect(first.subscriberCount == 0)
            // The subscriber captures the outer signal: disposing it releases the chain.
            subscription.dispose()
            #expect(second.subscriberCount == 0)
        }
        #expect(weakOuter == nil)
    }

    @Test("flattenMap: a value's callback that sends into the source subscribes the new inner nested")
    func flattenMapReentrant() {
        weak var weakSource: Subject<Int, Never>?
        do {
            let source = Subject<Int, Never>()
            weakSource = source
            let log = EventLog<Int, Never>()
            let subscription = log.record(source.flattenMap { Signal(value: $0 * 10) }) { event in
                if case .next(10) = event { source.sendNext(2) }
            }
            source.sendNext(1)
            #expect(log.values == [10, 20])
            // The subscriber captures the source: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakSource == nil)
    }

    @Test("higher-order chains release the source and every inner after completion")
    func released() throws {
        let scheduler = TestScheduler(checksRelease: true)
        weak var weakToken: OpToken?
        weak var weakSource: TestSignal<String, Boom>?
        weak var weakInner: TestSignal<String, Boom>?
        do {
            let token = OpToken()
            weakToken = token
            let source = try scheduler.createColdSignal("-a-b-|", error: Boom())
            let inner = try scheduler.createColdSignal("x|", error: Boom())
            weakSource = source
            weakInner = inner
            let chain =
                source
                .flattenMap { _ in inner }
                .map { value in withExtendedLifetime(token) { Signal<String, Boom>(value: value) } }
                .switchToLatest()
                .catch { _ in Signal<String, Boom>.empty }
                .retry(1)
                .groupBy { $0 }
                .flattenMap { $0 }
            try scheduler.expect(chain, toEmit: "-x-x-|", error: Boom())
        }
        #expect(weakToken == nil)
        #expect(weakSource == nil)
        #expect(weakInner == nil)
    }
}
