import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Time operators on virtual time", .checksRelease)
struct TimeTests {
    @Test("throttle holds a value until the interval passes quietly; newer values replace it")
    func throttle() {
        let scheduler = VirtualTimeScheduler()
        let source = Subject<String, Never>()
        let log = EventLog<String, Never>(timedBy: scheduler)
        log.record(source.throttle(.milliseconds(30), on: scheduler))
        at(10, on: scheduler) { source.sendNext("a") }
        at(20, on: scheduler) { source.sendNext("b") }
        at(100, on: scheduler) { source.sendNext("c") }
        at(110, on: scheduler) { source.sendCompleted() }
        scheduler.run()
        #expect(log.matches([(50, .next("b")), (110, .next("c")), (110, .completed)]), "\(log.summary)")
    }

    @Test("throttle(valuesPassingTest:) sends failing values at once, dropping the held one")
    func throttlePredicate() {
        weak var weakScheduler: VirtualTimeScheduler?
        do {
            let scheduler = VirtualTimeScheduler()
            weakScheduler = scheduler
            let source = Subject<Int, Never>()
            let log = EventLog<Int, Never>(timedBy: scheduler)
            log.record(source.throttle(.milliseconds(30), on: scheduler, valuesPassingTest: { $0 % 2 == 0 }))
            at(10, on: scheduler) { source.sendNext(2) }
            at(20, on: scheduler) { source.sendNext(3) }
            at(30, on: scheduler) { source.sendNext(4) }
            scheduler.run()
            #expect(log.matches([(20, .next(3)), (60, .next(4))]), "\(log.summary)")
            // Completing the source ends the chain, which then lets the scheduler go.
            source.sendCompleted()
            scheduler.run()
        }
        #expect(weakScheduler == nil)
    }

    @Test("throttle forwards an error at once and drops the held value")
    func throttleError() {
        let scheduler = VirtualTimeScheduler()
        let source = Subject<Int, TestError>()
        let log = EventLog<Int, TestError>(timedBy: scheduler)
        log.record(source.throttle(.milliseconds(30), on: scheduler))
        at(10, on: scheduler) { source.sendNext(1) }
        at(20, on: scheduler) { source.sendError(TestError()) }
        scheduler.run()
        #expect(log.matches([(20, .error(TestError()))]), "\(log.summary)")
    }

    @Test("throttle of an empty signal just completes; disposal cancels the held value")
    func throttleEmptyAndDisposal() {
        let scheduler = VirtualTimeScheduler()
        let log = EventLog<Int, Never>(timedBy: scheduler)
        log.record(Signal<Int, Never>.empty.throttle(.milliseconds(5), on: scheduler))
        #expect(log.matches([(0, .completed)]))

        let source = Subject<Int, Never>()
        let disposedLog = EventLog<Int, Never>(timedBy: scheduler)
        let subscription = disposedLog.record(source.throttle(.milliseconds(30), on: scheduler))
        source.sendNext(1)
        subscription.dispose()
        scheduler.run()
        #expect(disposedLog.entries.isEmpty)
        #expect(source.subscriberCount == 0)
        #expect(scheduler.isEmpty)
    }

    @Test("delay shifts values and completion; errors pass at once")
    func delay() {
        let scheduler = VirtualTimeScheduler()
        let source = Subject<Int, TestError>()
        let log = EventLog<Int, TestError>(timedBy: scheduler)
        log.record(source.delay(.milliseconds(15), on: scheduler))
        at(10, on: scheduler) { source.sendNext(1) }
        at(20, on: scheduler) { source.sendNext(2) }
        at(30, on: scheduler) { source.sendCompleted() }
        scheduler.run()
        #expect(log.matches([(25, .next(1)), (35, .next(2)), (45, .completed)]), "\(log.summary)")

        let failing = Subject<Int, TestError>()
        let errorLog = EventLog<Int, TestError>(timedBy: scheduler)
        errorLog.record(failing.delay(.milliseconds(15), on: scheduler))
        failing.sendNext(1)
        failing.sendError(TestError())
        scheduler.run()
        #expect(errorLog.entries.count == 1)
        #expect(errorLog.entries.first?.1 == .error(TestError()))
    }

