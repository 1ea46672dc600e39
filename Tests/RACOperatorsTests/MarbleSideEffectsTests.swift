import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// The pass-through cases: side-effect operators never change the events.
private let unchanged = [
    MarbleCase("-a-b-|", "-a-b-|", ["^----!"]),
    MarbleCase("--|", "--|", ["^-!"]),
    MarbleCase("-a-#", "-a-#", ["^--!"]),
    MarbleCase("-a-b-|", "-a-", ["^--!"], disposeAt: 3),
]

@Suite("Side-effect operators, marble-tested", .checksRelease)
struct MarbleSideEffectsTests {
    let scheduler = TestScheduler(checksRelease: true)

    @Test("doNext, doError, doCompleted, initially, finally and the log operators change no event")
    func passThrough() throws {
        try expectMarbles({ $0.doNext { _ in } }, unchanged)
        try expectMarbles({ $0.doError { _ in } }, unchanged)
        try expectMarbles({ $0.doCompleted {} }, unchanged)
        try expectMarbles({ $0.initially {} }, unchanged)
        try expectMarbles({ $0.finally {} }, unchanged)
        try expectMarbles({ $0.logAll(to: { _ in }) }, unchanged)
        try expectMarbles({ $0.logNext(to: { _ in }) }, unchanged)
        try expectMarbles({ $0.logError(to: { _ in }) }, unchanged)
        try expectMarbles({ $0.logCompleted(to: { _ in }) }, unchanged)
    }

    /// Subscribes to `signal` with a subscriber that writes `got …@frame` lines into `lines`, and
    /// runs the scheduler. The subscription must end, and be released, by the end of the test.
    private func run(
        _ signal: Signal<String, Boom>, into lines: Lines, disposeAt: Int? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let observed = signal.doNext { [scheduler] in lines.append("got \($0)@\(scheduler.currentFrame)") }
            .doError { [scheduler] _ in lines.append("got #@\(scheduler.currentFrame)") }
            .doCompleted { [scheduler] in lines.append("got |@\(scheduler.currentFrame)") }
        let recorder = scheduler.record(observed, disposeAt: disposeAt)
        scheduler.run()
        expectReleased(recorder, "the subscription of run(_:into:)", sourceLocation: sourceLocation)
    }

    @Test("doNext runs its action for each value, in the value's frame, just before forwarding it")
    func doNext() throws {
        let lines = Lines()
        let source = try scheduler.createColdSignal("-a-b-|", error: Boom())
        try run(
            source.doNext { [scheduler] in lines.append("do \($0)@\(scheduler.currentFrame)") }, into: lines)
        #expect(lines.all == ["do a@1", "got a@1", "do b@3", "got b@3", "got |@5"])
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
    }

    @Test("doError runs its action just before the error; not for values or completion")
    func doError() throws {
        let lines = Lines()
        let failing = try scheduler.createColdSignal("-a-#", error: Boom())
        try run(
            failing.doError { [scheduler] in lines.append("do \($0)@\(scheduler.currentFrame)") }, into: lines
        )
        #expect(lines.all == ["got a@1", "do Boom(1)@3", "got #@3"])

        let quiet = Lines()
        let completing = try scheduler.createColdSignal("-a-|", error: Boom())
        try run(completing.doError { _ in quiet.append("do") }, into: quiet)
        #expect(quiet.all == ["got a@4", "got |@6"])
    }

    @Test("doCompleted runs its action just before the completion; not for an error")
    func doCompleted() throws {
        let lines = Lines()
        let source = try scheduler.createColdSignal("-a-|", error: Boom())
        try run(
            source.doCompleted { [scheduler] in lines.append("do |@\(scheduler.currentFrame)") }, into: lines)
        #expect(lines.all == ["got a@1", "do |@3", "got |@3"])

        let quiet = Lines()
        let failing = try scheduler.createColdSignal("-#", error: Boom())
        try run(failing.doCompleted { quiet.append("do") }, into: quiet)
        #expect(quiet.all == ["got #@4"])
    }

    @Test("initially runs its action at each subscription, before the source is subscribed")
    func initially() throws {
        let lines = Lines()
        let source = try scheduler.createColdSignal("-a|", error: Boom())
        let signal = source.initially { [scheduler] in
            lines.append("initially@\(scheduler.currentFrame), \(source.subscriptions.count) subscribed")
        }
        expectReleased(scheduler.record(signal), "the first subscription")
        scheduler.advance(toFrame: 3)
        expectReleased(scheduler.record(signal), "the second subscription")
        scheduler.run()
        #expect(lines.all == ["initially@0, 0 subscribed", "initially@3, 1 subscribed"])
        try scheduler.expect(source, toHaveSubscriptions: ["^-!", "---^-!"])
    }

