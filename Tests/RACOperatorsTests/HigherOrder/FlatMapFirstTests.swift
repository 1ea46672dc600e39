import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// A cold signal of `marble` on `scheduler`, failing with `TestError(1)`.
private func cold(_ scheduler: TestScheduler, _ marble: String) throws -> TestSignal<String, TestError> {
    try scheduler.createColdSignal(marble, error: TestError(1))
}

@Suite("HigherOrder: flatMapFirst, exhaust", .checksRelease)
struct FlatMapFirstTests {
    @Test("flatMapFirst: values arriving while an inner signal runs are dropped, transform not called")
    func values() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try cold(scheduler, "-1-2---3---|")
        let first = try cold(scheduler, "a---b|")
        let third = try cold(scheduler, "c-d|")
        var transformed: [String] = []
        let result = source.flatMapFirst { value in
            transformed.append(value)
            return value == "1" ? first : third
        }
        try scheduler.expect(result, toEmit: "-a---b-c-d-|")
        #expect(transformed == ["1", "3"])
        try scheduler.expect(first, toHaveSubscriptions: ["-^----!"])
        try scheduler.expect(third, toHaveSubscriptions: ["-------^--!"])
    }

    @Test("flatMapFirst: the source's completion waits for the running inner signal")
    func completion() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try cold(scheduler, "-1-2|")
        let inner = try cold(scheduler, "a---b|")
        try scheduler.expect(source.flatMapFirst { _ in inner }, toEmit: "-a---b|")
        try scheduler.expect(source, toHaveSubscriptions: ["^---!"])
        try scheduler.expect(inner, toHaveSubscriptions: ["-^----!"])
    }

    @Test("flatMapFirst: an error from the inner signal or from the source disposes both, then is forwarded")
    func errors() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try cold(scheduler, "-1-2----|")
        let failing = try cold(scheduler, "a--#")
        try scheduler.expect(source.flatMapFirst { _ in failing }, toEmit: "-a--#", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^---!"])
        try scheduler.expect(failing, toHaveSubscriptions: ["-^--!"])

        let second = TestScheduler(checksRelease: true)
        let failingSource = try cold(second, "-1--#")
        let running = try cold(second, "a-b-c|")
        try second.expect(failingSource.flatMapFirst { _ in running }, toEmit: "-a-b#", error: TestError(1))
        try second.expect(running, toHaveSubscriptions: ["-^--!"])
    }

    @Test("flatMapFirst: an empty source completes; disposal disposes the source and the inner signal")
    func emptyAndDisposal() throws {
        let scheduler = TestScheduler(checksRelease: true)
        try scheduler.expect(try cold(scheduler, "--|").flatMapFirst { Signal(value: $0) }, toEmit: "--|")

        let second = TestScheduler(checksRelease: true)
        let source = try cold(second, "-1-2----|")
        let inner = try cold(second, "a-b-c-|")
        try second.expect(source.flatMapFirst { _ in inner }, toEmit: "-a-b", disposeAt: 4)
        try second.expect(source, toHaveSubscriptions: ["^---!"])
        try second.expect(inner, toHaveSubscriptions: ["-^--!"])
    }

    @Test("flatMapFirst keeps a slow check running where flatMapLatest restarts it at each tick")
    func poller() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let ticks = try cold(scheduler, "-t-t-t-t-|")
        let slowCheck = try cold(scheduler, "----d|")
        try scheduler.expect(ticks.flatMapFirst { _ in slowCheck }, toEmit: "-----d-----d|")

        let second = TestScheduler(checksRelease: true)
        let secondTicks = try cold(second, "-t-t-t-t-|")
        let secondCheck = try cold(second, "----d|")
        try second.expect(secondTicks.flatMapLatest { _ in secondCheck }, toEmit: "-----------d|")
    }

    @Test("exhaust: inner signals that arrive while one runs are never subscribed")
    func exhaust() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let x = try cold(scheduler, "a---b|")
        let y = try cold(scheduler, "e|")
        let z = try cold(scheduler, "c-d|")
        let source = try scheduler.createColdSignal(
            "-x-y---z---|", values: ["x": x as Signal<String, TestError>, "y": y, "z": z], error: TestError(1)
        )
        try scheduler.expect(source.exhaust(), toEmit: "-a---b-c-d-|")
        try scheduler.expect(y, toHaveSubscriptions: [])

        let second = TestScheduler(checksRelease: true)
        let empty = try second.createColdSignal(
            "--|", values: [String: Signal<String, TestError>](), error: TestError(1))
        try second.expect(empty.exhaust(), toEmit: "--|")
    }
}
