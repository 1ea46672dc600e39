import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("take(for:on:) and skip(for:on:) on virtual time", .checksRelease)
struct TakeSkipForTests {
    @Test("take(for:) forwards until the time runs out, then completes, disposing the source")
    func takeFor() throws {
        try expectTimedMarbles(
            { source, scheduler in source.take(for: scheduler.frames(4), on: scheduler) },
            [
                MarbleCase("-a-b-c-d-|", "-a-b|", ["^---!"]),
                // A value in the instant the time runs out comes after the timer.
                MarbleCase("----a-|", "----|", ["^---!"]),
                MarbleCase("-a-#", "-a-#", ["^--!"]),
                MarbleCase("-a|", "-a|", ["^-!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("|", "|", ["(^!)"]),
                MarbleCase("-a-b-c-|", "-a", ["^-!"], disposeAt: 2),
            ])
    }

    @Test("take(for: .zero) completes at the scheduler's next turn")
    func takeForZero() throws {
        try expectTimedMarbles(
            { source, scheduler in source.take(for: .zero, on: scheduler) },
            [MarbleCase("-a-|", "|", ["(^!)"])])
    }

    @Test("skip(for:) drops values until the time runs out, then forwards them")
    func skipFor() throws {
        try expectTimedMarbles(
            { source, scheduler in source.skip(for: scheduler.frames(4), on: scheduler) },
            [
                MarbleCase("-a-b-c-d-|", "-----c-d-|", ["^--------!"]),
                // A value in the instant the time runs out comes after the timer.
                MarbleCase("----a-|", "----a-|", ["^-----!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("-a-b-|", "-----|", ["^----!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("|", "|", ["(^!)"]),
                MarbleCase("-a-b-c-|", "---", ["^--!"], disposeAt: 3),
                MarbleCase("-a-b-c-|", "-----c", ["^-----!"], disposeAt: 6),
            ])
    }

    @Test("a negative duration stops with a message naming the call")
    func badDurations() async {
        let take = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.take(for: .seconds(-1), on: VirtualTimeScheduler())
        }
        let takeMessage = String(decoding: take?.standardErrorContent ?? [], as: UTF8.self)
        #expect(takeMessage.contains("take(for:on:)") && takeMessage.contains("-1"))
        let skip = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.skip(for: .seconds(1), on: Scheduler.immediate)
        }
        let skipMessage = String(decoding: skip?.standardErrorContent ?? [], as: UTF8.self)
        #expect(skipMessage.contains("skip(for:on:)") && skipMessage.contains("ImmediateScheduler"))
    }
}
