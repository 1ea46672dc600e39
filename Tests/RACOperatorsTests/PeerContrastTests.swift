import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

// The "Peers:" paragraphs of the doc comments (issue 29): where a name means something else in
// RxSwift, Combine or ReactiveSwift, the doc comment says how ours differs and draws the difference.
// These tests play each contrast's line of ours through the operator (the peers' lines are their
// behaviour, not ours, and are not played), or, for what is not a marble (subjects, disposables,
// async iteration), check the claim as an exact event sequence.

/// Plays the doc marble line `output` of `declaration` (see `docMarble`): a cold signal for each
/// label in `inputs`, `apply`, and the exact events of `output`. Names map through the legend, then
/// stand for themselves; `extra` adds names.
private func play(
    _ file: String, _ declaration: String, inputs: [String], output: String, extra: [String: String] = [:],
    error: TestError? = TestError(1), sourceLocation: SourceLocation = #_sourceLocation,
    _ apply: ([Signal<String, TestError>], TestScheduler) -> Signal<String, TestError>
) throws {
    let doc = try docMarble(file, declaration)
    let scheduler = TestScheduler(checksRelease: true)
    var names = letters
    for (name, value) in doc.legend { names[name] = value }
    for (name, value) in extra { names[name] = value }
    var signals: [Signal<String, TestError>] = []
    for label in inputs {
        let marble = try #require(doc.marble(label, sourceLocation: sourceLocation))
        signals.append(try scheduler.createColdSignal(marble, values: names, error: TestError(1)))
    }
    let expected = try #require(doc.marble(output, sourceLocation: sourceLocation))
    try scheduler.expect(
        apply(signals, scheduler), toEmit: expected, values: names, error: error,
        sourceLocation: sourceLocation)
}

/// The marbles written after `label` on its line of the doc marble, up to the first comment:
/// `self (attempts):  -a-#  -a-#  -a-b|` → ["-a-#", "-a-#", "-a-b|"].
private func marbles(_ doc: DocMarble, _ label: String) throws -> [String] {
    let line = try #require(
        doc.lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label + ":") })
    let rest = line.trimmingCharacters(in: .whitespaces).dropFirst(label.count + 1)
    return Array(rest.split(separator: " ").map(String.init).prefix { !$0.hasPrefix("(") })
}

/// A signal that plays `attempts[n]` at its n-th subscription.
private func attempts(_ attempts: [TestSignal<String, TestError>]) -> Signal<String, TestError> {
    let made = OpCounter()
    return Signal.defer {
        let index = made.value
        made.increment()
        return attempts[index]
    }
}

@Suite("Peers' namesakes: each doc contrast's line of ours is what the operator does", .checksRelease)
struct PeerContrastTests {
    let time = "RACOperators/Time"

    @Test(
        "throttle is a debounce: a source that never pauses sends only its last value; rateLimit is their throttle"
    )
    func throttleIsADebounce() throws {
        let declaration = "public func throttle(_ interval: Duration, on scheduler: Scheduler) "
        try play(time, declaration, inputs: ["alerts"], output: "throttle(3) of alerts") {
            signals, scheduler in signals[0].throttle(scheduler.frames(3), on: scheduler)
        }
        try play(time, declaration, inputs: ["alerts"], output: "rateLimit(3) of alerts") {
            signals, scheduler in signals[0].rateLimit(scheduler.frames(3), on: scheduler)
        }
    }

    @Test("retry(n) counts retries, not attempts; retry(0) retries forever")
    func retryCountsRetries() throws {
        let doc = try docMarble("RACOperators/HigherOrder/Retry.swift", "public func retry(_ count")
        let attemptMarbles = try marbles(doc, "self (attempts)")
        #expect(attemptMarbles.count == 3)
        for (count, label) in [(2, "retry(2)"), (1, "retry(1)"), (0, "retry(0)")] {
            let scheduler = TestScheduler(checksRelease: true)
            let tries = try attemptMarbles.map { try scheduler.createColdSignal($0, error: TestError(1)) }
            let expected = try #require(doc.marbles[label])
            try scheduler.expect(attempts(tries).retry(count), toEmit: expected, error: TestError(1))
            // Each attempt is one subscription: retry(2) makes 3 (RxSwift's retry(3)).
            #expect(tries.map(\.subscriptions.count) == (count == 1 ? [1, 1, 0] : [1, 1, 1]))
        }
    }

