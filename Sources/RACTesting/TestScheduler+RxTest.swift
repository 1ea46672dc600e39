import RACCore
import Testing

// The habits of RxTest users, in frames: scheduleAt, advance(to:)/advance(by:) with a frame
// count, a recorder made before the subscription, and a marble check of what it recorded.

extension TestScheduler {
    /// Runs `action` at the start of frame `frame` (counted from time zero), in order with
    /// everything else due then. RxTest: `scheduleAt(_:action:)`. A frame already past is a
    /// programmer error naming the call.
    ///
    /// ```
    /// scheduler.scheduleAt(2) { _ = connection.connect() }   // connects at frame 2
    /// ```
    ///
    /// - Returns: a disposable that cancels `action` if it has not run.
    @discardableResult
    public func scheduleAt(_ frame: Int, action: @escaping () -> Void) -> (any Disposable)? {
        let time = frames(frame)
        if time < now {
            racProgrammerError(
                "TestScheduler.scheduleAt(_:action:)",
                "frame \(frame) has passed (now is frame \(currentFrame))")
        }
        return schedule(after: time - now, action)
    }

    /// Moves the clock to the start of frame `frame`, as RxTest's `advanceTo(_:)`:
    /// `advance(toFrame:)` under RxTest's name. A frame earlier than now is a programmer error.
    ///
    /// ```
    /// "-a-b"  advance(to: 3) -> a and b seen
    /// ```
    @_disfavoredOverload
    public func advance(to frame: Int) {
        if frames(frame) < now {
            racProgrammerError(
                "TestScheduler.advance(to:)", "frame \(frame) is earlier than now (frame \(currentFrame))")
        }
        advance(toFrame: frame)
    }

    /// Moves the clock `count` frames on: `advance(frames:)` with RxTest's label.
    ///
    /// ```
    /// "-a-b"  advance(by: 2) -> a seen, b not yet
    /// ```
    @_disfavoredOverload
    public func advance(by count: Int) {
        advance(frames: count)
    }

    /// A recorder that is not subscribed yet, to subscribe by hand (`signal.subscribe(recorder)`),
    /// at any time, once: RxTest's `createObserver(_:)`. It stamps what it receives with this
    /// scheduler's virtual time; check it with `expect(_:toHaveRecorded:…)`.
    ///
    /// ```
    /// let recorder = scheduler.createRecorder(String.self)
    /// connection.signal.subscribe(recorder)       // before connect
    /// scheduler.scheduleAt(2) { _ = connection.connect() }
    /// ```
    public func createRecorder<Value>(_ type: Value.Type) -> TestRecorder<Value, Never> {
        TestRecorder(scheduler: self, cutoff: nil)
    }

    /// `createRecorder(_:)` for a signal that can fail with `failure`.
    ///
    /// ```
    /// let recorder = scheduler.createRecorder(Int.self, failure: Oops.self)
    /// ```
    public func createRecorder<Value, Failure: Error>(
        _ type: Value.Type, failure: Failure.Type
    ) -> TestRecorder<Value, Failure> {
        TestRecorder(scheduler: self, cutoff: nil)
    }

    /// Checks that `recorder` has recorded exactly what `marble` shows (frames from time zero),
    /// with the same diff as `expect(_:toEmit:)` and its values: through `values`, or without
    /// them, a `String` name standing for itself (any other type's marble names no value). It
    /// looks at what has been recorded so far and does not advance the scheduler: advance first
    /// (`run()`, `advance(to:)`). RxTest: `XCTAssertEqual(observer.events, […])`.
    ///
    /// ```
    /// source "-a-b-|" published, connected at 2:
    /// try scheduler.expect(recorder, toHaveRecorded: "---a-b-|", values: ["a": 1, "b": 2])
    /// try scheduler.expect(recorder, toHaveRecorded: "---a-b-|")   // String values
    /// try scheduler.expect(recorder, toHaveRecorded: "-----|")     // no value named
    /// ```
    ///
    /// - Throws: `MarbleError` for a malformed marble, a name missing from `values` (or any name,
    ///   without `values`, unless `Value` is `String`), or a `#` without `error`.
    @discardableResult
    public func expect<Value: Equatable, Failure: Error>(
        _ recorder: TestRecorder<Value, Failure>,
        toHaveRecorded marble: String,
        values: [String: Value]? = nil,
        error: Failure? = nil,
        sourceLocation: SourceLocation? = nil, fileID: String = #fileID, file: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) throws(MarbleError) -> Bool {
        let expected = try expectedEvents(marble, values: values, error: error)
        return verify(
            recorder, watch: nil, expected: expected, values: values, marble: marble, signal: "a recorder",
            call: "expect(_:toHaveRecorded:)", at: CallSite(sourceLocation, fileID, file, line, column))
    }
}
