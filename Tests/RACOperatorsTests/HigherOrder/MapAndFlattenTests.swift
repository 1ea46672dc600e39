import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// A cold signal of `marble` on `scheduler`, failing with `TestError(1)`.
private func cold(_ scheduler: TestScheduler, _ marble: String) throws -> TestSignal<String, TestError> {
    try scheduler.createColdSignal(marble, error: TestError(1))
}

@Suite("HigherOrder: flatMapLatest, concatMap, flattenMap(maxConcurrent:)", .checksRelease)
struct MapAndFlattenTests {
    @Test("flatMapLatest: a new value disposes the running inner signal; completes after both")
    func flatMapLatestValues() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try cold(scheduler, "-1----2------|")
        let first = try cold(scheduler, "a-b-c-d|")
        let second = try cold(scheduler, "e---f|")
        let inner = ["1": first, "2": second]
        try scheduler.expect(source.flatMapLatest { inner[$0]! }, toEmit: "-a-b-ce---f--|")
        try scheduler.expect(first, toHaveSubscriptions: ["-^----!"])
        try scheduler.expect(second, toHaveSubscriptions: ["------^----!"])
    }

    @Test("flatMapLatest: an inner error, a source error, an empty source, disposal")
    func flatMapLatestEnds() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try cold(scheduler, "-1-----|")
        let failing = try cold(scheduler, "a-#")
        try scheduler.expect(source.flatMapLatest { _ in failing }, toEmit: "-a-#", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])

        let second = TestScheduler(checksRelease: true)
        let failingSource = try cold(second, "-1--#")
        let running = try cold(second, "a-b-c|")
        try second.expect(
            failingSource.flatMapLatest { _ in running }, toEmit: "-a-b#", error: TestError(1))
        try second.expect(running, toHaveSubscriptions: ["-^--!"])

        let third = TestScheduler(checksRelease: true)
        try third.expect(try cold(third, "--|").flatMapLatest { Signal(value: $0) }, toEmit: "--|")

        let fourth = TestScheduler(checksRelease: true)
        let longSource = try cold(fourth, "-1-----|")
        let long = try cold(fourth, "a-b-c-|")
        try fourth.expect(longSource.flatMapLatest { _ in long }, toEmit: "-a-b", disposeAt: 4)
        try fourth.expect(longSource, toHaveSubscriptions: ["^---!"])
        try fourth.expect(long, toHaveSubscriptions: ["-^--!"])
    }

    @Test("concatMap: one inner signal after another, in order; completes after the last")
    func concatMapValues() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try cold(scheduler, "-1-2-------|")
        let first = try cold(scheduler, "a---b|")
        let second = try cold(scheduler, "c-d|")
        let inner = ["1": first, "2": second]
        try scheduler.expect(source.concatMap { inner[$0]! }, toEmit: "-a---bc-d--|")
        try scheduler.expect(first, toHaveSubscriptions: ["-^----!"])
        try scheduler.expect(second, toHaveSubscriptions: ["------^--!"])
    }

    @Test("concatMap: an inner error drops the waiting signals; an empty source; disposal")
    func concatMapEnds() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try cold(scheduler, "-1-2-----|")
        let failing = try cold(scheduler, "a--#")
        let waiting = try cold(scheduler, "c|")
        let inner = ["1": failing, "2": waiting]
        try scheduler.expect(source.concatMap { inner[$0]! }, toEmit: "-a--#", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^---!"])
        try scheduler.expect(waiting, toHaveSubscriptions: [])

        let second = TestScheduler(checksRelease: true)
        try second.expect(try cold(second, "--|").concatMap { Signal(value: $0) }, toEmit: "--|")

        let third = TestScheduler(checksRelease: true)
        let longSource = try cold(third, "-1-2----|")
        let long = try cold(third, "a-b-c-|")
        try third.expect(longSource.concatMap { _ in long }, toEmit: "-a-b", disposeAt: 4)
        try third.expect(longSource, toHaveSubscriptions: ["^---!"])
        try third.expect(long, toHaveSubscriptions: ["-^--!"])
    }

    @Test("flattenMap(maxConcurrent: 2): at most two inner signals at once, the others waiting in order")
    func flattenMapMaxConcurrentValues() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try cold(scheduler, "-1-2-3------|")
        let first = try cold(scheduler, "a---b|")
        let second = try cold(scheduler, "c-d|")
        let third = try cold(scheduler, "e|")
        let inner = ["1": first, "2": second, "3": third]
        try scheduler.expect(
            source.flattenMap(maxConcurrent: 2) { inner[$0]! }, toEmit: "-a-c-(bd)e-----|")
        try scheduler.expect(third, toHaveSubscriptions: ["------^!"])
    }

    @Test("flattenMap(maxConcurrent: 1): an inner error; an empty source; disposal")
    func flattenMapMaxConcurrentEnds() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try cold(scheduler, "-1--2----|")
        let failing = try cold(scheduler, "a-#")
        try scheduler.expect(
            source.flattenMap(maxConcurrent: 1) { _ in failing }, toEmit: "-a-#", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])

        let second = TestScheduler(checksRelease: true)
        try second.expect(
            try cold(second, "--|").flattenMap(maxConcurrent: 1) { Signal(value: $0) }, toEmit: "--|")

        let third = TestScheduler(checksRelease: true)
        let longSource = try cold(third, "-1-2----|")
        let long = try cold(third, "a-b-c-|")
        try third.expect(longSource.flattenMap(maxConcurrent: 1) { _ in long }, toEmit: "-a-b", disposeAt: 4)
        try third.expect(longSource, toHaveSubscriptions: ["^---!"])
        try third.expect(long, toHaveSubscriptions: ["-^--!"])
    }
}
