import RACCore
import Testing

extension TestScheduler {
    /// Subscribes to `signal` now, runs the scheduler until nothing is left to run, and checks that
    /// the signal sent exactly what `marble` shows, in frames from time zero. RxTest:
    /// `scheduler.start` + `XCTAssertEqual(observer.events, …)`; RxJS: `expectObservable(…).toBe(…)`.
    ///
    /// Names map through `values`, `#` stands for `error`. Without `values`, a `String` signal's
    /// names stand for themselves (`a` is `"a"`, `{abc}` is `"abc"`), and a marble of any other
    /// value type must name no value: only frames, `|`, `#` and groups of them (a value name
    /// throws `MarbleError`, `valuesNeeded`). Errors are compared with `==` when `Failure` is
    /// `Equatable`, otherwise by `String(describing:)`. With `disposeAt`, the subscription is
    /// disposed at the start of that frame (nothing from then on is seen); without it, a signal
    /// that never terminates stays subscribed. On a mismatch the failure (Swift Testing issue or
    /// `XCTFail`, see `failureReporter`) shows the marbles side by side and the events:
    ///
    /// ```
    /// try scheduler.expect(numbers, toEmit: "-a-b-|", values: ["a": 1, "b": 2])
    /// try scheduler.expect(source, toEmit: "-a-{bc}-|")              // String values
    /// try scheduler.expect(numbers.ignoreValues(), toEmit: "-----|")  // no value named
    ///
    /// expect(_:toEmit:) failed: the events differ from frame 3 on
    ///   expected: -a-(b|)
    ///   actual:   -a-b   -|
    ///                ^
    ///     expected events       actual events
    ///     frame 1: next(1)      frame 1: next(1)
    ///     frame 3: next(2)      frame 3: next(2)
    ///   * frame 3: completed    frame 5: completed
    /// ```
    ///
    /// The call site (`fileID`, `file`, `line`, `column`, filled in by default) is where the failure
    /// is reported, to Swift Testing and to XCTest alike, so plain XCTest code needs no
    /// `import Testing`. A Swift Testing helper that wraps `expect` may pass its own
    /// `sourceLocation` instead (XCTest still uses `file` and `line`).
    ///
    /// With `checksRelease` on, it also fails if the subscription ended during the run but the
    /// signal did not release its subscriber (see `checksRelease`).
    ///
    /// - Returns: whether the expectation held.
    /// - Throws: `MarbleError` if `marble` is malformed, names a value missing from `values` (or
    ///   any value, without `values`, unless `Value` is `String`), or has a `#` without `error`.
    @discardableResult
    public func expect<Value: Equatable, Failure: Error>(
        _ signal: Signal<Value, Failure>,
        toEmit marble: String,
        values: [String: Value]? = nil,
        error: Failure? = nil,
        disposeAt frame: Int? = nil,
        sourceLocation: SourceLocation? = nil, fileID: String = #fileID, file: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) throws(MarbleError) -> Bool {
        let expected = try expectedEvents(marble, values: values, error: error)
        let (recorder, watch) = recordAndRun(signal, disposeAt: frame)
        return verify(
            recorder, watch: watch, expected: expected, values: values, marble: marble, signal: signal,
            at: CallSite(sourceLocation, fileID, file, line, column))
    }

    /// Checks that `signal` has been subscribed to exactly as `marbles` show, one subscription
    /// marble per subscription in the order they were made (frames from time zero; `^` where it
    /// began, `!` where it ended, no `!` if it is still active). It looks at what has been
    /// recorded so far and does not advance the scheduler. RxTest: `XCTAssertEqual(xs.subscriptions,
    /// …)`; RxJS: `expectSubscriptions(…).toBe(…)`.
    ///
    /// ```
    /// source "-a-b-|" subscribed at 0:  try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
    /// on a mismatch:
    /// expect(_:toHaveSubscriptions:) failed: the subscriptions differ
    ///     expected subscriptions    actual subscriptions
    ///   * ^--!                      ^----!
    /// ```
    ///
    /// - Returns: whether the expectation held.
    /// - Throws: `MarbleError` if a marble is not a subscription marble (exactly one `^`, at most
    ///   one `!` after it, only `-`, groups and spaces otherwise).
    @discardableResult
    public func expect<Value, Failure>(
        _ signal: TestSignal<Value, Failure>,
        toHaveSubscriptions marbles: [String],
        sourceLocation: SourceLocation? = nil, fileID: String = #fileID, file: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) throws(MarbleError) -> Bool {
        var expected: [RecordedSubscription] = []
        for marble in marbles {
            let parsed = try MarbleParser.parse(marble, as: .subscription)
            expected.append(
                RecordedSubscription(
                    subscribed: frames(parsed.subscriptionFrame ?? 0),
                    disposed: parsed.disposalFrame.map { frames($0) }, frameDuration: frameDuration))
        }
        let actual = signal.subscriptions
        guard let message = ExpectationDiff.subscriptions(expected: expected, actual: actual, on: self)
        else { return true }
        let picture = MarbleDiagram.subscriptions(expected: expected, actual: actual, on: self).svg()
        report(message, picture: picture, at: CallSite(sourceLocation, fileID, file, line, column))
        return false
    }

