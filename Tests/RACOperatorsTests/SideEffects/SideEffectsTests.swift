import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// Subscribes to `signal`, writing each event into `lines` after the operator's own entries.
@discardableResult
private func recordLines(_ signal: Signal<Int, TestError>, into lines: Log<String>) -> any Disposable {
    signal.observe { event in lines.append("event \(event)") }
}

/// The pass-through cases: side-effect operators never change the events.
private let unchanged = [
    MarbleCase("-a-b-|", "-a-b-|", ["^----!"]),
    MarbleCase("--|", "--|", ["^-!"]),
    MarbleCase("-a-#", "-a-#", ["^--!"]),
    MarbleCase("-a-b-|", "-a-", ["^--!"], disposeAt: 3),
]

@Suite("Side-effect operators", .checksRelease)
struct SideEffectsTests {
    @Test("doNext runs before each value is forwarded; errors and completion pass")
    func doNext() {
        let lines = Log<String>()
        recordLines(numbers([1, 2]).doNext { lines.append("action \($0)") }, into: lines)
        #expect(lines.all == ["action 1", "event next(1)", "action 2", "event next(2)", "event completed"])
        let failed = Log<String>()
        recordLines(failing(after: [1]).doNext { failed.append("action \($0)") }, into: failed)
        #expect(failed.all == ["action 1", "event next(1)", "event error(TestError(1))"])
        let empty = Log<String>()
        recordLines(numbers([]).doNext { empty.append("action \($0)") }, into: empty)
        #expect(empty.all == ["event completed"])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.doNext { _ in } })
    }