    @Test("disposing a delayed signal cancels what is still waiting")
    func delayDisposal() {
        let scheduler = VirtualTimeScheduler()
        let log = EventLog<Int, Never>(timedBy: scheduler)
        let subscription = log.record(
            Signal<Int, Never>(values: [1, 2]).delay(.milliseconds(10), on: scheduler))
        #expect(scheduler.pendingActionCount == 3)
        subscription.dispose()
        scheduler.run()
        #expect(log.entries.isEmpty)
    }

    @Test("buffer(for:on:) batches values from the first of each batch; completion flushes")
    func buffer() {
        let scheduler = VirtualTimeScheduler()
        let source = Subject<Int, Never>()
        let log = EventLog<[Int], Never>(timedBy: scheduler)
        log.record(source.buffer(for: .milliseconds(40), on: scheduler))
        at(10, on: scheduler) { source.sendNext(1) }
        at(20, on: scheduler) { source.sendNext(2) }
        at(70, on: scheduler) { source.sendNext(3) }
        at(80, on: scheduler) { source.sendCompleted() }
        scheduler.run()
        #expect(log.matches([(50, .next([1, 2])), (80, .next([3])), (80, .completed)]), "\(log.summary)")

        let emptyLog = EventLog<[Int], Never>(timedBy: scheduler)
        emptyLog.record(Signal<Int, Never>.empty.buffer(for: .milliseconds(5), on: scheduler))
        #expect(emptyLog.entries.map(\.1) == [.completed])
    }

    @Test("buffer drops the pending batch on error")
    func bufferError() {
        let scheduler = VirtualTimeScheduler()
        let source = Subject<Int, TestError>()
        let log = EventLog<[Int], TestError>(timedBy: scheduler)
        log.record(source.buffer(for: .milliseconds(40), on: scheduler))
        source.sendNext(1)
        source.sendError(TestError())
        scheduler.run()
        #expect(log.entries.map(\.1) == [.error(TestError())])
    }

