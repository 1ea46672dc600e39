import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Combining operators, marble-tested", .checksRelease)
struct MarbleCombineTests {
    let scheduler = TestScheduler(checksRelease: true)

    // MARK: startWith, concat, then

    @Test("startWith sends its value at subscription, then the source")
    func startWith() throws {
        try expectMarbles(
            { $0.startWith("z") },
            [
                MarbleCase("-a-b-|", "za-b-|", ["^----!"]),
                MarbleCase("--|", "z-|", ["^-!"]),
                MarbleCase("-#", "z#", ["^!"]),
                MarbleCase("-a-b-|", "za", ["^-!"], disposeAt: 2),
            ])
    }

    @Test("concat subscribes to the second signal only once the first completes")
    func concat() throws {
        let first = try scheduler.createColdSignal("-a-b|", error: Boom())
        let second = try scheduler.createColdSignal("c-d|", error: Boom())
        try scheduler.expect(first.concat(second), toEmit: "-a-bc-d|", error: Boom())
        try scheduler.expect(first, toHaveSubscriptions: ["^---!"])
        try scheduler.expect(second, toHaveSubscriptions: ["----^--!"])
    }

    @Test("concat: an error in the first ends it and the second is never subscribed")
    func concatError() throws {
        let first = try scheduler.createColdSignal("-a#", error: Boom())
        let second = try scheduler.createColdSignal("c-d|", error: Boom())
        try scheduler.expect(first.concat(second), toEmit: "-a#", error: Boom())
        try scheduler.expect(second, toHaveSubscriptions: [])
    }

    @Test("concat: an empty first, an error in the second, disposal while in the second")
    func concatCases() throws {
        let empty = try scheduler.createColdSignal("|", error: Boom())
        let failing = try scheduler.createColdSignal("-c#", error: Boom())
        try scheduler.expect(empty.concat(failing), toEmit: "-c#", error: Boom())
        try scheduler.expect(failing, toHaveSubscriptions: ["^-!"])

        let later = TestScheduler(checksRelease: true)
        let first = try later.createColdSignal("-a|", error: Boom())
        let second = try later.createColdSignal("-b-c|", error: Boom())
        try later.expect(first.concat(second), toEmit: "-a-b", error: Boom(), disposeAt: 4)
        try later.expect(first, toHaveSubscriptions: ["^-!"])
        try later.expect(second, toHaveSubscriptions: ["--^-!"])
    }

    @Test("Signal.concat runs the signals one after another; an error stops the rest")
    func concatMany() throws {
        let a = try scheduler.createColdSignal("-a|", error: Boom())
        let b = try scheduler.createColdSignal("-b-c|", error: Boom())
        let d = try scheduler.createColdSignal("-d|", error: Boom())
        try scheduler.expect(Signal.concat([a, b, d]), toEmit: "-a-b-c-d|", error: Boom())
        try scheduler.expect(a, toHaveSubscriptions: ["^-!"])
        try scheduler.expect(b, toHaveSubscriptions: ["--^---!"])
        try scheduler.expect(d, toHaveSubscriptions: ["------^-!"])

        let other = TestScheduler(checksRelease: true)
        let ok = try other.createColdSignal("-a|", error: Boom())
        let failing = try other.createColdSignal("-#", error: Boom())
        let never = try other.createColdSignal("-d|", error: Boom())
        try other.expect(Signal.concat([ok, failing, never]), toEmit: "-a-#", error: Boom())
        try other.expect(never, toHaveSubscriptions: [])
        try other.expect(Signal<String, Boom>.concat([]), toEmit: "---|", error: Boom())
    }

    @Test("then ignores the values, subscribes to the block's signal after completion, never after an error")
    func then() throws {
        let made = OpCounter()
        let next = try scheduler.createColdSignal("c-d|", error: Boom())
        let source = try scheduler.createColdSignal("-a-b-|", error: Boom())
        try scheduler.expect(
            source.then {
                made.increment()
                return next
            }, toEmit: "-----c-d|", error: Boom())
        try scheduler.expect(next, toHaveSubscriptions: ["-----^--!"])
        #expect(made.value == 1)

        let failing = try scheduler.createColdSignal("-a-#", error: Boom())
        try scheduler.expect(
            failing.then {
                made.increment()
                return next
            }, toEmit: "-----------#", error: Boom())
        #expect(made.value == 1)
    }

