import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntSignal = Signal<Int, TestError>

@Suite("Combine: then", .checksRelease)
struct ThenTests {
    @Test("ignores the values; subscribes to the block's signal after completion")
    func ordinary() {
        let source = ProbeSource<Int, TestError>()
        let calls = OpCounter()
        let log = EventLog.of(
            source.signal.then { () -> Signal<String, TestError> in
                calls.increment()
                return Signal(values: ["a", "b"])
            })
        source.sendNext(1)
        source.sendNext(2)
        #expect(calls.value == 0)
        source.sendCompleted()
        #expect(calls.value == 1)
        #expect(log.events == [.next("a"), .next("b"), .completed])
    }

    @Test("empty source: the block runs at once")
    func empty() {
        #expect(EventLog.of(IntSignal.empty.then { IntSignal(value: 7) }).events == [.next(7), .completed])
    }

    @Test("an error is forwarded and the block never called (RACSignal+Operations.m -then:)")
    func error() {
        let calls = OpCounter()
        let signal = IntSignal(value: 1).concat(IntSignal(error: TestError(4))).then { () -> IntSignal in
            calls.increment()
            return .empty
        }
        #expect(EventLog.of(signal).events == [.error(TestError(4))])
        #expect(calls.value == 0)
        let following = ProbeSource<Int, TestError>()
        let log = EventLog.of(IntSignal.empty.then { following.signal })
        following.sendError(TestError(5))
        #expect(log.events == [.error(TestError(5))])
    }

    @Test("disposal disposes the source, then the following signal")
    func disposal() {
        let source = ProbeSource<Int, TestError>()
        let following = ProbeSource<Int, TestError>()
        let first = EventLog<Int, TestError>().record(source.signal.then { following.signal })
        first.dispose()
        #expect(source.disposals == 1)
        let second = EventLog<Int, TestError>().record(IntSignal.empty.then { following.signal })
        #expect(following.isSubscribed)
        second.dispose()
        #expect(!following.isSubscribed)
        #expect(following.disposals == 1)
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("then ignores the values, subscribes to the block's signal after completion, never after an error")
    func then() throws {
        let made = OpCounter()
        let next = try scheduler.createColdSignal("c-d|", error: TestError(1))
        let source = try scheduler.createColdSignal("-a-b-|", error: TestError(1))
        try scheduler.expect(
            source.then {
                made.increment()
                return next
            }, toEmit: "-----c-d|", error: TestError(1))
        try scheduler.expect(next, toHaveSubscriptions: ["-----^--!"])
        #expect(made.value == 1)

        let failing = try scheduler.createColdSignal("-a-#", error: TestError(1))
        try scheduler.expect(
            failing.then {
                made.increment()
                return next
            }, toEmit: "-----------#", error: TestError(1))
        #expect(made.value == 1)
    }
}
