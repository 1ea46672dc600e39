import RACOperators
import RACTestSupport
import RACTesting
import Testing

// The peers' names (Sources/RACOperators/PeerNames) cannot be called: what the compiler says to
// each is checked by scripts/peer-names-check.sh. These tests check the other half: what their
// messages tell to write instead does what the peer's operator does, and the peers' spellings
// that are also ours (a trailing closure, a default argument) still reach our operator.

/// Runs `body` with a scheduler of its own: `expect` runs its scheduler's clock on, so each
/// marble, which counts frames from zero, needs a fresh one.
private func onOwnScheduler(_ body: (TestScheduler) throws -> Void) throws {
    try body(TestScheduler(checksRelease: true))
}

@Suite("peers' names: what the compiler's messages say to write", .checksRelease)
struct PeerNamesTests {
    @Test(
        "RxSwift's and Combine's debounce is RAC's throttle: the last value once quiet, the held one on completion"
    )
    func debounceIsThrottle() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-a-b-----c-|")
        try scheduler.expect(source.throttle(scheduler.frames(3), on: scheduler), toEmit: "------b----(c|)")
    }

    @Test("RxSwift's throttle(latest: false) is rateLimit: the first value of each burst, at once")
    func throttleFirstIsRateLimit() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-a-b-c------d-e--|")
        try scheduler.expect(
            source.rateLimit(scheduler.frames(5), on: scheduler), toEmit: "-a----------d----|")
    }

    @Test(
        "RxSwift's default throttle (latest: true) is rateLimit(_:latest: true, on:): then the latest at each window's end"
    )
    func throttleLatestIsRateLimitLatest() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-a-b-c------d-e--|")
        try scheduler.expect(
            source.rateLimit(scheduler.frames(5), latest: true, on: scheduler),
            toEmit: "-a----c-----d----(e|)")
    }

    @Test("catchAndReturn and replaceError(with:): catch(to: Signal(value:)) sends the value and completes")
    func catchAndReturn() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-a-#", error: TestError(1))
        try scheduler.expect(source.catch(to: Signal<String, Never>(value: "x")), toEmit: "-a-(x|)")
    }

    @Test("withLatestFrom(other): withLatest(from:) then the second element")
    func withLatestFrom() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-a---b-|")
        let other = try scheduler.createColdSignal("--1-2---")
        try scheduler.expect(source.withLatest(from: other).map { $0.1 }, toEmit: "-----2-|")
    }

    @Test("flatMapLatest: map then switchToLatest; concatMap: map then concat")
    func flatMapLatestAndConcatMap() throws {
        // b arrives while a's inner signal runs: switchToLatest drops it, concat waits for it.
        try onOwnScheduler { scheduler in
            let source = try scheduler.createColdSignal("-a-b------|")
            let inner = { (name: String) in try! scheduler.createColdSignal("-\(name)-\(name)|") }
            try scheduler.expect(source.map(inner).switchToLatest(), toEmit: "--a-b-b---|")
        }
        try onOwnScheduler { scheduler in
            let source = try scheduler.createColdSignal("-a-b------|")
            let inner = { (name: String) in try! scheduler.createColdSignal("-\(name)-\(name)|") }
            try scheduler.expect(source.map(inner).concat(), toEmit: "--a-a-b-b-|")
        }
    }

    @Test("startWith(a, b): Signal(values:) then concat; prepend(a): startWith(a)")
    func startWithSeveral() throws {
        try onOwnScheduler { scheduler in
            let source = try scheduler.createColdSignal("-c|")
            try scheduler.expect(Signal(values: ["a", "b"]).concat(source), toEmit: "(ab)c|")
        }
        try onOwnScheduler { scheduler in
            let source = try scheduler.createColdSignal("-c|")
            try scheduler.expect(source.startWith("a"), toEmit: "ac|")
        }
    }

    @Test("first(where:): filter then take(1); last(): takeLast(1)")
    func firstWhereAndLast() throws {
        try onOwnScheduler { scheduler in
            let source = try scheduler.createColdSignal("-a-b-c-|")
            try scheduler.expect(source.filter { $0 != "a" }.take(1), toEmit: "---(b|)")
        }
        try onOwnScheduler { scheduler in
            let source = try scheduler.createColdSignal("-a-b-c-|")
            try scheduler.expect(source.takeLast(1), toEmit: "-------(c|)")
        }
    }

    @Test("ReactiveSwift's combinePrevious(initial): combinePrevious(initial) { ($0, $1) }")
    func combinePreviousPairs() {
        let log = EventLog<String, Never>()
        log.record(Signal(values: [1, 2, 3]).combinePrevious(0) { ($0, $1) }.map { "\($0.0)\($0.1)" })
        #expect(log.events == [.next("01"), .next("12"), .next("23"), .completed])
    }

    @Test("ReactiveSwift's take(during: lifetime): take(until: lifetime.ended)")
    func takeDuringLifetime() {
        let source = Subject<Int, Never>()
        let log = EventLog<Int, Never>()
        var token: Lifetime.Token?
        do {
            let (lifetime, made) = Lifetime.make()
            token = made
            log.record(source.take(until: lifetime.ended))
        }
        source.sendNext(1)
        token = nil
        source.sendNext(2)
        #expect(token == nil)
        #expect(log.events == [.next(1), .completed])
    }

    @Test("RxSwift's disposed(by:) and Combine's store(in:): the owner's Lifetime disposes the subscription")
    func disposedByLifetime() {
        let source = Subject<Int, Never>()
        let log = EventLog<Int, Never>()
        var token: Lifetime.Token?
        do {
            let (lifetime, made) = Lifetime.make()
            token = made
            lifetime += source.subscribe(log.subscriber())
        }
        source.sendNext(1)
        token = nil
        source.sendNext(2)
        #expect(token == nil)
        #expect(log.events == [.next(1)])
    }

    @Test("the peers' spellings that are also ours reach our operators")
    func sharedSpellings() throws {
        // RxSwift's trailing-closure distinctUntilChanged is ours with `by:`.
        try onOwnScheduler { scheduler in
            let source = try scheduler.createColdSignal("-a-a-b-|")
            try scheduler.expect(source.distinctUntilChanged { $0 == $1 }, toEmit: "-a---b-|")
        }
        // RxSwift's and ReactiveSwift's scan(into:) with a trailing closure is ours.
        try onOwnScheduler { scheduler in
            let source = try scheduler.createColdSignal("-a-a-b-|")
            try scheduler.expect(
                source.scan(into: "") { $0 += $1 }, toEmit: "-x-y-z-|",
                values: ["x": "a", "y": "aa", "z": "aab"])
        }
        // Combine's and RxSwift's share() (reference-counted, no replay) is ours with its defaults.
        try onOwnScheduler { scheduler in
            let source = try scheduler.createColdSignal("-a-a-b-|")
            try scheduler.expect(source.share(), toEmit: "-a-a-b-|")
        }
        // Combine's collect() is ours.
        try onOwnScheduler { scheduler in
            let source = try scheduler.createColdSignal("-a-a-b-|")
            try scheduler.expect(source.collect(), toEmit: "-------(x|)", values: ["x": ["a", "a", "b"]])
        }
        // subscribe() without closures is ours, not RxSwift's subscribe(onNext:…) with its defaults.
        let subscription = Signal<Int, Never>.never.subscribe()
        subscription.dispose()
        #expect(subscription.isDisposed)
    }
}