    // MARK: merge

    @Test("merge forwards both as they arrive and completes when both have")
    func merge() throws {
        let left = try scheduler.createColdSignal("-a---c-|", error: Boom())
        let right = try scheduler.createColdSignal("--b-d---|", error: Boom())
        try scheduler.expect(left.merge(right), toEmit: "-ab-dc--|", error: Boom())
        try scheduler.expect(left, toHaveSubscriptions: ["^------!"])
        try scheduler.expect(right, toHaveSubscriptions: ["^-------!"])
    }

    @Test("merge: an error from either disposes the other; disposal disposes both")
    func mergeErrorAndDisposal() throws {
        let left = try scheduler.createColdSignal("-a-#", error: Boom())
        let right = try scheduler.createColdSignal("--b---d-|", error: Boom())
        try scheduler.expect(left.merge(right), toEmit: "-ab#", error: Boom())
        try scheduler.expect(right, toHaveSubscriptions: ["^--!"])

        let later = TestScheduler(checksRelease: true)
        let one = try later.createColdSignal("-a---|", error: Boom())
        let two = try later.createColdSignal("--b---|", error: Boom())
        try later.expect(one.merge(two), toEmit: "-ab", error: Boom(), disposeAt: 3)
        try later.expect(one, toHaveSubscriptions: ["^--!"])
        try later.expect(two, toHaveSubscriptions: ["^--!"])
    }

    @Test("Signal.merge subscribes to all at once; none completes at once")
    func mergeMany() throws {
        let a = try scheduler.createColdSignal("-a---d|", error: Boom())
        let b = try scheduler.createColdSignal("--b|", error: Boom())
        let c = try scheduler.createColdSignal("---c---|", error: Boom())
        try scheduler.expect(Signal.merge([a, b, c]), toEmit: "-abc-d-|", error: Boom())
        try scheduler.expect(a, toHaveSubscriptions: ["^-----!"])
        try scheduler.expect(b, toHaveSubscriptions: ["^--!"])
        try scheduler.expect(c, toHaveSubscriptions: ["^------!"])
        let other = TestScheduler(checksRelease: true)
        try other.expect(Signal<String, Boom>.merge([]), toEmit: "|", error: Boom())
    }

    // MARK: sample

    @Test("sample sends the latest value at each sampler value; ends with either")
    func sample() throws {
        let source = try scheduler.createColdSignal("-a--b-c----|", error: Boom())
        let sampler = try scheduler.createColdSignal("--x----x-x---|", error: Boom())
        try scheduler.expect(source.sample(sampler), toEmit: "--a----c-c-|", error: Boom())
        try scheduler.expect(source, toHaveSubscriptions: ["^----------!"])
        try scheduler.expect(sampler, toHaveSubscriptions: ["^----------!"])
    }

    @Test("sample: nothing before the first value; the sampler's completion or error ends it")
    func sampleCases() throws {
        let source = try scheduler.createColdSignal("---a-----b-|", error: Boom())
        let sampler = try scheduler.createColdSignal("-x---x-|", error: Boom())
        try scheduler.expect(source.sample(sampler), toEmit: "-----a-|", error: Boom())
        try scheduler.expect(source, toHaveSubscriptions: ["^------!"])

        let other = TestScheduler(checksRelease: true)
        let values = try other.createColdSignal("-a-----|", error: Boom())
        let failing = try other.createColdSignal("--x-#", error: Boom())
        try other.expect(values.sample(failing), toEmit: "--a-#", error: Boom())
        try other.expect(values, toHaveSubscriptions: ["^---!"])
    }

    // MARK: combineLatest

