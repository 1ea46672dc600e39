import RACCore

extension TestScheduler {
    /// A cold signal that plays `marble` for each subscriber, frames counted from the moment it
    /// subscribes; names map through `values`, `#` sends `error`. RxTest: `createColdObservable`;
    /// RxJS: `cold(…)`. Nothing is sent until the scheduler is advanced, even at frame 0.
    ///
    /// ```
    /// let s = try scheduler.createColdSignal("-a-#", values: ["a": 1], error: Oops())
    /// subscriber at frame 2 sees:  ---a-#
    /// ```
    ///
    /// - Throws: `MarbleError` if the marble is malformed (including `^` or `!`), names a value
    ///   missing from `values`, or has a `#` without `error`.
    public func createColdSignal<Value, Failure: Error>(
        _ marble: String, values: [String: Value], error: Failure? = nil
    ) throws(MarbleError) -> TestSignal<Value, Failure> {
        try makeColdSignal(marble, values: .dictionary(values), error: error)
    }

    /// A cold signal that cannot fail; see `createColdSignal(_:values:error:)`.
    ///
    /// ```
    /// try scheduler.createColdSignal("-a-(bc)-|", values: ["a": 1, "b": 2, "c": 3])
    /// ```
    public func createColdSignal<Value>(
        _ marble: String, values: [String: Value]
    ) throws(MarbleError) -> TestSignal<Value, Never> {
        try makeColdSignal(marble, values: .dictionary(values), error: nil)
    }

    /// A cold signal of `String`s in which each name stands for itself (`a` sends `"a"`,
    /// `{abc}` sends `"abc"`); see `createColdSignal(_:values:error:)`.
    ///
    /// ```
    /// try scheduler.createColdSignal("-a-{bc}-#", error: Oops())   // "a", "bc", then Oops
    /// ```
    public func createColdSignal<Failure: Error>(
        _ marble: String, error: Failure? = nil
    ) throws(MarbleError) -> TestSignal<String, Failure> {
        try makeColdSignal(marble, values: .names, error: error)
    }

    /// A cold signal of `String`s that cannot fail, each name standing for itself.
    ///
    /// ```
    /// try scheduler.createColdSignal("-a-b-|")   // "a" at 1, "b" at 3, completed at 5
    /// ```
    public func createColdSignal(_ marble: String) throws(MarbleError) -> TestSignal<String, Never> {
        try makeColdSignal(marble, values: .names, error: nil)
    }

    /// A cold signal of any value type whose marble names no value: only frames, `|`, `#` and
    /// groups of them, so no `values:` dictionary is needed. The type comes from the context
    /// (`let s: TestSignal<Data, Oops> = …`). A value name in the marble throws `MarbleError`
    /// (`valuesNeeded`); a context that asks for `String` values gets the overload in which each
    /// name stands for itself instead.
    ///
    /// ```
    /// let failing: TestSignal<Data, Oops> = try scheduler.createColdSignal("-#", error: Oops())
    /// let empty: TestSignal<[Int], Oops> = try scheduler.createColdSignal("---|")
    /// ```
    @_disfavoredOverload
    public func createColdSignal<Value, Failure: Error>(
        _ marble: String, error: Failure? = nil
    ) throws(MarbleError) -> TestSignal<Value, Failure> {
        try makeColdSignal(marble, values: .absent, error: error)
    }

    /// A cold signal of any value type that cannot fail and whose marble names no value; see
    /// `createColdSignal(_:error:)` for any value type.
    ///
    /// ```
    /// let silent: TestSignal<Data, Never> = try scheduler.createColdSignal("--|")
    /// ```
    @_disfavoredOverload
    public func createColdSignal<Value>(_ marble: String) throws(MarbleError) -> TestSignal<Value, Never> {
        try makeColdSignal(marble, values: .absent, error: nil)
    }

    /// A hot signal playing `marble` once, in absolute virtual time shared by all subscribers:
    /// `^` is time zero (without `^`, the first character is), each later frame one
    /// `frameDuration` after it. RxTest: `createHotObservable`; RxJS: `hot(…)`.
    ///
    /// Events before `^` (and any whose time has passed when the signal is created) happened in
    /// the past: they are sent at once, to nobody, so a subscriber at time zero does not see
    /// them; but a terminal event among them is the signal's end, which every later subscriber
    /// receives at once (as from a terminated `Subject`). Events at `^`'s frame (write a group,
    /// `(^a)`) are seen by a subscriber at time zero.
    ///
    /// ```
    /// hot:                "-a-^-b-c-|"
    /// subscribed at 0:       ^-b-c-|
    /// subscribed at 3:       ---^c-|     (sees c at 4 and completed at 6)
    /// ```
    ///
    /// - Throws: `MarbleError` if the marble is malformed (two `^`, any `!`), names a value missing
    ///   from `values`, or has a `#` without `error`.
    public func createHotSignal<Value, Failure: Error>(
        _ marble: String, values: [String: Value], error: Failure? = nil
    ) throws(MarbleError) -> TestSignal<Value, Failure> {
        try makeHotSignal(marble, values: .dictionary(values), error: error)
    }