    @Test("finally runs at completion and at an error, not when the subscription is disposed")
    func finally() throws {
        let lines = Lines()
        let completing = try scheduler.createColdSignal("-a-|", error: Boom())
        try run(
            completing.finally { [scheduler] in lines.append("finally@\(scheduler.currentFrame)") },
            into: lines)
        #expect(lines.all == ["got a@1", "finally@3", "got |@3"])

        let afterError = Lines()
        let failing = try scheduler.createColdSignal("-#", error: Boom())
        try run(
            failing.finally { [scheduler] in afterError.append("finally@\(scheduler.currentFrame)") },
            into: afterError)
        #expect(afterError.all == ["finally@4", "got #@4"])

        let disposed = Lines()
        let long = try scheduler.createColdSignal("-a-b-|", error: Boom())
        try run(long.finally { disposed.append("finally") }, into: disposed, disposeAt: 6)
        #expect(disposed.all == ["got a@5"])
        try scheduler.expect(long, toHaveSubscriptions: ["----^-!"])
    }

    @Test("logAll, logNext, logError and logCompleted write the events they cover, naming the signal")
    func log() throws {
        let source = try scheduler.createColdSignal("-a-|", error: Boom())
        let failing = try scheduler.createColdSignal("-a-#", error: Boom())
        let named = source.named("s")
        let namedFailing = failing.named("f")
        func lines(_ make: (@escaping (String) -> Void) -> Signal<String, Boom>) throws -> [String] {
            let lines = Lines()
            expectReleased(scheduler.record(make { lines.append($0) }), "the log operator's subscription")
            scheduler.run()
            return lines.all
        }
        let prefix = "<Signal<String, Boom>: s>"
        let failingPrefix = "<Signal<String, Boom>: f>"
        #expect(try lines { named.logAll(to: $0) } == ["\(prefix) next: a", "\(prefix) completed"])
        #expect(
            try lines { namedFailing.logAll(to: $0) } == [
                "\(failingPrefix) next: a", "\(failingPrefix) error: Boom(1)",
            ])
        #expect(try lines { named.logNext(to: $0) } == ["\(prefix) next: a"])
        #expect(try lines { namedFailing.logError(to: $0) } == ["\(failingPrefix) error: Boom(1)"])
        #expect(try lines { named.logError(to: $0) } == [])
        #expect(try lines { named.logCompleted(to: $0) } == ["\(prefix) completed"])
        #expect(try lines { namedFailing.logCompleted(to: $0) } == [])
    }
}

@Suite("Side-effect operators: reentrancy and release", .checksRelease)
struct MarbleSideEffectsReentrancyTests {
    @Test("doNext: a value the action sends into the source is forwarded first, nested, as in RAC")
    func doNextReentrant() {
        weak var weakSubject: Subject<Int, Never>?
        do {
            let subject = Subject<Int, Never>()
            weakSubject = subject
            let lines = Lines()
            let log = EventLog<Int, Never>()
            let subscription = log.record(
                subject.doNext { value in
                    lines.append("do \(value)")
                    if value == 1 { subject.sendNext(2) }
                })
            subject.sendNext(1)
            #expect(lines.all == ["do 1", "do 2"])
            #expect(log.values == [2, 1])
            // The action captures the subject: disposing the subscription releases the chain.
            subscription.dispose()
        }
        #expect(weakSubject == nil)
    }

    @Test("finally: the action may send into the source without deadlock; nothing more arrives")
    func finallyReentrant() {
        let subject = Subject<Int, Never>()
        let log = EventLog<Int, Never>()
        log.record(subject.finally { subject.sendNext(9) })
        subject.sendNext(1)
        subject.sendCompleted()
        #expect(log.events == [.next(1), .completed])
    }

    @Test("a side-effect chain is released after its source completes")
    func released() throws {
        let scheduler = TestScheduler(checksRelease: true)
        weak var weakToken: OpToken?
        weak var weakSource: TestSignal<String, Never>?
        do {
            let token = OpToken()
            weakToken = token
            let source = try scheduler.createColdSignal("-a-|")
            weakSource = source
            let chain =
                source
                .initially { withExtendedLifetime(token) {} }
                .doNext { _ in withExtendedLifetime(token) {} }
                .doCompleted { withExtendedLifetime(token) {} }
                .finally { withExtendedLifetime(token) {} }
                .logAll(to: { _ in withExtendedLifetime(token) {} })
            try scheduler.expect(chain, toEmit: "-a-|")
        }
        #expect(weakToken == nil)
        #expect(weakSource == nil)
    }
}