    @Test("timeout is the whole signal's time, not the gap between values")
    func timeoutIsTotalTime() throws {
        let raising = "_ interval: Duration, on scheduler: Scheduler, raising"
        try play(time, raising, inputs: ["self"], output: "timeout(5)") {
            signals, scheduler in
            signals[0].timeout(scheduler.frames(5), on: scheduler, raising: TestError(1))
        }
        try play(time, raising, inputs: ["quiet"], output: "timeout(5) of quiet") {
            signals, scheduler in
            signals[0].timeout(scheduler.frames(5), on: scheduler, raising: TestError(1))
        }
        let doc = try docMarble(
            time,
            "public func timeout(_ interval: Duration, on scheduler: Scheduler) -> Signal<Value, TimeoutError>"
        )
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal(#require(doc.marbles["self"]))
        try scheduler.expect(
            source.timeout(scheduler.frames(5), on: scheduler), toEmit: #require(doc.marbles["timeout(5)"]),
            error: TimeoutError(interval: scheduler.frames(5)))
    }

    @Test("take(until:): the trigger's completion ends the result, its error is ignored")
    func takeUntilTriggerEnds() throws {
        let filter = "RACOperators/Filter"
        for trigger in ["trigger ending", "trigger failing"] {
            try play(
                filter, "until trigger: Signal", inputs: ["self", trigger], output: "take(until: \(trigger))"
            ) {
                signals, _ in signals[0].take(until: signals[1])
            }
        }
        // The doc's composition for ending on a value only: the trigger's completion no longer counts.
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-1-2-3-4-|", error: TestError(1))
        let ending = try scheduler.createColdSignal("-----|", error: TestError(1))
        try scheduler.expect(
            source.take(until: ending.concat(Signal.never)), toEmit: "-1-2-3-4-|", error: TestError(1))
    }

    @Test("sample sends an unchanged latest value again at each tick")
    func sampleResends() throws {
        try play(
            "RACOperators/Combine", "public func sample<", inputs: ["self", "sampler"], output: "sample"
        ) {
            signals, _ in signals[0].sample(signals[1])
        }
    }

    @Test("zip ends as soon as one input is done with nothing queued")
    func zipEndsEarly() throws {
        try play(
            "RACOperators/Combine/Zip.swift", "public func zip<", inputs: ["short", "other"],
            output: "zip(with:) of short"
        ) { signals, _ in signals[0].zip(with: signals[1]).map { "(\($0), \($1))" } }
    }

    @Test(
        "combineLatest does not end early for an input that ends without a value; combineLatest([]) sends nothing"
    )
    func combineLatestWaits() throws {
        try play(
            "RACOperators/Combine/CombineLatest.swift", "public func combineLatest<",
            inputs: ["self", "silent"],
            output: "combineLatest(with: silent)"
        ) { signals, _ in signals[0].combineLatest(with: signals[1]).map { "(\($0), \($1))" } }

        let scheduler = TestScheduler(checksRelease: true)
        let none: [Signal<String, TestError>] = []
        try scheduler.expect(Signal.combineLatest(none).map { $0.joined() }, toEmit: "|", error: TestError(1))
        // The doc's composition for a list that may be empty.
        let guarded: Signal<[String], TestError> =
            none.isEmpty ? Signal(value: []) : Signal.combineLatest(none)
        try scheduler.expect(
            guarded.map { "[\($0.joined())]" }, toEmit: "(x|)", values: ["x": "[]"], error: TestError(1))
    }

    @Test("delay sends an error at once and drops the values still waiting")
    func delaySendsErrorsAtOnce() throws {
        try play(time, "public func delay(_ interval", inputs: ["failing"], output: "delay(2) of failing") {
            signals, scheduler in signals[0].delay(scheduler.frames(2), on: scheduler)
        }
    }

    @Test(
        "first(), toArray() and waitUntilCompleted() block; their operator forms are take(1), collect(), ignoreValues()"
    )
    func blockingNamesakes() throws {
        let blocking = "RACOperators/Blocking"
        try play(blocking, "public func first() throws", inputs: ["self"], output: "as a signal") {
            signals, _ in signals[0].take(1)
        }
        try play(
            blocking, "public func toArray() throws", inputs: ["self"], output: "as a signal",
            extra: ["x": "[a, b, c]"]
        ) { signals, _ in signals[0].collect().map { "[" + $0.joined(separator: ", ") + "]" } }
        try play(blocking, "public func waitUntilCompleted() throws", inputs: ["self"], output: "as a signal")
        {
            signals, _ in signals[0].ignoreValues()
        }
        let values = Signal<String, TestError>(values: ["a", "b", "c"])
        #expect(try values.first() == "a")
        #expect(try values.toArray() == ["a", "b", "c"])
        try values.waitUntilCompleted()
    }
}

@Suite("Peers' namesakes: subjects, disposables, groups and async iteration", .checksRelease)
struct PeerContrastEventTests {
    @Test("autoconnect() is one-shot: a subscriber after the count fell to zero does not restart the source")
    func autoconnectIsOneShot() {
        let source = FreshSubjects<String, TestError>()
        let shared = source.signal.publish().autoconnect()
        let first = EventLog<String, TestError>()
        let subscription = first.record(shared)
        source.sendNext("a")
        subscription.dispose()
        #expect(source.subscriptions == 1 && source.disposals == 1)
        let second = EventLog<String, TestError>()
        let late = second.record(shared)
        #expect(source.subscriptions == 1)
        #expect(first.events == [.next("a")] && second.events.isEmpty)
        late.dispose()

        // share() reconnects, as Combine's autoconnect() and RxSwift's refCount() do.
        let restarted = FreshSubjects<String, TestError>()
        let resharing = restarted.signal.share()
        first.record(resharing).dispose()
        let again = EventLog<String, TestError>()
        let reconnected = again.record(resharing)
        restarted.sendNext("b")
        #expect(restarted.subscriptions == 2 && again.events == [.next("b")])
        reconnected.dispose()
    }