    @Test("timeout fails if the signal has not terminated in time, and disposes it")
    func timeout() {
        let scheduler = VirtualTimeScheduler()
        var disposed = false
        let source = Subject<Int, Never>()
        let watched = Signal<Int, Never> { subscriber in
            CompoundDisposable([source.subscribe(subscriber), ActionDisposable { disposed = true }])
        }
        let log = EventLog<Int, TimeoutError>(timedBy: scheduler)
        log.record(watched.timeout(.milliseconds(50), on: scheduler))
        at(10, on: scheduler) { source.sendNext(1) }
        scheduler.run()
        #expect(
            log.matches([(10, .next(1)), (50, .error(TimeoutError(interval: .milliseconds(50))))]),
            "\(log.summary)")
        #expect(disposed)
    }

    @Test("timeout passes through a signal that ends in time, and cancels its timer")
    func timeoutNotReached() {
        let scheduler = VirtualTimeScheduler()
        let source = Subject<Int, TestError>()
        let log = EventLog<Int, TestError>(timedBy: scheduler)
        log.record(source.timeout(.milliseconds(50), on: scheduler, raising: TestError()))
        at(10, on: scheduler) { source.sendNext(1) }
        at(20, on: scheduler) { source.sendCompleted() }
        scheduler.run()
        #expect(log.matches([(10, .next(1)), (20, .completed)]), "\(log.summary)")
        #expect(scheduler.now == .milliseconds(20))
    }

    @Test("interval ticks every period until disposed")
    func interval() {
        let scheduler = VirtualTimeScheduler()
        let log = EventLog<Int, Never>(timedBy: scheduler)
        let subscription = log.record(Signal.interval(.milliseconds(10), on: scheduler))
        scheduler.advance(by: .milliseconds(35))
        subscription.dispose()
        scheduler.advance(by: .milliseconds(100))
        #expect(log.matches([(10, .next(0)), (20, .next(1)), (30, .next(2))]), "\(log.summary)")
        #expect(scheduler.isEmpty)
    }

    @Test("a time chain and its captured objects are released after disposal")
    func deallocation() {
        let scheduler = VirtualTimeScheduler()
        weak var weakSource: Subject<Int, Never>?
        do {
            let source = Subject<Int, Never>()
            weakSource = source
            let subscription = source.throttle(.milliseconds(10), on: scheduler)
                .delay(.milliseconds(5), on: scheduler)
                .buffer(for: .milliseconds(20), on: scheduler)
                .observe { _ in }
            source.sendNext(1)
            scheduler.advance(by: .milliseconds(12))
            subscription.dispose()
        }
        scheduler.run()
        #expect(weakSource == nil)
    }

    @Test("bad intervals and an immediate scheduler stop with a message naming the call and value")
    func programmerErrors() async {
        let zeroBuffer = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.buffer(for: .zero, on: VirtualTimeScheduler())
        }
        let bufferMessage = String(decoding: zeroBuffer?.standardErrorContent ?? [], as: UTF8.self)
        #expect(bufferMessage.contains("buffer(for:on:)"))
        #expect(bufferMessage.contains("0"))

        let negativeDelay = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.delay(.seconds(-1), on: VirtualTimeScheduler())
        }
        let delayMessage = String(decoding: negativeDelay?.standardErrorContent ?? [], as: UTF8.self)
        #expect(delayMessage.contains("delay(_:on:)"))
        #expect(delayMessage.contains("-1"))

        let immediate = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal.interval(.seconds(1), on: Scheduler.immediate)
        }
        let immediateMessage = String(decoding: immediate?.standardErrorContent ?? [], as: UTF8.self)
        #expect(immediateMessage.contains("Signal.interval(_:on:leeway:)"))
        #expect(immediateMessage.contains("ImmediateScheduler"))
    }

    @Test("throttle sends a value once the interval passes without a newer one; completion flushes")
    func throttles() throws {
        try expectTimedMarbles(
            { $0.throttle($1.frames(3), on: $1) }, output: letters, error: TestError(1),
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
        try expectTimedMarbles(
            { $0.throttle($1.frames(3), on: $1, valuesPassingTest: { $0 == $0.lowercased() }) },
            output: letters, error: TestError(1),
            [
                MarbleCase("-a-B-c---|", "---B----c|", ["^--------!"]),
                MarbleCase("-A-B-|", "-A-B-|", ["^----!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-B-c-#", "---B---#", ["^------!"]),
                MarbleCase("-a-B-c---|", "---B-", ["^----!"], disposeAt: 5),
            ])
    }

    @Test("delay shifts values and completion; an error is sent at once")
    func delays() throws {
        try expectTimedMarbles(
            { $0.delay($1.frames(2), on: $1) }, output: letters, error: TestError(1),
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
    func buffers() throws {
        let batches: [String: [String]] = ["x": ["a", "b"], "y": ["c"], "z": ["a"]]
        try expectTimedMarbles(
            { $0.buffer(for: $1.frames(4), on: $1) }, output: batches, error: TestError(1),
            [
                MarbleCase("-a-b------c--|", "-----x-------(y|)", ["^------------!"]),
                MarbleCase("-a-|", "---(z|)", ["^--!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("-a-b------c--|", "----", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("timeout fails with TimeoutError if the signal has not ended in time, disposing it")
    func timeouts() throws {
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
        try expectTimedMarbles(
            { $0.timeout($1.frames(5), on: $1, raising: TestError(9)) }, output: letters, error: TestError(9),
            [
                MarbleCase("-a-b------|", "-a-b-#", ["^----!"]),
                MarbleCase("-a-|", "-a-|", ["^--!"]),
            ])
        try expectTimedMarbles(
            { $0.timeout($1.frames(5), on: $1, raising: TestError(9)) }, output: letters, error: TestError(1),
            [MarbleCase("-a-#", "-a-#", ["^--!"])])
    }

    @Test("Signal.interval ticks every interval from one interval after subscription, until disposed")
    func intervals() throws {
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
        try expectChainReleased(on: scheduler, source: "-a-b-c-|") { source, token in
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
        #expect(scheduler.isEmpty)
    }
}
