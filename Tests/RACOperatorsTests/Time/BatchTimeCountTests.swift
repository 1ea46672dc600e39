import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// The arrays the buffer marbles name.
private let batches: [String: [String]] = [
    "x": ["a", "b"], "y": ["c"], "z": ["d"], "w": ["c", "d"], "e": [], "v": ["a"],
]

@Suite("buffer(for:count:on:) and window(for:count:on:): time or count, whichever first", .checksRelease)
struct BatchTimeCountTests {
    @Test("buffer(for:count:) sends a batch when full or when its time is up")
    func bufferValues() throws {
        try expectTimedMarbles(
            { source, scheduler in source.buffer(for: scheduler.frames(4), count: 2, on: scheduler) },
            output: batches, error: TestError(1),
            [
                MarbleCase("-a-b-c----d-|", "---x-----y--(z|)", ["^-----------!"]),
                MarbleCase("-a-b-c-d-|", "---x---w-|", ["^--------!"]),
            ])
    }

    @Test("buffer(for:count:): completion sends the pending batch, an error drops it; empty; disposal")
    func bufferTerminals() throws {
        try expectTimedMarbles(
            { source, scheduler in source.buffer(for: scheduler.frames(4), count: 3, on: scheduler) },
            output: batches, error: TestError(1),
            [
                MarbleCase("-a-|", "---(v|)", ["^--!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("|", "|", ["(^!)"]),
                MarbleCase("-a-b-c-|", "--", ["^-!"], disposeAt: 2),
            ])
    }

    @Test("buffer(for:count:): a value sent back into the source while a full batch is sent starts the next")
    func bufferReentrant() {
        let scheduler = TestScheduler(checksRelease: true)
        let source = Subject<Int, Never>()
        let log = EventLog<[Int], Never>(timedBy: scheduler)
        log.record(source.buffer(for: scheduler.frames(5), count: 2, on: scheduler)) { event in
            if case .next([1, 2]) = event { source.sendNext(3) }
        }
        source.sendNext(1)
        source.sendNext(2)
        #expect(log.values == [[1, 2]])
        scheduler.advance(by: scheduler.frames(5))
        #expect(log.values == [[1, 2], [3]])
        source.sendCompleted()
        #expect(scheduler.isEmpty)
    }

    @Test("window(for:count:) completes a window when full or when its time is up")
    func windowValues() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.createColdSignal("-a-b-c----d-|", error: TestError(1))
        let seen = recordWindows(
            source.window(for: scheduler.frames(4), count: 2, on: scheduler), on: scheduler)
        #expect(seen.outer == ["1:w", "5:w", "10:w", "12:|"])
        #expect(seen.windows == [["1:a", "3:b", "3:|"], ["5:c", "9:|"], ["10:d", "12:|"]])
        try scheduler.expect(source, toHaveSubscriptions: ["^-----------!"])
        #expect(scheduler.isEmpty)
    }

    @Test("window(for:count:): an error reaches the open window first; empty; disposal")
    func windowTerminals() throws {
        let scheduler = TestScheduler()
        let failing = try scheduler.createColdSignal("-a-#", error: TestError(1))
        let seen = recordWindows(
            failing.window(for: scheduler.frames(5), count: 2, on: scheduler), on: scheduler)
        #expect(seen.outer == ["1:w", "3:#"])
        #expect(seen.windows == [["1:a", "3:#"]])
        #expect(scheduler.isEmpty)

        let scheduler2 = TestScheduler()
        let empty = try scheduler2.createColdSignal("--|", error: TestError(1))
        let seenEmpty = recordWindows(
            empty.window(for: scheduler2.frames(2), count: 2, on: scheduler2), on: scheduler2)
        #expect(seenEmpty.outer == ["2:|"])

        let scheduler3 = TestScheduler()
        let long = try scheduler3.createColdSignal("-a----b-|", error: TestError(1))
        let disposed = recordWindows(
            long.window(for: scheduler3.frames(9), count: 5, on: scheduler3), on: scheduler3, disposeAt: 3)
        #expect(disposed.outer == ["1:w"])
        #expect(disposed.windows == [["1:a"]])
        try scheduler3.expect(long, toHaveSubscriptions: ["^--!"])
        #expect(scheduler3.isEmpty)
    }

    @Test("a count that is not positive stops with a message naming the call and the input")
    func badCounts() async {
        let buffer = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.buffer(for: .seconds(1), count: 0, on: VirtualTimeScheduler())
        }
        let bufferMessage = String(decoding: buffer?.standardErrorContent ?? [], as: UTF8.self)
        #expect(bufferMessage.contains("buffer(for:count:on:)") && bufferMessage.contains("got 0"))
        let window = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.window(for: .seconds(1), count: -1, on: VirtualTimeScheduler())
        }
        let windowMessage = String(decoding: window?.standardErrorContent ?? [], as: UTF8.self)
        #expect(windowMessage.contains("window(for:count:on:)") && windowMessage.contains("got -1"))
    }
}
