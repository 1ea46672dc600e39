import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// Value names for `Int` marbles: `a` is 1, `b` is 2 … `j` is 10.
let ints: [String: Int] = [
    "a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "j": 10,
]

/// The events `marble` describes, stamped as a recorder subscribed at time zero stamps them, for
/// comparing a `TestRecorder`'s events (a second subscriber, say) with a marble.
func recordedEvents<Value, Failure: Error>(
    _ marble: String, values: [String: Value], error: Failure? = nil
) throws -> [Recorded<Event<Value, Failure>>] {
    let scheduler = TestScheduler()
    let recorder = scheduler.record(try scheduler.createColdSignal(marble, values: values, error: error))
    scheduler.run()
    return recorder.events
}

/// `recordedEvents(_:values:error:)` for `String` values, each name standing for itself.
func recordedEvents<Failure: Error>(
    _ marble: String, error: Failure? = nil
) throws -> [Recorded<Event<String, Failure>>] {
    let scheduler = TestScheduler()
    let recorder = scheduler.record(try scheduler.createColdSignal(marble, error: error))
    scheduler.run()
    return recorder.events
}

/// `recordedEvents(_:error:)` for a signal that cannot fail.
func recordedEvents(_ marble: String) throws -> [Recorded<Event<String, Never>>] {
    try recordedEvents(marble, error: Never?.none)
}

/// Whether every object observed through `references` has been released.
func allReleased(_ references: [() -> AnyObject?]) -> Bool {
    references.allSatisfy { $0() == nil }
}

/// Value names for `String` marbles: every letter and digit stands for itself.
let letters: [String: String] = Dictionary(
    uniqueKeysWithValues: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".map {
        (String($0), String($0))
    })

/// Value names that stand for themselves, for marbles whose values have longer names (`{ax}`).
func named(_ names: String...) -> [String: String] {
    Dictionary(uniqueKeysWithValues: names.map { ($0, $0) })
}

/// Value names for `Bool` marbles: `t` is true, `f` is false.
let bools: [String: Bool] = ["t": true, "f": false]

/// One marble case for an operator applied to one cold source: the source's marble, the marble the
/// operator's result must send (from time zero), the source's subscription marbles once the
/// scheduler has run, and the frame at which the subscriber disposes (`nil`: it does not).
struct MarbleCase {
    let source: String
    let expected: String
    let subscriptions: [String]
    let disposeAt: Int?

    init(_ source: String, _ expected: String, _ subscriptions: [String], disposeAt: Int? = nil) {
        self.source = source
        self.expected = expected
        self.subscriptions = subscriptions
        self.disposeAt = disposeAt
    }
}

/// Runs every case on a fresh `TestScheduler`: makes the cold source (`#` is `TestError(1)`), expects
/// `apply(source)` to send the case's marble, then the source to have the case's subscriptions.
/// The scheduler checks releases: a case whose subscription ends (`|`, `#` or `disposeAt`) fails
/// if the chain still holds its subscriber after the run; and the source and result signals must
/// be released once the test has returned (see `ReleaseCheck`).
func expectMarbles<Input, Output: Equatable, OutputFailure: Equatable>(
    _ apply: (Signal<Input, TestError>) -> Signal<Output, OutputFailure>,
    input: [String: Input],
    output: [String: Output],
    error: OutputFailure?,
    _ cases: [MarbleCase],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try runMarbleCases(
        { source, _ in apply(source) }, input: input, output: output, error: error, cases,
        named: "expectMarbles", sourceLocation: sourceLocation)
}

/// The loop of `expectMarbles` and `expectTimedMarbles`: each case on its own scheduler, which
/// `apply` is handed; the time operators' cases (`checksTimers`) must leave no timer scheduled.
func runMarbleCases<Input, Output: Equatable, OutputFailure: Equatable>(
    _ apply: (Signal<Input, TestError>, TestScheduler) throws -> Signal<Output, OutputFailure>,
    input: [String: Input],
    output: [String: Output],
    error: OutputFailure?,
    _ cases: [MarbleCase],
    named name: String,
    checksTimers: Bool = false,
    sourceLocation: SourceLocation
) throws {
    for marbleCase in cases {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal(marbleCase.source, values: input, error: TestError(1))
        let result = try apply(source, scheduler)
        let what = "\(name) case \"\(marbleCase.source)\" -> \"\(marbleCase.expected)\""
        watchRelease(source, "the source signal of the \(what)", sourceLocation: sourceLocation)
        watchRelease(result, "the result signal of the \(what)", sourceLocation: sourceLocation)
        try scheduler.expect(
            result, toEmit: marbleCase.expected, values: output, error: error,
            disposeAt: marbleCase.disposeAt, sourceLocation: sourceLocation)
        try scheduler.expect(
            source, toHaveSubscriptions: marbleCase.subscriptions, sourceLocation: sourceLocation)
        if checksTimers {
            #expect(scheduler.isEmpty, "a timer was left scheduled: \(what)", sourceLocation: sourceLocation)
        }
    }
}

/// `expectMarbles` for an operator from `String`s to `String`s that keeps the `TestError` failure.
func expectMarbles(
    _ apply: (Signal<String, TestError>) -> Signal<String, TestError>,
    _ cases: [MarbleCase],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try expectMarbles(
        apply, input: letters, output: letters, error: TestError(1), cases, sourceLocation: sourceLocation)
}

/// The case every multicasting operator meets: over a cold source made from `marble` on
/// `scheduler`, a first subscriber subscribes at frame `firstAt` (the source's subscriptions then
/// being `before`, when given) and receives the source's events as they come; a late one
/// subscribes at frame `lateAt` and must receive `late` (from time zero); then the source must
/// have been subscribed as `subscriptions` show, and the first subscription must be released.
///
/// ```
/// try expectLateSubscriber(
///     on: scheduler, { $0.share(replay: 1) }, source: "-a-b-c-d-|", lateAt: 4, late: "----bc-d-|",
///     subscriptions: ["^--------!"])
/// ```
func expectLateSubscriber(
    on scheduler: TestScheduler, _ apply: (Signal<String, Never>) -> Signal<String, Never>,
    source marble: String, firstAt: Int = 0, before: [String]? = nil, lateAt: Int, late: String,
    subscriptions: [String], sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let source = try scheduler.createColdSignal(marble)
    let shared = apply(source)
    scheduler.advance(toFrame: firstAt)
    if let before {
        try scheduler.expect(source, toHaveSubscriptions: before, sourceLocation: sourceLocation)
    }
    let first = scheduler.record(shared)
    scheduler.advance(toFrame: lateAt)
    try scheduler.expect(shared, toEmit: late, sourceLocation: sourceLocation)
    let firstReceives = String(repeating: "-", count: firstAt) + marble
    #expect(try first.events == recordedEvents(firstReceives), sourceLocation: sourceLocation)
    try scheduler.expect(source, toHaveSubscriptions: subscriptions, sourceLocation: sourceLocation)
    expectReleased(first, "the first subscription", sourceLocation: sourceLocation)
}
