import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntSignal = Signal<Int, TestError>

private typealias IntProbe = ProbeSource<Int, TestError>

// A second error type: `catch` may replace a `TestError` signal by one of another failure type.
private struct OtherError: Error, Equatable {
    let text: String
}

@Suite("HigherOrder: catch", .checksRelease)
struct CatchTests {
    @Test("on an error, forwards the handler's signal for it")
    func ordinary() {
        let source = IntProbe()
        let replacement = IntProbe()
        let errors = Locked<[TestError]>([])
        let log = EventLog.of(
            source.signal.catch { error in
                errors.withValue { $0.append(error) }
                return replacement.signal
            })
        source.sendNext(1)
        #expect(replacement.subscriptions == 0)
        source.sendError(TestError(4))
        #expect(errors.current == [TestError(4)])
        #expect(!source.isSubscribed)
        replacement.sendNext(2)
        replacement.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .completed])
    }

    @Test("completion passes through without calling the handler; empty source")
    func completion() {
        let calls = OpCounter()
        let signal = IntSignal(values: [1, 2]).catch { _ -> IntSignal in
            calls.increment()
            return .empty
        }
        #expect(EventLog.of(signal).events == [.next(1), .next(2), .completed])
        #expect(EventLog.of(IntSignal.empty.catch { _ in IntSignal(value: 1) }).events == [.completed])
        #expect(calls.value == 0)
    }

    @Test("the failure type may change; an error from the replacement is forwarded")
    func typedFailure() {
        let signal: Signal<Int, OtherError> = IntSignal(error: TestError(2)).catch { error in
            Signal(error: OtherError(text: "caught \(error.code)"))
        }
        #expect(EventLog.of(signal).events == [.error(OtherError(text: "caught 2"))])
        let never: Signal<Int, Never> = IntSignal(error: TestError(1)).catch { _ in Signal(value: 0) }
        #expect(EventLog.of(never).events == [.next(0), .completed])
    }

    @Test("catch(to:) switches to the given signal")
    func catchTo() {
        let signal = IntSignal(value: 1).concat(IntSignal(error: TestError(1))).catch(
            to: IntSignal(values: [8, 9]))
        #expect(EventLog.of(signal).events == [.next(1), .next(8), .next(9), .completed])
        let neverFails: Signal<Int, Never> = IntSignal(error: TestError(1)).catch(to: .empty)
        #expect(EventLog.of(neverFails).events == [.completed])
    }

    @Test("disposal disposes the source, then the replacement")
    func disposal() {
        let source = IntProbe()
        let replacement = IntProbe()
        EventLog<Int, TestError>().record(source.signal.catch(to: replacement.signal)).dispose()
        #expect(source.disposals == 1 && replacement.subscriptions == 0)
        let subscription = EventLog<Int, TestError>().record(
            IntSignal(error: TestError()).catch(to: replacement.signal))
        #expect(replacement.isSubscribed)
        subscription.dispose()
        #expect(!replacement.isSubscribed && replacement.disposals == 1)
    }

    @Test("the subscriber may send into the source while a value is delivered")
    func reentrant() {
        let source = Subject<Int, TestError>()
        let log = EventLog<Int, TestError>()
        log.record(source.catch(to: IntSignal(value: 100))) { event in
            if event == .next(1) { source.sendError(TestError()) }
        }
        source.sendNext(1)
        #expect(log.events == [.next(1), .next(100), .completed])
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("catch subscribes to the handler's signal on an error and forwards it instead")
    func catchError() throws {
        let recovery = try scheduler.createColdSignal("c-d|", error: TestError(2))
        let source = try scheduler.createColdSignal("-a-b-#", error: TestError(1))
        let caught = source.catch { (error: TestError) -> Signal<String, TestError> in
            error == TestError(1) ? recovery : Signal(error: error)
        }
        try scheduler.expect(caught, toEmit: "-a-b-c-d|", error: TestError(2))
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
        try scheduler.expect(recovery, toHaveSubscriptions: ["-----^--!"])
    }

    @Test("catch: without an error the handler is never called; disposal reaches the recovery")
    func catchCases() throws {
        let recovery = try scheduler.createColdSignal("c-d|")
        let completing = try scheduler.createColdSignal("-a-|", error: TestError(1))
        try scheduler.expect(completing.catch { _ in recovery }, toEmit: "-a-|")
        try scheduler.expect(recovery, toHaveSubscriptions: [])

        let other = TestScheduler(checksRelease: true)
        let slow = try other.createColdSignal("c---d|")
        let failing = try other.createColdSignal("-#", error: TestError(1))
        try other.expect(failing.catch(to: slow), toEmit: "-c-", disposeAt: 3)
        try other.expect(slow, toHaveSubscriptions: ["-^-!"])

        let third = TestScheduler(checksRelease: true)
        let fallback = try third.createColdSignal("c|")
        let source = try third.createColdSignal("-a-#", error: TestError(1))
        try third.expect(source.catch(to: fallback), toEmit: "-a-c|")
        try third.expect(fallback, toHaveSubscriptions: ["---^!"])
    }
}
