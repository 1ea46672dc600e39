import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// Records a signal of windows on `scheduler` with RACTesting's `TestRecorder`, and each window as it
/// arrives, runs the scheduler, and returns what arrived when, each event as "frame:event" (`w` a
/// window, `|` completed, `#` error); `disposeAt` disposes the outer subscription at that frame.
func recordWindows(
    _ signal: Signal<Signal<String, TestError>, TestError>, on scheduler: TestScheduler, disposeAt: Int? = nil
) -> (outer: [String], windows: [[String]]) {
    let windows = Log<TestRecorder<String, TestError>>()
    let outer = scheduler.record(signal.doNext { windows.append(scheduler.record($0)) }, disposeAt: disposeAt)
    scheduler.run()
    func stamp<Value>(_ recorded: Recorded<Event<Value, TestError>>, _ text: (Value) -> String) -> String {
        let frame = Int(recorded.time / scheduler.frameDuration)
        switch recorded.value {
        case .next(let value): return "\(frame):\(text(value))"
        case .error: return "\(frame):#"
        case .completed: return "\(frame):|"
        }
    }
    return (
        outer.events.map { stamp($0) { _ in "w" } },
        windows.entries.map { window in window.events.map { stamp($0) { $0 } } }
    )
}

@Suite("Higher-order: window(count:) and window(for:on:)", .checksRelease)
struct WindowTests {
    @Test("window(count:) opens a window with a value and completes it when full")
    func byCount() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.createColdSignal("-a-b-c-d-e-|", error: TestError(1))
        let seen = recordWindows(source.window(count: 2), on: scheduler)
        #expect(seen.outer == ["1:w", "5:w", "9:w", "11:|"])
        #expect(seen.windows == [["1:a", "3:b", "3:|"], ["5:c", "7:d", "7:|"], ["9:e", "11:|"]])
        try scheduler.expect(source, toHaveSubscriptions: ["^----------!"])
    }

    @Test("window(count:) of an empty signal sends no window; an error reaches the open window first")
    func byCountTerminals() throws {
        let scheduler = TestScheduler()
        let empty = try scheduler.createColdSignal("--|", error: TestError(1))
        let seenEmpty = recordWindows(empty.window(count: 2), on: scheduler)
        #expect(seenEmpty.outer == ["2:|"])
        #expect(seenEmpty.windows.isEmpty)

        let scheduler2 = TestScheduler()
        let failing = try scheduler2.createColdSignal("-a-b-c-#", error: TestError(1))
        let seen = recordWindows(failing.window(count: 2), on: scheduler2)
        #expect(seen.outer == ["1:w", "5:w", "7:#"])
        #expect(seen.windows == [["1:a", "3:b", "3:|"], ["5:c", "7:#"]])
    }

    @Test("disposing the result disposes the source; the open window gets nothing more")
    func byCountDisposal() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.createColdSignal("-a-b-c-d-|", error: TestError(1))
        let seen = recordWindows(source.window(count: 3), on: scheduler, disposeAt: 4)
        #expect(seen.outer == ["1:w"])
        #expect(seen.windows == [["1:a", "3:b"]])
        try scheduler.expect(source, toHaveSubscriptions: ["^---!"])
    }

    @Test("window(for:on:) opens with a value and closes the interval after it opened")
    func byTime() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.createColdSignal("-a-b------c--|", error: TestError(1))
        let seen = recordWindows(source.window(for: scheduler.frames(4), on: scheduler), on: scheduler)
        #expect(seen.outer == ["1:w", "10:w", "13:|"])
        #expect(seen.windows == [["1:a", "3:b", "5:|"], ["10:c", "13:|"]])
        try scheduler.expect(source, toHaveSubscriptions: ["^------------!"])
    }

    @Test("window(for:on:): error, empty and disposal")
    func byTimeTerminals() throws {
        let scheduler = TestScheduler()
        let failing = try scheduler.createColdSignal("-a-#", error: TestError(1))
        let seen = recordWindows(failing.window(for: scheduler.frames(5), on: scheduler), on: scheduler)
        #expect(seen.outer == ["1:w", "3:#"])
        #expect(seen.windows == [["1:a", "3:#"]])
        #expect(scheduler.isEmpty)  // the timer was cancelled

        let scheduler2 = TestScheduler()
        let empty = try scheduler2.createColdSignal("-|", error: TestError(1))
        #expect(
            recordWindows(empty.window(for: scheduler2.frames(2), on: scheduler2), on: scheduler2).outer == [
                "1:|"
            ])

        let scheduler3 = TestScheduler()
        let long = try scheduler3.createColdSignal("-a----b-|", error: TestError(1))
        let disposed = recordWindows(
            long.window(for: scheduler3.frames(9), on: scheduler3), on: scheduler3, disposeAt: 3)
        #expect(disposed.outer == ["1:w"])
        #expect(disposed.windows == [["1:a"]])
        try scheduler3.expect(long, toHaveSubscriptions: ["^--!"])
    }

    @Test("a count or interval that is not positive stops with a message naming the call and the input")
    func badInput() async {
        let count = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.window(count: 0)
        }
        let countMessage = String(decoding: count?.standardErrorContent ?? [], as: UTF8.self)
        #expect(countMessage.contains("window(count:)") && countMessage.contains("got 0"))
        let time = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.window(for: .zero, on: TestScheduler())
        }
        let timeMessage = String(decoding: time?.standardErrorContent ?? [], as: UTF8.self)
        #expect(timeMessage.contains("window(for:on:)") && timeMessage.contains("got 0"))
        let buffer = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.buffer(count: -2)
        }
        let bufferMessage = String(decoding: buffer?.standardErrorContent ?? [], as: UTF8.self)
        #expect(bufferMessage.contains("buffer(count:)") && bufferMessage.contains("got -2"))
    }
}
