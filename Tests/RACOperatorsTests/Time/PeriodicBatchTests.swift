import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// The arrays the buffer marbles name (`e` is the empty batch).
private let batches: [String: [String]] = [
    "x": ["a", "b"], "y": ["c"], "e": [], "v": ["a"],
]

@Suite("buffer(every:count:on:) and window(every:count:on:): periodic, empty ones included", .checksRelease)
struct PeriodicBatchTests {
    @Test("buffer(every:) sends a batch every interval from subscription, empty if the source was silent")
    func bufferValues() throws {
        try expectTimedMarbles(
            { source, scheduler in source.buffer(every: scheduler.frames(4), on: scheduler) },
            output: batches, error: TestError(1),
            [
                MarbleCase("-a-b-------c-|", "----x---e---y|", ["^------------!"]),
                // A silent source shows as empty batches.
                MarbleCase("---------|", "----e---e|", ["^--------!"]),
            ])
    }

    @Test("buffer(every:count:) also sends a full batch at once, and the period restarts from there")
    func bufferCount() throws {
        try expectTimedMarbles(
            { source, scheduler in source.buffer(every: scheduler.frames(4), count: 2, on: scheduler) },
            output: batches, error: TestError(1),
            [MarbleCase("-a-b-c------|", "---x---y---e|", ["^-----------!"])])
    }

    @Test("buffer(every:): completion sends a batch that holds a value; an error drops it; disposal")
    func bufferTerminals() throws {
        try expectTimedMarbles(
            { source, scheduler in source.buffer(every: scheduler.frames(4), on: scheduler) },
            output: batches, error: TestError(1),
            [
                MarbleCase("-a-|", "---(v|)", ["^--!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("|", "|", ["(^!)"]),
                MarbleCase("-a-b-c-|", "----x", ["^----!"], disposeAt: 5),
            ])
    }

    @Test("window(every:) opens a window at subscription and every interval, empty ones included")
    func windowValues() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.createColdSignal("-a-b-------c-|", error: TestError(1))
        let seen = recordWindows(source.window(every: scheduler.frames(4), on: scheduler), on: scheduler)
        #expect(seen.outer == ["0:w", "4:w", "8:w", "12:w", "13:|"])
        #expect(seen.windows == [["1:a", "3:b", "4:|"], ["8:|"], ["11:c", "12:|"], ["13:|"]])
        try scheduler.expect(source, toHaveSubscriptions: ["^------------!"])
        #expect(scheduler.isEmpty)
    }

    @Test("window(every:count:) completes a full window at once, opens the next and restarts the period")
    func windowCount() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.createColdSignal("-a-b-c-----|", error: TestError(1))
        let seen = recordWindows(
            source.window(every: scheduler.frames(4), count: 2, on: scheduler), on: scheduler)
        #expect(seen.outer == ["0:w", "3:w", "7:w", "11:|"])
        #expect(seen.windows == [["1:a", "3:b", "3:|"], ["5:c", "7:|"], ["11:|"]])
        #expect(scheduler.isEmpty)
    }

    @Test("window(every:): an error reaches the open window first; an empty source; disposal")
    func windowTerminals() throws {
        let scheduler = TestScheduler()
        let failing = try scheduler.createColdSignal("-a-#", error: TestError(1))
        let seen = recordWindows(failing.window(every: scheduler.frames(5), on: scheduler), on: scheduler)
        #expect(seen.outer == ["0:w", "3:#"])
        #expect(seen.windows == [["1:a", "3:#"]])
        #expect(scheduler.isEmpty)

        let scheduler2 = TestScheduler()
        let empty = try scheduler2.createColdSignal("|", error: TestError(1))
        let seenEmpty = recordWindows(
            empty.window(every: scheduler2.frames(2), on: scheduler2), on: scheduler2)
        #expect(seenEmpty.outer == ["0:w", "0:|"])
        #expect(seenEmpty.windows == [["0:|"]])
        #expect(scheduler2.isEmpty)

        let scheduler3 = TestScheduler()
        let long = try scheduler3.createColdSignal("-a----b-|", error: TestError(1))
        let disposed = recordWindows(
            long.window(every: scheduler3.frames(2), on: scheduler3), on: scheduler3, disposeAt: 3)
        #expect(disposed.outer == ["0:w", "2:w"])
        #expect(disposed.windows == [["1:a", "2:|"], []])
        try scheduler3.expect(long, toHaveSubscriptions: ["^--!"])
        #expect(scheduler3.isEmpty)
    }

    @Test("a value sent back into the source from a window filling up goes to the next window")
    func windowReentrant() {
        let scheduler = TestScheduler(checksRelease: true)
        let source = Subject<Int, Never>()
        let windows = Log<EventLog<Int, Never>>()
        let outer = EventLog<Signal<Int, Never>, Never>()
        outer.record(source.window(every: scheduler.frames(5), count: 2, on: scheduler)) { event in
            guard case .next(let window) = event else { return }
            let log = EventLog<Int, Never>()
            windows.append(log)
            log.record(window) { inner in
                if case .next(2) = inner { source.sendNext(3) }
            }
        }
        source.sendNext(1)
        source.sendNext(2)
        source.sendCompleted()
        #expect(windows.all.map(\.events) == [[.next(1), .next(2), .completed], [.next(3), .completed]])
        #expect(scheduler.isEmpty)
    }

    @Test("a count or interval that is not positive stops with a message naming the call and the input")
    func badInput() async {
        let buffer = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.buffer(every: .seconds(1), count: 0, on: VirtualTimeScheduler())
        }
        let bufferMessage = String(decoding: buffer?.standardErrorContent ?? [], as: UTF8.self)
        #expect(bufferMessage.contains("buffer(every:count:on:)") && bufferMessage.contains("got 0"))
        let window = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.window(every: .zero, on: VirtualTimeScheduler())
        }
        let windowMessage = String(decoding: window?.standardErrorContent ?? [], as: UTF8.self)
        #expect(windowMessage.contains("window(every:count:on:)") && windowMessage.contains("got 0"))
    }
}
