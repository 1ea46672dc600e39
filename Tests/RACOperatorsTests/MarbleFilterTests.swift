import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Filter operators, marble-tested", .checksRelease)
struct MarbleFilterTests {
    let scheduler = TestScheduler(checksRelease: true)

    @Test("filter sends only the values that pass")
    func filter() throws {
        try expectMarbles(
            { $0.filter { $0 != "b" } },
            [
                MarbleCase("-a-b-c-|", "-a---c-|", ["^------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-b-#", "-a---#", ["^----!"]),
                MarbleCase("-a-b-c-|", "-a--", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("ignoreValues lets only the terminal event through")
    func ignoreValues() throws {
        try expectMarbles(
            { $0.ignoreValues() },
            [
                MarbleCase("-a-b-c-|", "-------|", ["^------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("-a-b-c-|", "----", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("ignore drops the values equal to the given one")
    func ignore() throws {
        try expectMarbles(
            { $0.ignore("b") },
            [
                MarbleCase("-a-b-c-b-|", "-a---c---|", ["^--------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-b-#", "---#", ["^--!"]),
                MarbleCase("-a-b-c-|", "-a--", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("distinctUntilChanged drops a value equal to the last one sent")
    func distinctUntilChanged() throws {
        try expectMarbles(
            { $0.distinctUntilChanged() },
            [
                MarbleCase("-a-a-b-b-a-|", "-a---b---a-|", ["^----------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-a-#", "-a---#", ["^----!"]),
                MarbleCase("-a-a-b-|", "-a--", ["^---!"], disposeAt: 4),
            ])
        try expectMarbles(
            { $0.distinctUntilChanged(by: { $0.lowercased() == $1.lowercased() }) },
            [
                MarbleCase("-a-A-b-B-a-|", "-a---b---a-|", ["^----------!"]),
                MarbleCase("-a-A-#", "-a---#", ["^----!"]),
            ])
    }

    @Test("take completes right after the n-th value and disposes the source then")
    func take() throws {
        try expectMarbles(
            { $0.take(2) },
            [
                MarbleCase("-a-b-c-|", "-a-(b|)", ["^--!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "-a-#", ["^--!"]),
                MarbleCase("-a-b-c-|", "-a", ["^-!"], disposeAt: 2),
            ])
        try expectMarbles(
            { $0.take(0) },
            [
                MarbleCase("-a-b-|", "|", []),
                MarbleCase("-#", "|", []),
            ])
    }

    @Test("takeLast sends the last n values at completion")
    func takeLast() throws {
        try expectMarbles(
            { $0.takeLast(2) },
            [
                MarbleCase("-a-b-c-|", "-------(bc|)", ["^------!"]),
                MarbleCase("-a-|", "---(a|)", ["^--!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-b-#", "-----#", ["^----!"]),
                MarbleCase("-a-b-c-|", "----", ["^---!"], disposeAt: 4),
            ])
        try expectMarbles({ $0.takeLast(0) }, [MarbleCase("-a-b-|", "-----|", ["^----!"])])
    }

    @Test("take(until:) with a predicate completes at the first value that passes, without it")
    func takeUntilPredicate() throws {
        try expectMarbles(
            { $0.take(until: { $0 == "c" }) },
            [
                MarbleCase("-a-b-c-d-|", "-a-b-|", ["^----!"]),
                MarbleCase("-a-b-|", "-a-b-|", ["^----!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "-a-#", ["^--!"]),
                MarbleCase("-a-b-c-|", "-a-", ["^--!"], disposeAt: 3),
            ])
    }

    @Test("take(while:) completes at the first value that fails, without it")
    func takeWhile() throws {
        try expectMarbles(
            { $0.take(while: { $0 != "c" }) },
            [
                MarbleCase("-a-b-c-d-|", "-a-b-|", ["^----!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "-a-#", ["^--!"]),
                MarbleCase("-a-b-c-|", "-a-", ["^--!"], disposeAt: 3),
            ])
    }

    @Test("skip drops the first n values")
    func skip() throws {
        try expectMarbles(
            { $0.skip(2) },
            [
                MarbleCase("-a-b-c-d-|", "-----c-d-|", ["^--------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-b-#", "-----#", ["^----!"]),
                MarbleCase("-a-b-c-d-|", "-----c", ["^-----!"], disposeAt: 6),
            ])
        try expectMarbles({ $0.skip(0) }, [MarbleCase("-a-b-|", "-a-b-|", ["^----!"])])
    }

    @Test("skip(until:) drops values until one passes; that one and the rest are sent")
    func skipUntil() throws {
        try expectMarbles(
            { $0.skip(until: { $0 == "b" }) },
            [
                MarbleCase("-a-b-a-|", "---b-a-|", ["^------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("-a-b-a-|", "---b", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("skip(while:) drops values while they pass; the first that fails and the rest are sent")
    func skipWhile() throws {
        try expectMarbles(
            { $0.skip(while: { $0 == "a" }) },
            [
                MarbleCase("-a-b-a-|", "---b-a-|", ["^------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("-a-b-a-|", "---b", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("any(_:) answers true at the first passing value, false when the source ends first")
    func anyPredicate() throws {
        try expectMarbles(
            { $0.any { $0 == "b" } }, input: letters, output: bools, error: Never?.none,
            [
                MarbleCase("-a-b-c-|", "---(t|)", ["^--!"]),
                MarbleCase("-a-c-|", "-----(f|)", ["^----!"]),
                MarbleCase("--|", "--(f|)", ["^-!"]),
                MarbleCase("-a-#", "---(f|)", ["^--!"]),
                MarbleCase("-a-b-|", "-", ["^!"], disposeAt: 1),
            ])
        try expectMarbles(
            { $0.any() }, input: letters, output: bools, error: Never?.none,
            [
                MarbleCase("-a-b-|", "-(t|)", ["^!"]),
                MarbleCase("--|", "--(f|)", ["^-!"]),
                MarbleCase("-#", "-(f|)", ["^!"]),
            ])
    }

    @Test("all(_:) answers false at the first failing value or an error, true at completion")
    func all() throws {
        try expectMarbles(
            { $0.all { $0 != "c" } }, input: letters, output: bools, error: Never?.none,
            [
                MarbleCase("-a-b-|", "-----(t|)", ["^----!"]),
                MarbleCase("-a-c-b-|", "---(f|)", ["^--!"]),
                MarbleCase("--|", "--(t|)", ["^-!"]),
                MarbleCase("-a-#", "---(f|)", ["^--!"]),
                MarbleCase("-a-b-|", "--", ["^-!"], disposeAt: 2),
            ])
    }
}

@Suite("Filter operators with a second signal, marble-tested", .checksRelease)
struct MarbleFilterTriggerTests {
    let scheduler = TestScheduler(checksRelease: true)

    @Test("take(until: trigger): the trigger's value completes the result and disposes both")
    func takeUntilTriggerValue() throws {
        let source = try scheduler.createColdSignal("-a-b-c-d-|")
        let trigger = try scheduler.createColdSignal("-----x-")
        try scheduler.expect(source.take(until: trigger), toEmit: "-a-b-|")
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
        try scheduler.expect(trigger, toHaveSubscriptions: ["^----!"])
    }

    @Test("take(until: trigger): the trigger's completion completes the result too")
    func takeUntilTriggerCompletion() throws {
        let source = try scheduler.createColdSignal("-a-b-c-d-|")
        let trigger = try scheduler.createColdSignal("---|")
        try scheduler.expect(source.take(until: trigger), toEmit: "-a-|")
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
        try scheduler.expect(trigger, toHaveSubscriptions: ["^--!"])
    }

    @Test("take(until: trigger): the trigger's error is ignored; the source goes on")
    func takeUntilTriggerError() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|")
        let trigger = try scheduler.createColdSignal("--#", error: Boom())
        try scheduler.expect(source.take(until: trigger), toEmit: "-a-b-c-|")
        try scheduler.expect(source, toHaveSubscriptions: ["^------!"])
        try scheduler.expect(trigger, toHaveSubscriptions: ["^-!"])
    }

    @Test("take(until: trigger): the source's completion or error disposes the trigger")
    func takeUntilSourceEnds() throws {
        let source = try scheduler.createColdSignal("-a-|")
        let trigger = try scheduler.createColdSignal("-----x")
        try scheduler.expect(source.take(until: trigger), toEmit: "-a-|")
        try scheduler.expect(trigger, toHaveSubscriptions: ["^--!"])

        let second = TestScheduler(checksRelease: true)
        let failing = try second.createColdSignal("-#", error: Boom())
        let otherTrigger = try second.createColdSignal("-----x")
        try second.expect(failing.take(until: otherTrigger), toEmit: "-#", error: Boom())
        try second.expect(otherTrigger, toHaveSubscriptions: ["^!"])
    }

    @Test("take(until: trigger): an empty source, and disposal of the result")
    func takeUntilEmptyAndDisposed() throws {
        let empty = try scheduler.createColdSignal("--|")
        let trigger = try scheduler.createColdSignal("-----x")
        try scheduler.expect(empty.take(until: trigger), toEmit: "--|")
        try scheduler.expect(trigger, toHaveSubscriptions: ["^-!"])

        let second = TestScheduler(checksRelease: true)
        let source = try second.createColdSignal("-a-b-c-|")
        let quiet = try second.createColdSignal("--------x")
        try second.expect(source.take(until: quiet), toEmit: "-a-", disposeAt: 3)
        try second.expect(source, toHaveSubscriptions: ["^--!"])
        try second.expect(quiet, toHaveSubscriptions: ["^--!"])
    }

    @Test("take(until: trigger): a trigger that fires while subscribing stops the source being subscribed")
    func takeUntilTriggerFiresAtSubscription() throws {
        let source = try scheduler.createColdSignal("-a-|")
        try scheduler.expect(source.take(until: Signal<Int, Never>(value: 1)), toEmit: "|")
        try scheduler.expect(source, toHaveSubscriptions: [])
    }

    @Test("take(untilReplacement:): the replacement's first event switches the result over to it")
    func takeUntilReplacement() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|")
        let replacement = try scheduler.createColdSignal("----x-y-|")
        try scheduler.expect(source.take(untilReplacement: replacement), toEmit: "-a-bx-y-|")
        try scheduler.expect(source, toHaveSubscriptions: ["^---!"])
        try scheduler.expect(replacement, toHaveSubscriptions: ["^-------!"])
    }

    @Test("take(untilReplacement:): the source's completion is not forwarded, its error is")
    func takeUntilReplacementSourceEnds() throws {
        let source = try scheduler.createColdSignal("-a|", error: Boom())
        let replacement = try scheduler.createColdSignal("---x-|", error: Boom())
        try scheduler.expect(source.take(untilReplacement: replacement), toEmit: "-a-x-|", error: Boom())
        try scheduler.expect(source, toHaveSubscriptions: ["^-!"])
        try scheduler.expect(replacement, toHaveSubscriptions: ["^----!"])

        let second = TestScheduler(checksRelease: true)
        let failing = try second.createColdSignal("-a#", error: Boom())
        let waiting = try second.createColdSignal("---x-|", error: Boom())
        try second.expect(failing.take(untilReplacement: waiting), toEmit: "-a#", error: Boom())
        try second.expect(waiting, toHaveSubscriptions: ["^-!"])
    }

    @Test("take(untilReplacement:): the replacement's error is forwarded and disposes the source")
    func takeUntilReplacementError() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|", error: Boom())
        let replacement = try scheduler.createColdSignal("--#", error: Boom(2))
        try scheduler.expect(source.take(untilReplacement: replacement), toEmit: "-a#", error: Boom(2))
        try scheduler.expect(source, toHaveSubscriptions: ["^-!"])
        try scheduler.expect(replacement, toHaveSubscriptions: ["^-!"])
    }

    @Test("take(untilReplacement:): disposing the result disposes both")
    func takeUntilReplacementDisposed() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|")
        let replacement = try scheduler.createColdSignal("----x-y-|")
        try scheduler.expect(source.take(untilReplacement: replacement), toEmit: "-a-", disposeAt: 3)
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
        try scheduler.expect(replacement, toHaveSubscriptions: ["^--!"])
    }
}

@Suite("Filter operators: reentrancy and release", .checksRelease)
struct MarbleFilterReentrancyTests {
    @Test("take: a value sent into the source from the callback counts, nested, and ends it")
    func takeReentrant() {
        let subject = Subject<Int, Never>()
        let log = EventLog<Int, Never>()
        log.record(subject.take(2)) { event in
            if case .next(1) = event { subject.sendNext(2) }
        }
        subject.sendNext(1)
        subject.sendNext(3)
        #expect(log.events == [.next(1), .next(2), .completed])
        #expect(subject.subscriberCount == 0)
    }

    @Test("take(until: trigger): the completion callback sending into the trigger reaches nothing")
    func takeUntilReentrant() {
        let source = Subject<Int, Never>()
        let trigger = Subject<Void, Never>()
        let log = EventLog<Int, Never>()
        log.record(source.take(until: trigger)) { event in
            if case .completed = event {
                trigger.sendNext(())
                source.sendNext(9)
            }
        }
        source.sendNext(1)
        trigger.sendNext(())
        #expect(log.events == [.next(1), .completed])
        #expect(source.subscriberCount == 0)
        #expect(trigger.subscriberCount == 0)
    }

    @Test("a take(until:) chain and its trigger are released after the trigger fires")
    func takeUntilChainReleased() throws {
        let scheduler = TestScheduler(checksRelease: true)
        weak var weakSource: TestSignal<String, Never>?
        weak var weakTrigger: TestSignal<String, Never>?
        weak var weakToken: OpToken?
        do {
            let token = OpToken()
            weakToken = token
            let source = try scheduler.createColdSignal("-a-b-c-|")
            let trigger = try scheduler.createColdSignal("----x")
            weakSource = source
            weakTrigger = trigger
            let chain = source.filter { value in withExtendedLifetime(token) { value != "z" } }
                .take(until: trigger)
                .skip(1)
            try scheduler.expect(chain, toEmit: "---b|")
        }
        #expect(weakToken == nil)
        #expect(weakSource == nil)
        #expect(weakTrigger == nil)
    }
}
