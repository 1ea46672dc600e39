import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// Runs `cases` like `expectMarbles`, handing `apply` the case's own scheduler (the time operators
/// need it).
private func expectTimed<Output: Equatable, OutputFailure: Equatable>(
    _ apply: (Signal<String, Boom>, TestScheduler) -> Signal<Output, OutputFailure>,
    output: [String: Output],
    error: OutputFailure?,
    _ cases: [MarbleCase],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    for marbleCase in cases {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal(marbleCase.source, values: letters, error: Boom())
        try scheduler.expect(
            apply(source, scheduler), toEmit: marbleCase.expected, values: output, error: error,
            disposeAt: marbleCase.disposeAt, sourceLocation: sourceLocation)
        try scheduler.expect(
            source, toHaveSubscriptions: marbleCase.subscriptions, sourceLocation: sourceLocation)
        #expect(scheduler.isEmpty, "a timer was left scheduled", sourceLocation: sourceLocation)
    }
}

@Suite("Time operators on a TestScheduler, marble-tested", .checksRelease)
struct MarbleTimeTests {
    @Test("throttle sends a value once the interval passes without a newer one; completion flushes")
    func throttle() throws {
        try expectTimed(
            { $0.throttle($1.frames(3), on: $1) }, output: letters, error: Boom(),
            [
                MarbleCase("-a-b-----c-|", "------b----(c|)", ["^----------!"]),
                MarbleCase("-a---b---|", "----a---b|", ["^--------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("-a-b-----c-|", "-----", ["^----!"], disposeAt: 5),
            ])
    }

    @Test("throttle(valuesPassingTest:) sends failing values at once and drops the held one")
    func throttlePassingTest() throws {
        try expectTimed(
            { $0.throttle($1.frames(3), on: $1, valuesPassingTest: { $0 == $0.lowercased() }) },
            output: letters, error: Boom(),
            [
                MarbleCase("-a-B-c---|", "---B----c|", ["^--------!"]),
                MarbleCase("-A-B-|", "-A-B-|", ["^----!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-B-c-#", "---B---#", ["^------!"]),
                MarbleCase("-a-B-c---|", "---B-", ["^----!"], disposeAt: 5),
            ])
    }

    @Test("delay shifts values and completion; an error is sent at once")
    func delay() throws {
        try expectTimed(
            { $0.delay($1.frames(2), on: $1) }, output: letters, error: Boom(),
            [
                MarbleCase("-a-b-|", "---a-b-|", ["^----!"]),
                MarbleCase("-(ab)-|", "---(ab)-|", ["^--!"]),
                MarbleCase("--|", "----|", ["^-!"]),
                MarbleCase("-a--#", "---a#", ["^---!"]),
                MarbleCase("-#", "-#", ["^!"]),
                MarbleCase("-a-b-|", "---a", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("buffer(for:on:) sends a batch an interval after its first value; completion flushes")
    func buffer() throws {
        let batches: [String: [String]] = ["x": ["a", "b"], "y": ["c"], "z": ["a"]]
        try expectTimed(
            { $0.buffer(for: $1.frames(4), on: $1) }, output: batches, error: Boom(),
            [
                MarbleCase("-a-b------c--|", "-----x-------(y|)", ["^------------!"]),
                MarbleCase("-a-|", "---(z|)", ["^--!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("-a-b------c--|", "----", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("timeout fails with TimeoutError if the signal has not ended in time, disposing it")
    func timeout() throws {
        for marbleCase in [
            MarbleCase("-a-b------|", "-a-b-#", ["^----!"]),
            MarbleCase("-a-|", "-a-|", ["^--!"]),
            MarbleCase("--|", "--|", ["^-!"]),
            MarbleCase("-a-b------|", "-a-", ["^--!"], disposeAt: 3),
        ] {
            let scheduler = TestScheduler(checksRelease: true)
            let source = try scheduler.createColdSignal(marbleCase.source)
            try scheduler.expect(
                source.timeout(scheduler.frames(5), on: scheduler), toEmit: marbleCase.expected,
                values: letters,
                error: TimeoutError(interval: scheduler.frames(5)), disposeAt: marbleCase.disposeAt)
            try scheduler.expect(source, toHaveSubscriptions: marbleCase.subscriptions)
            #expect(scheduler.isEmpty)
        }
    }

    @Test("timeout(_:on:raising:) fails with the given error, and forwards the source's own error")
    func timeoutRaising() throws {
        try expectTimed(
            { $0.timeout($1.frames(5), on: $1, raising: Boom(9)) }, output: letters, error: Boom(9),
            [
                MarbleCase("-a-b------|", "-a-b-#", ["^----!"]),
                MarbleCase("-a-|", "-a-|", ["^--!"]),
            ])
        try expectTimed(
            { $0.timeout($1.frames(5), on: $1, raising: Boom(9)) }, output: letters, error: Boom(1),
            [MarbleCase("-a-#", "-a-#", ["^--!"])])
    }

    @Test("Signal.interval ticks every interval from one interval after subscription, until disposed")
    func interval() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let ticks = ["0": 0, "1": 1, "2": 2, "3": 3]
        try scheduler.expect(
            Signal.interval(scheduler.frames(2), on: scheduler), toEmit: "--0-1-2-3", values: ticks,
            disposeAt: 9)
        #expect(scheduler.isEmpty)
        try scheduler.expect(
            Signal.interval(scheduler.frames(3), on: scheduler, leeway: scheduler.frames(1)),
            toEmit: "------------0--1", values: ticks, disposeAt: 16)
        #expect(scheduler.isEmpty)
    }
}

@Suite("Time operators: reentrancy and release", .checksRelease)
struct MarbleTimeReentrancyTests {
    @Test("throttle: a value the subscriber sends back when a held value is flushed is throttled too")
    func throttleReentrant() {
        weak var weakSubject: Subject<String, Never>?
        weak var weakScheduler: TestScheduler?
        do {
            let scheduler = TestScheduler(checksRelease: true)
            weakScheduler = scheduler
            let subject = Subject<String, Never>()
            weakSubject = subject
            let recorder = scheduler.record(
                subject.throttle(scheduler.frames(2), on: scheduler).doNext { value in
                    if value == "a" { subject.sendNext("b") }
                })
            subject.sendNext("a")
            scheduler.run()
            #expect(recorder.values == ["a", "b"])
            #expect(recorder.events.map(\.time) == [scheduler.frames(2), scheduler.frames(4)])
            #expect(scheduler.isEmpty)
            // The action captures the subject: disposing the subscription releases the chain.
            recorder.dispose()
        }
        #expect(weakSubject == nil)
        #expect(weakScheduler == nil)
    }

    @Test("delay: a subscriber that disposes from a delayed value's callback cancels the rest")
    func delayDisposedFromCallback() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-a-b-c-|")
        let log = EventLog<String, Never>()
        var subscription: (any Disposable)?
        subscription = log.record(source.delay(scheduler.frames(1), on: scheduler)) { event in
            if case .next("b") = event { subscription?.dispose() }
        }
        scheduler.run()
        #expect(log.events == [.next("a"), .next("b")])
        try scheduler.expect(source, toHaveSubscriptions: ["^---!"])
        #expect(scheduler.isEmpty)
    }

    @Test("time chains release the source, the closures and the timers once done or disposed")
    func released() throws {
        let scheduler = TestScheduler(checksRelease: true)
        weak var weakToken: OpToken?
        weak var weakSource: TestSignal<String, Never>?
        do {
            let token = OpToken()
            weakToken = token
            let source = try scheduler.createColdSignal("-a-b-c-|")
            weakSource = source
            let chain =
                source
                .throttle(
                    scheduler.frames(1), on: scheduler,
                    valuesPassingTest: { _ in withExtendedLifetime(token) { true } }
                )
                .delay(scheduler.frames(1), on: scheduler)
                .buffer(for: scheduler.frames(3), on: scheduler)
                .map { $0.joined() }
                .timeout(scheduler.frames(20), on: scheduler)
            try scheduler.expect(chain, toEmit: "------{ab}-(c|)", values: ["ab": "ab", "c": "c"])
            let ticks = Signal.interval(scheduler.frames(1), on: scheduler).map { tick in
                withExtendedLifetime(token) { tick }
            }
            try scheduler.expect(ticks, toEmit: "---------0", values: ["0": 0], disposeAt: 10)
        }
        #expect(weakToken == nil)
        #expect(weakSource == nil)
        #expect(scheduler.isEmpty)
    }
}