    @Test("groupBy: disposing the result disposes the source; the groups get nothing more, not even an end")
    func groupByStrandsGroups() {
        let source = Subject<Int, TestError>()
        let odd = EventLog<Int, TestError>()
        let subscriptions = CompoundDisposable()
        let outer = source.groupBy { $0 % 2 == 0 }.subscribe(next: { group in
            if !group.key { subscriptions.add(odd.record(group)) }
        })
        source.sendNext(1)
        source.sendNext(2)
        outer.dispose()
        #expect(source.subscriberCount == 0)
        source.sendNext(3)
        source.sendCompleted()
        #expect(odd.events == [.next(1)])
        subscriptions.dispose()
    }

    @Test("dropping the disposable of subscribe(next:error:completed:) does not end the subscription")
    func droppedDisposableKeepsRunning() throws {
        let scheduler = TestScheduler()
        let seen = Locked<[String]>([])
        _ = try scheduler.createColdSignal("-a-b-|").subscribe(
            next: { value in seen.withValue { $0.append(value) } },
            completed: { seen.withValue { $0.append("|") } })
        scheduler.run()
        #expect(seen.current == ["a", "b", "|"])

        // A ScopedDisposable ends it when released, as Combine's AnyCancellable does.
        let scoped = Locked<[String]>([])
        var kept: ScopedDisposable? = ScopedDisposable(
            try scheduler.createColdSignal("-c-d-|").subscribe(next: { value in
                scoped.withValue { $0.append(value) }
            }))
        scheduler.advance(frames: 2)
        #expect(kept?.isDisposed == false)
        kept = nil
        scheduler.run()
        #expect(scoped.current == ["c"])
    }

    @Test("BehaviorSubject replays its last value, then the end, to a late subscriber")
    func behaviorSubjectReplaysValueThenEnd() {
        let completed = BehaviorSubject<String, TestError>(value: "z")
        completed.sendNext("a")
        completed.sendCompleted()
        #expect(EventLog.of(completed).events == [.next("a"), .completed])

        let failed = BehaviorSubject<String, TestError>(value: "z")
        failed.sendError(TestError(1))
        #expect(EventLog.of(failed).events == [.next("z"), .error(TestError(1))])
    }

    @Test("values subscribes at the first next() and keeps every value that arrives meanwhile")
    func valuesBuffersEverything() async throws {
        let subscriptions = OpCounter()
        let signal = Signal<Int, TestError> { subscriber in
            subscriptions.increment()
            for value in 1...3 { subscriber.sendNext(value) }
            subscriber.sendCompleted()
            return nil
        }
        var iterator = signal.values.makeAsyncIterator()
        #expect(subscriptions.value == 0)
        let first = try await iterator.next()
        #expect(first == 1 && subscriptions.value == 1)
        var rest: [Int] = []
        while let value = try await iterator.next() { rest.append(value) }
        #expect(rest == [2, 3])
    }
}