    /// Reports `message` with its `picture`, which is also written to the folder that
    /// `RAC_MARBLE_PICTURES` names, if it is set (the message then ends with the file's path).
    private func report(_ message: String, picture: String? = nil, at callSite: CallSite) {
        var message = message
        if let picture, let folder = MarblePictures.folder,
            let path = MarblePictures.write(picture, into: folder, for: callSite.sourceLocation)
        {
            message += "\n  picture: \(path)"
        }
        failureReporter.report(
            TestFailure(
                message: message, sourceLocation: callSite.sourceLocation, file: callSite.file,
                line: callSite.line, picture: picture))
    }

    /// The events `marble` stands for, names mapped through `values` (without them, a `String`
    /// name stands for itself and any other type's marble must name no value), `#` to `error`.
    func expectedEvents<Value, Failure>(
        _ marble: String, values: [String: Value]?, error: Failure?
    ) throws(MarbleError) -> [Recorded<Event<Value, Failure>>] {
        let parsed = try MarbleParser.parse(marble, as: .expected)
        return try parsed.events(of: marble, values: MarbleValues(values), error: error).map {
            Recorded(time: frames($0.frame), value: $0.event, frameDuration: frameDuration)
        }
    }

    /// Compares what `recorder` saw with `expected` (and, with `checksRelease`, that the chain let
    /// go of its subscribers), reporting each failure at `callSite`; whether everything held.
    /// Values are named as `values` names them, else by their description; errors are compared
    /// as `sameEvents` does.
    func verify<Value: Equatable, Failure>(
        _ recorder: TestRecorder<Value, Failure>,
        watch: SubscriberWatch?,
        expected: [Recorded<Event<Value, Failure>>],
        values: [String: Value]?,
        marble: String,
        signal: Any,
        call: String = "expect(_:toEmit:)",
        at callSite: CallSite
    ) -> Bool {
        let name = { (value: Value) in Self.name(of: value, in: values ?? [:]) }
        // The messages name expect(_:toEmit:); another expectation names itself.
        let renamed = { (message: String) in
            message.hasPrefix("expect(_:toEmit:)")
                ? call + message.dropFirst("expect(_:toEmit:)".count) : message
        }
        var held = true
        if let message = ExpectationDiff.events(
            expected: expected, actual: recorder.events, on: self, name: name,
            same: { sameEvents($0, $1) })
        {
            let picture = MarbleDiagram.expectation(
                expected: expected, actual: recorder.events, on: self, name: name
            ).svg()
            report(renamed(message), picture: picture, at: callSite)
            held = false
        }
        if checksRelease,
            let message = releaseFailure(of: recorder, watch: watch, marble: marble, signal: signal)
        {
            report(renamed(message), at: callSite)
            held = false
        }
        return held
    }

    /// The first name (in sorted order) `values` gives `value`, or the value's description.
    static func name<Value: Equatable>(of value: Value, in values: [String: Value]) -> String {
        values.keys.sorted().first { values[$0] == value } ?? String(describing: value)
    }

}

/// Whether two recorded events are equal, comparing errors by `String(describing:)`.
func sameEvents<Value: Equatable, Failure>(
    _ left: Recorded<Event<Value, Failure>>, _ right: Recorded<Event<Value, Failure>>
) -> Bool {
    guard left.time == right.time else { return false }
    switch (left.value, right.value) {
    case (.next(let a), .next(let b)): return a == b
    case (.completed, .completed): return true
    case (.error(let a), .error(let b)): return sameFailure(a, b)
    default: return false
    }
}

/// Whether two errors are the same: `==` if their type is `Equatable`, else the same description.
private func sameFailure<Failure>(_ left: Failure, _ right: Failure) -> Bool {
    if let left = left as? any Equatable {
        return isEqual(left, right)
    }
    return String(describing: left) == String(describing: right)
}

private func isEqual<Left: Equatable>(_ left: Left, _ right: Any) -> Bool {
    (right as? Left).map { $0 == left } ?? false
}

/// Where an expectation was written, for both test frameworks.
struct CallSite {
    let sourceLocation: SourceLocation
    let file: StaticString
    let line: UInt

    init(
        _ sourceLocation: SourceLocation?, _ fileID: String, _ file: StaticString, _ line: UInt,
        _ column: UInt
    ) {
        self.sourceLocation =
            sourceLocation
            ?? SourceLocation(fileID: fileID, filePath: "\(file)", line: Int(line), column: Int(column))
        self.file = file
        self.line = line
    }
}
