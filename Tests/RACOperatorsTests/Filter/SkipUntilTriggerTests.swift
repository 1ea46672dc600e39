import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Filter: skip(until:) a trigger signal", .checksRelease)
struct SkipUntilTriggerTests {
    /// Plays `skip(until:)` on a cold source and a cold trigger, and checks the output and both
    /// inputs' subscriptions.
    private func expectSkip(
        _ source: String, trigger: String, _ expected: String, sourceSubscriptions: [String],
        triggerSubscriptions: [String], disposeAt: Int? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let scheduler = TestScheduler(checksRelease: true)
        let values = try scheduler.createColdSignal(source, error: TestError(1))
        let gate = try scheduler.createColdSignal(trigger, error: TestError(2))
        try scheduler.expect(
            values.skip(until: gate), toEmit: expected, error: TestError(source.contains("#") ? 1 : 2),
            disposeAt: disposeAt, sourceLocation: sourceLocation)
        try scheduler.expect(values, toHaveSubscriptions: sourceSubscriptions, sourceLocation: sourceLocation)
        try scheduler.expect(gate, toHaveSubscriptions: triggerSubscriptions, sourceLocation: sourceLocation)
        #expect(scheduler.isEmpty, sourceLocation: sourceLocation)
    }

    @Test("values are dropped until the trigger's first value, which disposes the trigger")
    func values() throws {
        try expectSkip(
            "-1-2-3-4-|", trigger: "----x-y-", "-----3-4-|", sourceSubscriptions: ["^--------!"],
            triggerSubscriptions: ["^---!"])
    }

    @Test("the source's error and completion pass at once, and dispose the trigger")
    func sourceEnds() throws {
        try expectSkip(
            "-1-2-#", trigger: "--x-", "---2-#", sourceSubscriptions: ["^----!"],
            triggerSubscriptions: ["^-!"])
        try expectSkip(
            "-1-#", trigger: "------x-", "---#", sourceSubscriptions: ["^--!"], triggerSubscriptions: ["^--!"]
        )
        try expectSkip(
            "-1-2-|", trigger: "-------x", "-----|", sourceSubscriptions: ["^----!"],
            triggerSubscriptions: ["^----!"])
    }

    @Test("an empty source completes; one that completes at once too")
    func empty() throws {
        try expectSkip(
            "--|", trigger: "-x", "--|", sourceSubscriptions: ["^-!"], triggerSubscriptions: ["^!"])
        try expectSkip("|", trigger: "-x", "|", sourceSubscriptions: ["(^!)"], triggerSubscriptions: ["(^!)"])
    }

    @Test(
        "a trigger error before it fired is the result's error, and disposes the source (RxSwift skip(until:))"
    )
    func triggerError() throws {
        try expectSkip(
            "-1-2-3-|", trigger: "--#", "--#", sourceSubscriptions: ["^-!"], triggerSubscriptions: ["^-!"])
    }

    @Test("a trigger that completes without a value keeps every value out; the source's end still passes")
    func triggerCompletes() throws {
        try expectSkip(
            "-1-2-3-|", trigger: "--|", "-------|", sourceSubscriptions: ["^------!"],
            triggerSubscriptions: ["^-!"])
    }

    @Test("disposing the result disposes the source and the trigger")
    func disposal() throws {
        try expectSkip(
            "-1-2-3-|", trigger: "-----x", "---", sourceSubscriptions: ["^--!"],
            triggerSubscriptions: ["^--!"],
            disposeAt: 3)
    }

    @Test("a trigger that fires while it is subscribed lets every value through")
    func triggerFiresAtSubscription() {
        #expect(
            eventsOf(numbers([1, 2]).skip(until: Signal<Void, TestError>(value: ())))
                == [.next(1), .next(2), .completed])
        #expect(eventsOf(numbers([1, 2]).skip(until: Signal<Void, TestError>.empty)) == [.completed])
        #expect(
            eventsOf(numbers([1, 2]).skip(until: Signal<Void, TestError>(error: TestError(3))))
                == [.error(TestError(3))])
    }

    @Test("the overloads: a trigger that cannot fail, for a source that can or cannot")
    func neverTriggers() {
        let source = ProbeSource<Int, TestError>()
        let trigger = ProbeSource<String, Never>()
        let log = EventLog.of(source.signal.skip(until: trigger.signal))
        source.sendNext(1)
        trigger.sendNext("go")
        #expect(!trigger.isSubscribed)
        source.sendNext(2)
        source.sendError(TestError(1))
        #expect(log.events == [.next(2), .error(TestError(1))])

        let quiet = ProbeSource<Int, Never>()
        let quietTrigger = ProbeSource<Void, Never>()
        let quietLog = EventLog.of(quiet.signal.skip(until: quietTrigger.signal))
        quiet.sendNext(1)
        quietTrigger.sendNext(())
        quiet.sendNext(2)
        quiet.sendCompleted()
        #expect(quietLog.events == [.next(2), .completed])
    }

    @Test("a value the subscriber sends back into the source is delivered nested, in order")
    func reentrant() {
        let source = Subject<Int, Never>()
        let trigger = Subject<Void, Never>()
        let log = EventLog<Int, Never>()
        log.record(source.skip(until: trigger)) { event in
            if case .next(1) = event { source.sendNext(2) }
        }
        source.sendNext(0)
        trigger.sendNext(())
        source.sendNext(1)
        source.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .completed])
    }
}
