import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Threading operators on a TestScheduler, marble-tested", .checksRelease)
struct MarbleThreadingTests {
    let scheduler = TestScheduler(checksRelease: true)

    @Test("deliver(on:) passes every event through the scheduler, in order, in the frame it was sent")
    func deliverOn() throws {
        for marbleCase in [
            MarbleCase("-a-(bc)-|", "-a-(bc)-|", ["^----!"]),
            MarbleCase("--|", "--|", ["^-!"]),
            MarbleCase("-a-#", "-a-#", ["^--!"]),
            MarbleCase("-a-b-|", "-a-", ["^--!"], disposeAt: 3),
        ] {
            let scheduler = TestScheduler(checksRelease: true)
            let source = try scheduler.createColdSignal(marbleCase.source, error: Boom())
            try scheduler.expect(
                source.deliver(on: scheduler), toEmit: marbleCase.expected, error: Boom(),
                disposeAt: marbleCase.disposeAt)
            try scheduler.expect(source, toHaveSubscriptions: marbleCase.subscriptions)
        }
    }

    @Test("deliver(on:) holds a synchronous signal's events until the scheduler runs")
    func deliverOnHoldsEvents() throws {
        let recorder = scheduler.record(Signal<String, Never>(value: "a").deliver(on: scheduler))
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: .zero)
        #expect(try recorder.events == recordedEvents("(a|)"))
        expectReleased(recorder, "the deliver(on:) subscription")
    }

    @Test("deliver(on:) drops the events still queued when the subscription is disposed")
    func deliverOnDisposedWhileQueued() throws {
        let sent = Subject<String, Never>()
        let recorder = scheduler.record(sent.deliver(on: scheduler))
        sent.sendNext("a")
        sent.sendNext("b")
        recorder.dispose()
        scheduler.run()
        #expect(recorder.events.isEmpty)
        #expect(sent.subscriberCount == 0)
        expectReleased(recorder, "the disposed deliver(on:) subscription")
    }

    @Test("subscribe(on:) subscribes when the scheduler runs; events are not moved")
    func subscribeOn() throws {
        let source = try scheduler.createColdSignal("-a-b-|")
        let recorder = scheduler.record(source.subscribe(on: scheduler))
        try scheduler.expect(source, toHaveSubscriptions: [])
        scheduler.advance(by: .zero)
        try scheduler.expect(source, toHaveSubscriptions: ["^"])
        scheduler.run()
        #expect(try recorder.events == recordedEvents("-a-b-|"))
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
        expectReleased(recorder, "the subscribe(on:) subscription")
    }

    @Test("subscribe(on:) of a late subscription, an empty and a failing source, and disposal")
    func subscribeOnCases() throws {
        for marbleCase in [
            MarbleCase("-a-b-|", "-a-b-|", ["^----!"]),
            MarbleCase("--|", "--|", ["^-!"]),
            MarbleCase("-a-#", "-a-#", ["^--!"]),
            MarbleCase("-a-b-|", "-a-", ["^--!"], disposeAt: 3),
        ] {
            let scheduler = TestScheduler(checksRelease: true)
            let source = try scheduler.createColdSignal(marbleCase.source, error: Boom())
            try scheduler.expect(
                source.subscribe(on: scheduler), toEmit: marbleCase.expected, error: Boom(),
                disposeAt: marbleCase.disposeAt)
            try scheduler.expect(source, toHaveSubscriptions: marbleCase.subscriptions)
        }
    }

    @Test("subscribe(on:) disposed before the scheduler runs never subscribes to the source")
    func subscribeOnDisposedFirst() throws {
        let source = try scheduler.createColdSignal("-a-|")
        let recorder = scheduler.record(source.subscribe(on: scheduler))
        recorder.dispose()
        scheduler.run()
        try scheduler.expect(source, toHaveSubscriptions: [])
        #expect(recorder.events.isEmpty)
        expectReleased(recorder, "the disposed subscribe(on:) subscription")
    }

    @Test("deliver(on:): a delivered value's callback may send into the source; it is queued behind")
    func deliverOnReentrant() {
        weak var weakSubject: Subject<Int, Never>?
        do {
            let subject = Subject<Int, Never>()
            weakSubject = subject
            let recorder = scheduler.record(
                subject.deliver(on: scheduler).doNext { value in
                    if value == 1 { subject.sendNext(2) }
                })
            subject.sendNext(1)
            scheduler.run()
            #expect(recorder.values == [1, 2])
            // The action captures the subject: disposing the subscription releases the chain.
            recorder.dispose()
        }
        #expect(weakSubject == nil)
    }

    @Test("threading chains are released after completion")
    func released() throws {
        weak var weakToken: OpToken?
        weak var weakSource: TestSignal<String, Never>?
        do {
            let token = OpToken()
            weakToken = token
            let source = try scheduler.createColdSignal("-a-|")
            weakSource = source
            let chain =
                source
                .subscribe(on: scheduler)
                .map { value in withExtendedLifetime(token) { value } }
                .deliver(on: scheduler)
            try scheduler.expect(chain, toEmit: "-a-|")
        }
        #expect(weakToken == nil)
        #expect(weakSource == nil)
    }
}