    /// A hot signal that cannot fail; see `createHotSignal(_:values:error:)`.
    ///
    /// ```
    /// try scheduler.createHotSignal("-a-^-b-|", values: ["a": 1, "b": 2])
    /// ```
    public func createHotSignal<Value>(
        _ marble: String, values: [String: Value]
    ) throws(MarbleError) -> TestSignal<Value, Never> {
        try makeHotSignal(marble, values: .dictionary(values), error: nil)
    }

    /// A hot signal of `String`s in which each name stands for itself; see
    /// `createHotSignal(_:values:error:)`.
    ///
    /// ```
    /// try scheduler.createHotSignal("^-a-#", error: Oops())
    /// ```
    public func createHotSignal<Failure: Error>(
        _ marble: String, error: Failure? = nil
    ) throws(MarbleError) -> TestSignal<String, Failure> {
        try makeHotSignal(marble, values: .names, error: error)
    }

    /// A hot signal of `String`s that cannot fail, each name standing for itself.
    ///
    /// ```
    /// try scheduler.createHotSignal("a-^-b-|")   // subscribers at 0 see "b" at 2, completed at 4
    /// ```
    public func createHotSignal(_ marble: String) throws(MarbleError) -> TestSignal<String, Never> {
        try makeHotSignal(marble, values: .names, error: nil)
    }

    /// A hot signal of any value type whose marble names no value (only frames, `^`, `|`, `#`
    /// and groups), so no `values:` dictionary is needed; see `createColdSignal(_:error:)` for any
    /// value type.
    ///
    /// ```
    /// let failing: TestSignal<Data, Oops> = try scheduler.createHotSignal("^--#", error: Oops())
    /// ```
    @_disfavoredOverload
    public func createHotSignal<Value, Failure: Error>(
        _ marble: String, error: Failure? = nil
    ) throws(MarbleError) -> TestSignal<Value, Failure> {
        try makeHotSignal(marble, values: .absent, error: error)
    }

    /// A hot signal of any value type that cannot fail and whose marble names no value.
    ///
    /// ```
    /// let ending: TestSignal<Data, Never> = try scheduler.createHotSignal("^---|")
    /// ```
    @_disfavoredOverload
    public func createHotSignal<Value>(_ marble: String) throws(MarbleError) -> TestSignal<Value, Never> {
        try makeHotSignal(marble, values: .absent, error: nil)
    }

    private func makeColdSignal<Value, Failure: Error>(
        _ marble: String, values: MarbleValues<Value>, error: Failure?
    ) throws(MarbleError) -> TestSignal<Value, Failure> {
        let parsed = try MarbleParser.parse(marble, as: .cold)
        let frames = try parsed.events(of: marble, values: values, error: error).grouped(by: \.frame)
        return TestSignal(marble: marble, isHot: false, scheduler: self) { [weak self] subscriber in
            guard let self else { return nil }
            let pending = CompoundDisposable()
            for (frame, events) in frames {
                pending += schedule(after: self.frames(frame)) {
                    for marbleEvent in events {
                        subscriber.send(marbleEvent.event)
                    }
                }
            }
            return pending
        }
    }

    private func makeHotSignal<Value, Failure: Error>(
        _ marble: String, values: MarbleValues<Value>, error: Failure?
    ) throws(MarbleError) -> TestSignal<Value, Failure> {
        let parsed = try MarbleParser.parse(marble, as: .hot)
        let zero = parsed.subscriptionFrame ?? 0
        let events = try parsed.events(of: marble, values: values, error: error)
        let subject = Subject<Value, Failure>(name: "hot \"\(marble)\"")
        let nowNanoseconds = now.exactNanoseconds ?? 0
        for (frame, group) in events.grouped(by: \.frame) {
            let due = Int64(frame - zero) * frameNanoseconds
            if due < nowNanoseconds {
                for marbleEvent in group {
                    subject.send(marbleEvent.event)
                }
            } else {
                schedule(after: .nanoseconds(due - nowNanoseconds)) {
                    for marbleEvent in group {
                        subject.send(marbleEvent.event)
                    }
                }
            }
        }
        return TestSignal(marble: marble, isHot: true, scheduler: self) { subscriber in
            subject.subscribe(subscriber)
            return nil
        }
    }
}