    @Test("doNext runs for each subscription and for reentrant values, in order")
    func doNextReentrancy() {
        weak var weakSubject: Subject<Int, TestError>?
        do {
            let subject = Subject<Int, TestError>()
            weakSubject = subject
            let lines = Log<String>()
            let tapped = subject.doNext { lines.append("action \($0)") }
            let subscription = tapped.observe { event in
                lines.append("event \(event)")
                if event == .next(1) { subject.sendNext(2) }
            }
            subject.sendNext(1)
            #expect(lines.all == ["action 1", "event next(1)", "action 2", "event next(2)"])
            // The subscriber captures the subject: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakSubject == nil)
    }

    @Test("doError runs before the error is forwarded, only on error")
    func doError() {
        let lines = Log<String>()
        recordLines(failing(after: [1], 3).doError { lines.append("action \($0)") }, into: lines)
        #expect(lines.all == ["event next(1)", "action TestError(3)", "event error(TestError(3))"])
        let completed = Log<String>()
        recordLines(numbers([1]).doError { completed.append("action \($0)") }, into: completed)
        #expect(completed.all == ["event next(1)", "event completed"])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.doError { _ in } })
    }

    @Test("doCompleted runs before the completion is forwarded, only on completion")
    func doCompleted() {
        let lines = Log<String>()
        recordLines(numbers([1]).doCompleted { lines.append("action") }, into: lines)
        #expect(lines.all == ["event next(1)", "action", "event completed"])
        let empty = Log<String>()
        recordLines(numbers([]).doCompleted { empty.append("action") }, into: empty)
        #expect(empty.all == ["action", "event completed"])
        let failed = Log<String>()
        recordLines(failing(after: []).doCompleted { failed.append("action") }, into: failed)
        #expect(failed.all == ["event error(TestError(1))"])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.doCompleted {} })
    }

    @Test("initially runs at each subscription, before the source is subscribed")
    func initially() {
        let probe = ProbeSource<Int, TestError>()
        let lines = Log<String>()
        let signal = probe.signal.initially {
            lines.append("initially, subscriptions: \(probe.subscriptions)")
        }
        #expect(lines.all.isEmpty)
        let log = EventLog.of(signal)
        _ = EventLog.of(signal)
        #expect(lines.all == ["initially, subscriptions: 0", "initially, subscriptions: 1"])
        probe.sendNext(1)
        probe.sendCompleted()
        #expect(log.events == [.next(1), .completed])
        #expect(eventsOf(failing(after: []).initially {}) == [.error(TestError(1))])
        #expect(eventsOf(numbers([]).initially {}) == [.completed])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.initially {} })
    }

    @Test("finally runs before completion or error is forwarded, not on disposal")
    func finally() {
        let lines = Log<String>()
        recordLines(numbers([1]).finally { lines.append("finally") }, into: lines)
        #expect(lines.all == ["event next(1)", "finally", "event completed"])
        let failed = Log<String>()
        recordLines(failing(after: [1]).finally { failed.append("finally") }, into: failed)
        #expect(failed.all == ["event next(1)", "finally", "event error(TestError(1))"])

        let probe = ProbeSource<Int, TestError>()
        let disposed = Log<String>()
        let subscription = recordLines(probe.signal.finally { disposed.append("finally") }, into: disposed)
        probe.sendNext(1)
        subscription.dispose()
        probe.sendCompleted()
        #expect(disposed.all == ["event next(1)"])
        #expect(probe.disposals == 1)
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.finally {} })
    }

    @Test("logAll writes every event with the receiver's description, as RAC's NSLog")
    func logAll() {
        let lines = Log<String>()
        let source = Signal<Int, TestError>(name: "numbers") { subscriber in
            subscriber.sendNext(1)
            subscriber.sendError(TestError(2))
            return nil
        }
        let logged = source.logAll(to: lines.append)
        #expect(logged.name == "numbers")
        #expect(eventsOf(logged) == [.next(1), .error(TestError(2))])
        #expect(
            lines.all == [
                "<Signal<Int, TestError>: numbers> next: 1",
                "<Signal<Int, TestError>: numbers> error: TestError(2)",
            ])
        let completed = Log<String>()
        #expect(eventsOf(numbers([]).named("empty").logAll(to: completed.append)) == [.completed])
        #expect(completed.all == ["<Signal<Int, TestError>: empty> completed"])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.logAll(to: { _ in }) })
    }

    @Test("logNext, logError and logCompleted write only their own event")
    func logSingle() {
        let source = Signal<Int, TestError>(values: [1, 2]).named("s")
        let next = Log<String>()
        let error = Log<String>()
        let completed = Log<String>()
        let chain = source.logNext(to: next.append).logError(to: error.append).logCompleted(
            to: completed.append)
        #expect(eventsOf(chain) == [.next(1), .next(2), .completed])
        #expect(next.all == ["<Signal<Int, TestError>: s> next: 1", "<Signal<Int, TestError>: s> next: 2"])
        #expect(error.all.isEmpty)
        #expect(completed.all == ["<Signal<Int, TestError>: s> completed"])
        let failed = Log<String>()
        #expect(
            eventsOf(failing(after: []).named("f").logError(to: failed.append)) == [.error(TestError(1))])
        #expect(failed.all == ["<Signal<Int, TestError>: f> error: TestError(1)"])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.logNext(to: { _ in }) })
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.logError(to: { _ in }) })
        #expect(
            disposalReachesSource { (source: Signal<Int, TestError>) in source.logCompleted(to: { _ in }) })
    }

    @Test("after completion or disposal, side-effect closures and captured objects are released")
    func released() {
        for end in [SubscriptionEnd.completion, .disposal] {
            expectCapturesReleased(ending: end, sending: [1]) { subject, captured in
                subject
                    .initially { [captured] in withExtendedLifetime(captured) {} }
                    .doNext { [captured] _ in withExtendedLifetime(captured) {} }
                    .doError { [captured] _ in withExtendedLifetime(captured) {} }
                    .doCompleted { [captured] in withExtendedLifetime(captured) {} }
                    .finally { [captured] in withExtendedLifetime(captured) {} }
                    .logAll(to: { [captured] _ in withExtendedLifetime(captured) {} })
            }
        }
    }

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
        _ signal: Signal<String, TestError>, into lines: Log<String>, disposeAt: Int? = nil,
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
    func doNexts() throws {
        let lines = Log<String>()
        let source = try scheduler.createColdSignal("-a-b-|", error: TestError(1))
        try run(
            source.doNext { [scheduler] in lines.append("do \($0)@\(scheduler.currentFrame)") }, into: lines)
        #expect(lines.all == ["do a@1", "got a@1", "do b@3", "got b@3", "got |@5"])
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
    }

    @Test("doError runs its action just before the error; not for values or completion")
    func doErrors() throws {
        let lines = Log<String>()
        let failing = try scheduler.createColdSignal("-a-#", error: TestError(1))
        try run(
            failing.doError { [scheduler] in lines.append("do \($0)@\(scheduler.currentFrame)") }, into: lines
        )
        #expect(lines.all == ["got a@1", "do TestError(1)@3", "got #@3"])

        let quiet = Log<String>()
        let completing = try scheduler.createColdSignal("-a-|", error: TestError(1))
        try run(completing.doError { _ in quiet.append("do") }, into: quiet)
        #expect(quiet.all == ["got a@4", "got |@6"])
    }

    @Test("doCompleted runs its action just before the completion; not for an error")
    func doCompleteds() throws {
        let lines = Log<String>()
        let source = try scheduler.createColdSignal("-a-|", error: TestError(1))
        try run(
            source.doCompleted { [scheduler] in lines.append("do |@\(scheduler.currentFrame)") }, into: lines)
        #expect(lines.all == ["got a@1", "do |@3", "got |@3"])

        let quiet = Log<String>()
        let failing = try scheduler.createColdSignal("-#", error: TestError(1))
        try run(failing.doCompleted { quiet.append("do") }, into: quiet)
        #expect(quiet.all == ["got #@4"])
    }

    @Test("initially runs its action at each subscription, before the source is subscribed")
    func initiallys() throws {
        let lines = Log<String>()
        let source = try scheduler.createColdSignal("-a|", error: TestError(1))
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
    func finallys() throws {
        let lines = Log<String>()
        let completing = try scheduler.createColdSignal("-a-|", error: TestError(1))
        try run(
            completing.finally { [scheduler] in lines.append("finally@\(scheduler.currentFrame)") },
            into: lines)
        #expect(lines.all == ["got a@1", "finally@3", "got |@3"])

        let afterError = Log<String>()
        let failing = try scheduler.createColdSignal("-#", error: TestError(1))
        try run(
            failing.finally { [scheduler] in afterError.append("finally@\(scheduler.currentFrame)") },
            into: afterError)
        #expect(afterError.all == ["finally@4", "got #@4"])

        let disposed = Log<String>()
        let long = try scheduler.createColdSignal("-a-b-|", error: TestError(1))
        try run(long.finally { disposed.append("finally") }, into: disposed, disposeAt: 6)
        #expect(disposed.all == ["got a@5"])
        try scheduler.expect(long, toHaveSubscriptions: ["----^-!"])
    }

    @Test("logAll, logNext, logError and logCompleted write the events they cover, naming the signal")
    func log() throws {
        let source = try scheduler.createColdSignal("-a-|", error: TestError(1))
        let failing = try scheduler.createColdSignal("-a-#", error: TestError(1))
        let named = source.named("s")
        let namedFailing = failing.named("f")
        func lines(_ make: (@escaping (String) -> Void) -> Signal<String, TestError>) throws -> [String] {
            let lines = Log<String>()
            expectReleased(scheduler.record(make { lines.append($0) }), "the log operator's subscription")
            scheduler.run()
            return lines.all
        }
        let prefix = "<Signal<String, TestError>: s>"
        let failingPrefix = "<Signal<String, TestError>: f>"
        #expect(try lines { named.logAll(to: $0) } == ["\(prefix) next: a", "\(prefix) completed"])
        #expect(
            try lines { namedFailing.logAll(to: $0) } == [
                "\(failingPrefix) next: a", "\(failingPrefix) error: TestError(1)",
            ])
        #expect(try lines { named.logNext(to: $0) } == ["\(prefix) next: a"])
        #expect(try lines { namedFailing.logError(to: $0) } == ["\(failingPrefix) error: TestError(1)"])
        #expect(try lines { named.logError(to: $0) } == [])
        #expect(try lines { named.logCompleted(to: $0) } == ["\(prefix) completed"])
        #expect(try lines { namedFailing.logCompleted(to: $0) } == [])
    }

    @Test("doNext: a value the action sends into the source is forwarded first, nested, as in RAC")
    func doNextReentrant() {
        weak var weakSubject: Subject<Int, Never>?
        do {
            let subject = Subject<Int, Never>()
            weakSubject = subject
            let lines = Log<String>()
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
    func releaseds() throws {
        let scheduler = TestScheduler(checksRelease: true)
        try expectChainReleased(on: scheduler, source: "-a-|") { source, token in
            let chain =
                source
                .initially { withExtendedLifetime(token) {} }
                .doNext { _ in withExtendedLifetime(token) {} }
                .doCompleted { withExtendedLifetime(token) {} }
                .finally { withExtendedLifetime(token) {} }
                .logAll(to: { _ in withExtendedLifetime(token) {} })
            try scheduler.expect(chain, toEmit: "-a-|")
        }
    }
}