    @Test("combineLatest(with:) sends the latest pair once both have sent; completes when both have")
    func combineLatestWith() throws {
        let left = try scheduler.createColdSignal("-a----b-----|", error: Boom())
        let right = try scheduler.createColdSignal("---x-----y----|", error: Boom())
        try scheduler.expect(
            left.combineLatest(with: right).map { $0 + $1 }, toEmit: "---{ax}--{bx}--{by}----|",
            values: named("ax", "bx", "by"), error: Boom())
        try scheduler.expect(left, toHaveSubscriptions: ["^-----------!"])
        try scheduler.expect(right, toHaveSubscriptions: ["^-------------!"])
    }

    @Test("combineLatest(with:): an error from either ends it; one side silent means nothing is sent")
    func combineLatestWithCases() throws {
        let left = try scheduler.createColdSignal("-a--#", error: Boom())
        let right = try scheduler.createColdSignal("--x----|", error: Boom())
        try scheduler.expect(
            left.combineLatest(with: right).map { $0 + $1 }, toEmit: "--{ax}-#", values: named("ax"),
            error: Boom())
        try scheduler.expect(right, toHaveSubscriptions: ["^---!"])

        let other = TestScheduler(checksRelease: true)
        let values = try other.createColdSignal("-a-b-|", error: Boom())
        let silent = try other.createColdSignal("------|", error: Boom())
        try other.expect(
            values.combineLatest(with: silent).map { $0 + $1 }, toEmit: "------|", values: named(),
            error: Boom())

        let third = TestScheduler(checksRelease: true)
        let one = try third.createColdSignal("-a-b-|", error: Boom())
        let two = try third.createColdSignal("-x-y-|", error: Boom())
        try third.expect(
            one.combineLatest(with: two).map { $0 + $1 }, toEmit: "-{ax}", values: named("ax"), error: Boom(),
            disposeAt: 3)
        try third.expect(one, toHaveSubscriptions: ["^--!"])
        try third.expect(two, toHaveSubscriptions: ["^--!"])
    }

    @Test("Signal.combineLatest over a pack and over an array; none completes at once")
    func combineLatestMany() throws {
        let a = try scheduler.createColdSignal("-1-----2---|", error: Boom())
        let b = try scheduler.createColdSignal("---x-------|", error: Boom())
        let c = try scheduler.createColdSignal("----p-q-----|", error: Boom())
        try scheduler.expect(
            Signal.combineLatest(a, b, c).map { $0 + $1 + $2 }, toEmit: "----u-vw----|",
            values: ["u": "1xp", "v": "1xq", "w": "2xq"], error: Boom())
        try scheduler.expect(c, toHaveSubscriptions: ["^-----------!"])

        let other = TestScheduler(checksRelease: true)
        let one = try other.createColdSignal("-1---2-|", error: Boom())
        let two = try other.createColdSignal("--a----|", error: Boom())
        try other.expect(
            Signal.combineLatest([one, two]).map { $0.joined() }, toEmit: "--u--v-|",
            values: ["u": "1a", "v": "2a"], error: Boom())
        try other.expect(
            Signal<[String], Boom>.combineLatest([Signal<String, Boom>]()), toEmit: "-------|", values: [:],
            error: Boom())
    }

    // MARK: zip

    @Test("zip(with:) pairs values by index and completes once a done side's buffer is empty")
    func zipWith() throws {
        let left = try scheduler.createColdSignal("-a--b-c-|", error: Boom())
        let right = try scheduler.createColdSignal("--x----y--z-|", error: Boom())
        try scheduler.expect(
            left.zip(with: right).map { $0 + $1 }, toEmit: "--{ax}----{by}--({cz}|)",
            values: named("ax", "by", "cz"), error: Boom())
        try scheduler.expect(left, toHaveSubscriptions: ["^-------!"])
        try scheduler.expect(right, toHaveSubscriptions: ["^---------!"])
    }

