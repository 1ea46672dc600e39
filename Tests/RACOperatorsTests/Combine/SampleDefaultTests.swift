import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Combine: sample(_:default:)", .checksRelease)
struct SampleDefaultTests {
    /// Plays `sample(_:default: "z")` on cold signals and checks the output and subscriptions.
    private func expectSample(
        _ source: String, sampler: String, _ expected: String, sourceSubscriptions: [String],
        samplerSubscriptions: [String], disposeAt: Int? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let scheduler = TestScheduler(checksRelease: true)
        let values = try scheduler.createColdSignal(source, error: TestError(1))
        let ticks = try scheduler.createColdSignal(sampler, error: TestError(1))
        try scheduler.expect(
            values.sample(ticks, default: "z"), toEmit: expected, error: TestError(1), disposeAt: disposeAt,
            sourceLocation: sourceLocation)
        try scheduler.expect(values, toHaveSubscriptions: sourceSubscriptions, sourceLocation: sourceLocation)
        try scheduler.expect(ticks, toHaveSubscriptions: samplerSubscriptions, sourceLocation: sourceLocation)
    }

    @Test("a tick before the first value sends the default; later ticks send the latest, again if need be")
    func values() throws {
        try expectSample(
            "---a----b-|", sampler: "-x---x-x-x-|", "-z---a-a-b|", sourceSubscriptions: ["^---------!"],
            samplerSubscriptions: ["^---------!"])
    }

    @Test("either signal's error or completion ends the result")
    func terminals() throws {
        try expectSample(
            "---a-#", sampler: "-x-----x", "-z---#", sourceSubscriptions: ["^----!"],
            samplerSubscriptions: ["^----!"])
        try expectSample(
            "---a----", sampler: "-x-#", "-z-#", sourceSubscriptions: ["^--!"], samplerSubscriptions: ["^--!"]
        )
        try expectSample(
            "--------", sampler: "-x-x|", "-z-z|", sourceSubscriptions: ["^---!"],
            samplerSubscriptions: ["^---!"])
    }

    @Test("an empty source: each tick sends the default until it completes")
    func empty() throws {
        try expectSample(
            "-----|", sampler: "-x-x---x", "-z-z-|", sourceSubscriptions: ["^----!"],
            samplerSubscriptions: ["^----!"])
        try expectSample(
            "|", sampler: "-x", "|", sourceSubscriptions: ["(^!)"], samplerSubscriptions: ["(^!)"])
    }

    @Test("disposing the result disposes both signals")
    func disposal() throws {
        try expectSample(
            "---a----b-|", sampler: "-x---x-x-x-|", "-z--", sourceSubscriptions: ["^---!"],
            samplerSubscriptions: ["^---!"], disposeAt: 4)
    }
}
