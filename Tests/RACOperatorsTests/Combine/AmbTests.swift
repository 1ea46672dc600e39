import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Combine: amb and race", .checksRelease)
struct AmbTests {
    @Test("the first signal to send a value wins; the others are disposed at once")
    func firstValueWins() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let a = try scheduler.createColdSignal("---a--b-|", error: TestError(1))
        let b = try scheduler.createColdSignal("--c----d---|", error: TestError(1))
        let c = try scheduler.createColdSignal("----e-|", error: TestError(1))
        try scheduler.expect(Signal.amb(a, b, c), toEmit: "--c----d---|", error: TestError(1))
        try scheduler.expect(a, toHaveSubscriptions: ["^-!"])
        try scheduler.expect(b, toHaveSubscriptions: ["^----------!"])
        try scheduler.expect(c, toHaveSubscriptions: ["^-!"])
    }

    @Test("an error or a completion wins too")
    func terminalWins() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let a = try scheduler.createColdSignal("---a-|", error: TestError(1))
        let failing = try scheduler.createColdSignal("--#", error: TestError(1))
        try scheduler.expect(a.amb(failing), toEmit: "--#", error: TestError(1))
        try scheduler.expect(a, toHaveSubscriptions: ["^-!"])

        let scheduler2 = TestScheduler(checksRelease: true)
        let b = try scheduler2.createColdSignal("---a-|", error: TestError(1))
        let empty = try scheduler2.createColdSignal("-|", error: TestError(1))
        try scheduler2.expect(Signal.race(b, empty), toEmit: "-|", error: TestError(1))
        try scheduler2.expect(b, toHaveSubscriptions: ["^!"])
    }

    @Test("a signal that sends while subscribed wins before the later ones are subscribed")
    func synchronousWinner() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let later = try scheduler.createColdSignal("-a-|", error: TestError(1))
        let log = EventLog.of(Signal.amb([Signal(values: ["x", "y"]), later]))
        scheduler.run()
        #expect(log.descriptions == ["x", "y", "|"])
        try scheduler.expect(later, toHaveSubscriptions: [])
    }

    @Test("of no signals the result never sends; of one it is that signal")
    func degenerate() throws {
        let none = EventLog.of(Signal<Int, TestError>.amb([]))
        #expect(none.count == 0)
        let scheduler = TestScheduler(checksRelease: true)
        let only = try scheduler.createColdSignal("-a-b-#", error: TestError(1))
        try scheduler.expect(Signal.amb([only]), toEmit: "-a-b-#", error: TestError(1))
    }

    @Test("disposing before anyone wins disposes every competitor")
    func disposal() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let a = try scheduler.createColdSignal("-----a-|", error: TestError(1))
        let b = try scheduler.createColdSignal("------b-|", error: TestError(1))
        try scheduler.expect(a.amb(b), toEmit: "---", error: TestError(1), disposeAt: 3)
        try scheduler.expect(a, toHaveSubscriptions: ["^--!"])
        try scheduler.expect(b, toHaveSubscriptions: ["^--!"])
    }

    @Test("competitors sending at once from several threads: exactly one wins, its values in order")
    func concurrentCompetitors() {
        for _ in 0..<50 {
            let subjects = (0..<4).map { _ in Subject<Int, Never>() }
            let log = EventLog.of(Signal.amb(subjects))
            onThreads(4) { thread in
                for value in 0..<20 { subjects[thread].sendNext(thread * 100 + value) }
            }
            let values = log.values
            #expect(values.count == 20)
            let winner = (values.first ?? 0) / 100
            #expect(values == (0..<20).map { winner * 100 + $0 })
            #expect(
                subjects.enumerated().allSatisfy { $0.offset == winner || $0.element.subscriberCount == 0 })
        }
    }
}