    @Test("zip(with:): an error from either ends it; leftovers of the other side are dropped")
    func zipWithCases() throws {
        let left = try scheduler.createColdSignal("-a-b-c-|", error: Boom())
        let right = try scheduler.createColdSignal("--x-#", error: Boom())
        try scheduler.expect(
            left.zip(with: right).map { $0 + $1 }, toEmit: "--{ax}-#", values: named("ax"), error: Boom())
        try scheduler.expect(left, toHaveSubscriptions: ["^---!"])

        let other = TestScheduler(checksRelease: true)
        let short = try other.createColdSignal("-a|", error: Boom())
        let long = try other.createColdSignal("-x-y-z-|", error: Boom())
        try other.expect(
            short.zip(with: long).map { $0 + $1 }, toEmit: "-{ax}|", values: named("ax"), error: Boom())
        try other.expect(long, toHaveSubscriptions: ["^-!"])
    }

    @Test("Signal.zip over a pack and over an array; none completes at once")
    func zipMany() throws {
        let a = try scheduler.createColdSignal("-1---2---|", error: Boom())
        let b = try scheduler.createColdSignal("--x----y-|", error: Boom())
        let c = try scheduler.createColdSignal("---p-q---|", error: Boom())
        try scheduler.expect(
            Signal.zip(a, b, c).map { $0 + $1 + $2 }, toEmit: "---u---v-|", values: ["u": "1xp", "v": "2yq"],
            error: Boom())

        let other = TestScheduler(checksRelease: true)
        let one = try other.createColdSignal("-1--2-|", error: Boom())
        let two = try other.createColdSignal("--a-b-|", error: Boom())
        try other.expect(
            Signal.zip([one, two]).map { $0.joined() }, toEmit: "--u-v-|", values: ["u": "1a", "v": "2b"],
            error: Boom())
        try other.expect(
            Signal<[String], Boom>.zip([Signal<String, Boom>]()), toEmit: "------|", values: [:],
            error: Boom())
    }
}

@Suite("Combining operators: reentrancy and release", .checksRelease)
struct MarbleCombineReentrancyTests {
    @Test("combineLatest: a tuple's callback sending into an input gets the new tuple nested, in order")
    func combineLatestReentrant() {
        weak var weakRight: Subject<Int, Never>?
        do {
            let left = Subject<Int, Never>()
            let right = Subject<Int, Never>()
            weakRight = right
            let log = EventLog<String, Never>()
            let subscription = log.record(left.combineLatest(with: right).map { "\($0)\($1)" }) { event in
                if case .next("11") = event { right.sendNext(2) }
            }
            left.sendNext(1)
            right.sendNext(1)
            left.sendNext(3)
            #expect(log.values == ["11", "12", "32"])
            // The subscriber captures an input: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakRight == nil)
    }

    @Test("zip: a pair's callback sending into both inputs gets the next pair nested")
    func zipReentrant() {
        weak var weakLeft: Subject<Int, Never>?
        weak var weakRight: Subject<Int, Never>?
        do {
            let left = Subject<Int, Never>()
            let right = Subject<Int, Never>()
            (weakLeft, weakRight) = (left, right)
            let log = EventLog<String, Never>()
            let subscription = log.record(left.zip(with: right).map { "\($0)\($1)" }) { event in
                if case .next("11") = event {
                    left.sendNext(2)
                    right.sendNext(2)
                }
            }
            left.sendNext(1)
            right.sendNext(1)
            #expect(log.values == ["11", "22"])
            // The subscriber captures both inputs: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakLeft == nil)
        #expect(weakRight == nil)
    }

    @Test("combine chains release every input after completion")
    func released() throws {
        let scheduler = TestScheduler(checksRelease: true)
        weak var weakToken: OpToken?
        weak var weakA: TestSignal<String, Never>?
        weak var weakB: TestSignal<String, Never>?
        do {
            let token = OpToken()
            weakToken = token
            let a = try scheduler.createColdSignal("-a-b|")
            let b = try scheduler.createColdSignal("--x-|")
            weakA = a
            weakB = b
            let chain = a.combineLatest(with: b).map { $0 + $1 }
                .zip(with: a.merge(b).startWith("s"))
                .map { pair in withExtendedLifetime(token) { pair.0 + pair.1 } }
                .sample(a.concat(b))
                .then { Signal(value: "t") }
            try scheduler.expect(chain, toEmit: "----(t|)")
        }
        #expect(weakToken == nil)
        #expect(weakA == nil)
        #expect(weakB == nil)
    }
}
