import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Filter: ifEmpty(default:), ifEmpty(switchTo:)", .checksRelease)
struct IfEmptyTests {
    @Test("ifEmpty(default:) sends the default before the completion of a source that sent no value")
    func ifEmptyDefault() throws {
        try expectMarbles(
            { $0.ifEmpty(default: "z") },
            [
                MarbleCase("---|", "---(z|)", ["^--!"]),
                MarbleCase("|", "(z|)", ["(^!)"]),
                MarbleCase("-a-b-|", "-a-b-|", ["^----!"]),
                MarbleCase("--#", "--#", ["^-!"]),
                MarbleCase("-a-#", "-a-#", ["^--!"]),
                MarbleCase("-----|", "--", ["^-!"], disposeAt: 2),
            ])
    }

    @Test("ifEmpty(switchTo:) subscribes to the other signal only when the source completes empty")
    func ifEmptySwitch() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let empty = try scheduler.createColdSignal("---|", error: TestError(1))
        let other = try scheduler.createColdSignal("-x-y-|", error: TestError(1))
        try scheduler.expect(empty.ifEmpty(switchTo: other), toEmit: "----x-y-|", error: TestError(1))
        try scheduler.expect(empty, toHaveSubscriptions: ["^--!"])
        try scheduler.expect(other, toHaveSubscriptions: ["---^----!"])
    }

    @Test("ifEmpty(switchTo:): a source with a value, or one that fails, never subscribes the other")
    func ifEmptySwitchNotNeeded() throws {
        for (source, expected) in [("-a-|", "-a-|"), ("--#", "--#"), ("-a-#", "-a-#")] {
            let scheduler = TestScheduler(checksRelease: true)
            let values = try scheduler.createColdSignal(source, error: TestError(1))
            let other = try scheduler.createColdSignal("-x-|", error: TestError(1))
            try scheduler.expect(values.ifEmpty(switchTo: other), toEmit: expected, error: TestError(1))
            try scheduler.expect(other, toHaveSubscriptions: [])
        }
    }

    @Test("ifEmpty(switchTo:): the other's error is the result's; disposal reaches whichever runs")
    func ifEmptySwitchErrorAndDisposal() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let empty = try scheduler.createColdSignal("-|", error: TestError(1))
        let failing = try scheduler.createColdSignal("-x-#", error: TestError(2))
        try scheduler.expect(empty.ifEmpty(switchTo: failing), toEmit: "--x-#", error: TestError(2))

        let scheduler2 = TestScheduler(checksRelease: true)
        let source = try scheduler2.createColdSignal("--|", error: TestError(1))
        let other = try scheduler2.createColdSignal("-x-y-|", error: TestError(1))
        try scheduler2.expect(
            source.ifEmpty(switchTo: other), toEmit: "---x-", error: TestError(1), disposeAt: 5)
        try scheduler2.expect(other, toHaveSubscriptions: ["--^--!"])
        #expect(
            disposalReachesSource { (source: Signal<Int, TestError>) in source.ifEmpty(switchTo: numbers([1]))
            })
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.ifEmpty(default: 0) })
    }

    @Test("ifEmpty(switchTo:) of a synchronous empty source and a synchronous other")
    func synchronous() {
        #expect(
            eventsOf(numbers([]).ifEmpty(switchTo: numbers([7, 8]))) == [.next(7), .next(8), .completed])
        #expect(eventsOf(numbers([1]).ifEmpty(switchTo: numbers([7]))) == [.next(1), .completed])
        #expect(eventsOf(numbers([]).ifEmpty(default: 9)) == [.next(9), .completed])
    }
}
