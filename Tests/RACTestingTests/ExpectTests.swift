import RACTestSupport
import RACTesting
import Testing

@Suite("expect(_:toEmit:) and expect(_:toHaveSubscriptions:)", .checksRelease)
struct ExpectTests {
    let scheduler = TestScheduler(checksRelease: true)

    @Test("a matching signal passes, with values, errors, String names and disposeAt")
    func passing() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let capture = FailureCapture(scheduler)
        let numbers = try scheduler.createColdSignal("-a-b-#", values: ["a": 1, "b": 2], error: TestError(1))
        #expect(
            try scheduler.expect(numbers, toEmit: "-a-b-#", values: ["a": 1, "b": 2], error: TestError(1)))
        #expect(try scheduler.expect(numbers, toHaveSubscriptions: ["^----!"]))

        let second = TestScheduler(checksRelease: true)
        let letters = try second.createColdSignal("-a-{bc}-|")
        #expect(try second.expect(letters, toEmit: "-a-{bc}-|"))

        let third = TestScheduler(checksRelease: true)
        let endless = try third.createHotSignal("^-a-b-c-d", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        #expect(
            try third.expect(endless, toEmit: "- - a - b", values: ["a": 1, "b": 2], disposeAt: 5))
        #expect(try third.expect(endless, toHaveSubscriptions: ["^----!"]))
        #expect(capture.all.isEmpty)
    }

    @Test("marbles count from time zero: a second expect after time has passed starts with dashes")
    func absoluteTime() throws {
        let source = try scheduler.createColdSignal("-a|")
        try scheduler.expect(source, toEmit: "-a|")
        #expect(scheduler.currentFrame == 2)
        try scheduler.expect(source, toEmit: "---a|")
        try scheduler.expect(source, toHaveSubscriptions: ["^-!", "--^-!"])
    }

    @Test("a signal that never ends stays subscribed after expect, so its subscription has no '!'")
    func staysSubscribed() throws {
        let source = try scheduler.createColdSignal("-a--")
        #expect(try scheduler.expect(source, toEmit: "-a"))
        #expect(try scheduler.expect(source, toHaveSubscriptions: ["^"]))
    }

    @Test("an operator result is checked against the marble: map")
    func operatorResult() throws {
        let source = try scheduler.createColdSignal("-a-b-|", values: ["a": 1, "b": 2])
        let doubled = Signal<Int, Never> { subscriber in
            source.subscribe(
                next: { subscriber.sendNext($0 * 10) }, completed: subscriber.sendCompleted)
        }
        try scheduler.expect(doubled, toEmit: "-x-y-|", values: ["x": 10, "y": 20])
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
    }

    @Test("a mismatch reports the marbles side by side, a caret at the first difference, and the events")
    func eventDiff() throws {
        let capture = FailureCapture(scheduler)
        let source = try scheduler.createColdSignal("-a-b-|", values: ["a": 1, "b": 2])
        let line = #line + 1
        let passed = try scheduler.expect(source, toEmit: "-a-(b|)", values: ["a": 1, "b": 2])
        #expect(!passed)
        #expect(
            capture.messages == [
                """
                expect(_:toEmit:) failed: the events differ from frame 3 on
                  expected: -a-(b|)
                  actual:   -a-b   -|
                               ^
                    expected events       actual events
                    frame 1: next(1)      frame 1: next(1)
                    frame 3: next(2)      frame 3: next(2)
                  * frame 3: completed    frame 5: completed
                """
            ])
        let failure = try #require(capture.all.first)
        #expect(failure.sourceLocation.line == line)
        #expect(failure.sourceLocation.fileName == "ExpectTests.swift")
        #expect(failure.line == UInt(line))
        #expect("\(failure.file)".hasSuffix("ExpectTests.swift"))
        #expect(failure.description == failure.message)
    }

    @Test("values missing from the dictionary show as {description}; missing events as blank rows")
    func unnamedValuesAndMissingRows() throws {
        let capture = FailureCapture(scheduler)
        let source = try scheduler.createColdSignal("a-b-c", values: ["a": 1, "b": 2, "c": 42])
        try scheduler.expect(source, toEmit: "a-b", values: ["a": 1, "b": 2])
        #expect(
            capture.messages == [
                """
                expect(_:toEmit:) failed: the events differ from frame 4 on
                  expected: a-b
                  actual:   a-b-{42}
                                ^
                    expected events     actual events
                    frame 0: next(1)    frame 0: next(1)
                    frame 2: next(2)    frame 2: next(2)
                  *                     frame 4: next(42)
                """
            ])
    }

    @Test("a signal that sends nothing shows '(no events)'")
    func noEvents() throws {
        let capture = FailureCapture(scheduler)
        try scheduler.expect(Signal<String, Never>.never, toEmit: "--{hello}")
        #expect(
            capture.messages == [
                """
                expect(_:toEmit:) failed: the events differ from frame 2 on
                  expected: --{hello}
                  actual:   (no events)
                              ^
                    expected events         actual events
                  * frame 2: next(hello)
                """
            ])
    }

    @Test("errors are compared with == when Equatable, by description otherwise")
    func errorComparison() throws {
        let capture = FailureCapture(scheduler)
        let equatable = try scheduler.createColdSignal("-#", values: ["a": 1], error: TestError(1))
        try scheduler.expect(equatable, toEmit: "-#", values: ["a": 1], error: TestError(2))

        let opaqueScheduler = TestScheduler(checksRelease: true)
        let opaqueCapture = FailureCapture(opaqueScheduler)
        let opaque = try opaqueScheduler.createColdSignal(
            "-a-#", values: ["a": 1], error: Opaque(reason: "disk"))
        #expect(
            try opaqueScheduler.expect(
                opaque, toEmit: "-a-#", values: ["a": 1], error: Opaque(reason: "disk")))
        try opaqueScheduler.expect(
            opaque, toEmit: "----a-#", values: ["a": 1], error: Opaque(reason: "net"))

        let namesScheduler = TestScheduler(checksRelease: true)
        let names = try namesScheduler.createColdSignal("-#", error: Opaque(reason: "x"))
        #expect(try namesScheduler.expect(names, toEmit: "-#", error: Opaque(reason: "x")))
        #expect(
            capture.messages == [
                """
                expect(_:toEmit:) failed: the events differ from frame 1 on
                  expected: -#
                  actual:   -#
                             ^
                    expected events                 actual events
                  * frame 1: error(TestError(2))    frame 1: error(TestError(1))
                """
            ])
        #expect(
            opaqueCapture.messages == [
                """
                expect(_:toEmit:) failed: the events differ from frame 6 on
                  expected: ----a-#
                  actual:   ----a-#
                                  ^
                    expected events                actual events
                    frame 4: next(1)               frame 4: next(1)
                  * frame 6: error(Opaque(net))    frame 6: error(Opaque(disk))
                """
            ])
    }

    @Test("a subscription mismatch lists expected and actual subscription marbles")
    func subscriptionDiff() throws {
        let capture = FailureCapture(scheduler)
        let source = try scheduler.createColdSignal("-a-b-|")
        try scheduler.expect(source, toEmit: "-a-b-|")
        let passed = try scheduler.expect(source, toHaveSubscriptions: ["^--!", "--^"])
        #expect(!passed)
        #expect(
            capture.messages == [
                """
                expect(_:toHaveSubscriptions:) failed: the subscriptions differ
                    expected subscriptions    actual subscriptions
                  * ^--!                      ^----!
                  * --^                       (none)
                """
            ])
    }

    @Test("checksRelease: a subscription that ended while the signal kept its subscriber is a leak")
    func releaseCheck() throws {
        let kept = Locked<[Subscriber<String, Never>]>([])
        /// `source`, but keeping every subscriber it is given.
        func hoarding(_ source: Signal<String, Never>) -> Signal<String, Never> {
            Signal(name: "hoarding") { subscriber in
                kept.withValue { $0.append(subscriber) }
                return source.subscribe(subscriber)
            }
        }
        let capture = FailureCapture(scheduler)
        let source = try scheduler.createColdSignal("-a-|")
        let line = #line + 1
        #expect(try !scheduler.expect(hoarding(source), toEmit: "-a-|"))
        #expect(try !scheduler.expect(hoarding(source), toEmit: "----a", disposeAt: 5))
        #expect(
            capture.messages == [
                """
                expect(_:toEmit:) failed: the subscription ended at frame 3 but the signal did not \
                release its subscriber (a leak: something in the chain still holds it)
                  marble: -a-|
                  signal: <Signal<String, Never>: hoarding>
                  held by a closure's capture or by an object the library does not know (no other \
                object it knows of is alive)
                """,
                """
                expect(_:toEmit:) failed: the subscription ended at frame 5 but the signal did not \
                release its subscriber (a leak: something in the chain still holds it)
                  marble: ----a
                  signal: <Signal<String, Never>: hoarding>
                  held by a closure's capture or by an object the library does not know (no other \
                object it knows of is alive)
                """,
            ])
        #expect(capture.all.first?.sourceLocation.line == line)

        // Not checked: a subscription still active after the run, or without checksRelease.
        let active = TestScheduler(checksRelease: true)
        #expect(try active.expect(hoarding(try active.createColdSignal("-a-")), toEmit: "-a-"))
        let unchecked = TestScheduler()
        #expect(!unchecked.checksRelease)
        #expect(try unchecked.expect(hoarding(try unchecked.createColdSignal("-a-|")), toEmit: "-a-|"))
        unchecked.checksRelease = true
        #expect(unchecked.checksRelease)
    }

    @Test("inside a Swift Testing test the automatic reporter records an issue at the call site")
    func automaticReporterRecordsIssue() throws {
        let source = try scheduler.createColdSignal("-a|")
        let line = #line + 2
        try withKnownIssue {
            try scheduler.expect(source, toEmit: "-b|")
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue) == [
                    """
                    expect(_:toEmit:) failed: the events differ from frame 1 on
                      expected: -b|
                      actual:   -a|
                                 ^
                        expected events       actual events
                      * frame 1: next(b)      frame 1: next(a)
                        frame 2: completed    frame 2: completed
                    """
                ]
        }
    }
}
