// The template of an operator with one input (Docs/Internals.md, "Building an operator"), and the
// worked example of "Adding an operator", compiled and tested as written there: a lifted stage,
// one per subscription, that runs under the chain's delivery lock. To add such an operator, copy
// the extension and the stage into Sources/RACOperators/<family>/, rename, and keep the tests
// beside the family's others.

import RACOperators
import RACTestSupport
import RACTesting
import Testing

extension Signal {
    /// RAC: none. Sends every other value, starting with the first.
    ///
    /// ```
    /// self:          -1-2-3-4-|
    /// everyOther():  -1---3---|
    /// ```
    @inlinable
    public func everyOther() -> Signal<Value, Failure> {
        lift(EveryOtherStage.self, (), named: SignalDebugNames.name("[\(self.name)] -everyOther"))
    }
}

/// A subscription of `everyOther()`.
@usableFromInline
final class EveryOtherStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    /// Whether the next value is skipped.
    @exclusivity(unchecked) @usableFromInline var skipsNext = false

    @inlinable
    init(_: Void, feeding downstream: Subscriber<Value, Failure>) {
        super.init(feeding: downstream, as: EveryOtherStage.self)
    }

    @inlinable
    func receive(_ value: Value) {
        defer { skipsNext.toggle() }
        if !skipsNext { emitNext(value) }
    }
}

@Suite("Templates: one input, a lifted stage (the worked example of Docs/Internals.md)", .checksRelease)
struct SingleSourceTemplateTests {
    @Test("everyOther() sends the 1st, 3rd … value and passes the completion through")
    func marble() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-a-b-c-d-|")
        #expect(try scheduler.expect(source.everyOther(), toEmit: "-a---c---|"))
        #expect(source.subscriptionMarbles == ["^--------!"])
    }

    @Test("everyOther() passes the error through, and an empty signal's completion")
    func errorAndEmpty() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let failing = try scheduler.createColdSignal("-a-b-#", error: TestError(1))
        #expect(try scheduler.expect(failing.everyOther(), toEmit: "-a---#", error: TestError(1)))
        let empty = TestScheduler(checksRelease: true)
        #expect(try empty.expect(empty.createColdSignal("--|").everyOther(), toEmit: "--|"))
    }

    @Test("each subscription counts from its own first value")
    func freshStatePerSubscription() {
        let signal = Signal<Int, Never> { subscriber in
            for value in 1...3 { subscriber.sendNext(value) }
            subscriber.sendCompleted()
            return nil
        }.everyOther()
        var first: [Int] = []
        var second: [Int] = []
        signal.subscribe(next: { first.append($0) })
        signal.subscribe(next: { second.append($0) })
        #expect(first == [1, 3])
        #expect(second == [1, 3])
    }
}
