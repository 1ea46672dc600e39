import Foundation
import RACOperators
import RACTestSupport
import Testing

private typealias IntSignal = Signal<Int, OpError>
private typealias IntProbe = OpProbe<Int, OpError>

private struct OtherError: Error, Equatable {
    let text: String
}

@Suite("HigherOrder: catch", .checksRelease)
struct HigherOrderCatchTests {
    @Test("on an error, forwards the handler's signal for it")
    func ordinary() {
        let source = IntProbe()
        let replacement = IntProbe()
        let errors = Locked<[OpError]>([])
        let log = OpLog.of(
            source.signal.catch { error in
                errors.withValue { $0.append(error) }
                return replacement.signal
            })
        source.sendNext(1)
        #expect(replacement.subscriptions == 0)
        source.sendError(OpError(4))
        #expect(errors.current == [OpError(4)])
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
        #expect(OpLog.of(signal).events == [.next(1), .next(2), .completed])
        #expect(OpLog.of(IntSignal.empty.catch { _ in IntSignal(value: 1) }).events == [.completed])
        #expect(calls.value == 0)
    }

    @Test("the failure type may change; an error from the replacement is forwarded")
    func typedFailure() {
        let signal: Signal<Int, OtherError> = IntSignal(error: OpError(2)).catch { error in
            Signal(error: OtherError(text: "caught \(error.code)"))
        }
        #expect(OpLog.of(signal).events == [.error(OtherError(text: "caught 2"))])
        let never: Signal<Int, Never> = IntSignal(error: OpError(1)).catch { _ in Signal(value: 0) }
        #expect(OpLog.of(never).events == [.next(0), .completed])
    }

    @Test("catch(to:) switches to the given signal")
    func catchTo() {
        let signal = IntSignal(value: 1).concat(IntSignal(error: OpError(1))).catch(
            to: IntSignal(values: [8, 9]))
        #expect(OpLog.of(signal).events == [.next(1), .next(8), .next(9), .completed])
        let neverFails: Signal<Int, Never> = IntSignal(error: OpError(1)).catch(to: .empty)
        #expect(OpLog.of(neverFails).events == [.completed])
    }

    @Test("disposal disposes the source, then the replacement")
    func disposal() {
        let source = IntProbe()
        let replacement = IntProbe()
        OpLog<Int, OpError>().record(source.signal.catch(to: replacement.signal)).dispose()
        #expect(source.disposals == 1 && replacement.subscriptions == 0)
        let subscription = OpLog<Int, OpError>().record(
            IntSignal(error: OpError()).catch(to: replacement.signal))
        #expect(replacement.isSubscribed)
        subscription.dispose()
        #expect(!replacement.isSubscribed && replacement.disposals == 1)
    }

    @Test("the subscriber may send into the source while a value is delivered")
    func reentrant() {
        let source = Subject<Int, OpError>()
        let log = OpLog<Int, OpError>()
        log.record(source.catch(to: IntSignal(value: 100))) { event in
            if event == .next(1) { source.sendError(OpError()) }
        }
        source.sendNext(1)
        #expect(log.events == [.next(1), .next(100), .completed])
    }
}

@Suite("HigherOrder: retry", .checksRelease)
struct HigherOrderRetryTests {
    @Test("retry(n) resubscribes n times on error, then forwards the error")
    func limited() {
        let counter = OpCounter()
        let failing = countingSignal(counter, values: [1], terminal: .error(OpError(7)))
        #expect(OpLog.of(failing.retry(2)).events == [.next(1), .next(1), .next(1), .error(OpError(7))])
        #expect(counter.value == 3)
        let once = OpCounter()
        #expect(
            OpLog.of(countingSignal(once, values: [1], terminal: .error(OpError())).retry(0)).values == [1])
        #expect(once.value == 1)
    }

    @Test("completion ends the retries; empty source")
    func completion() {
        let source = FreshSubjects<Int, OpError>()
        let log = OpLog.of(source.signal.retry(5))
        source.sendNext(1)
        source.sendError(OpError())
        #expect(source.subscriptions == 2)
        source.sendNext(2)
        source.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .completed])
        #expect(source.subscriptions == 2 && !source.isSubscribed && source.disposals == 2)
        #expect(OpLog.of(IntSignal.empty.retry()).events == [.completed])
    }

    @Test("retry() retries forever until the source succeeds")
    func unlimited() {
        let attempts = OpCounter()
        let flaky = IntSignal { subscriber in
            attempts.increment()
            if attempts.value < 50 {
                subscriber.sendError(OpError(attempts.value))
            } else {
                subscriber.sendNext(attempts.value)
                subscriber.sendCompleted()
            }
            return nil
        }
        #expect(OpLog.of(flaky.retry()).events == [.next(50), .completed])
    }

    @Test("disposal disposes the current attempt and stops retrying")
    func disposal() {
        let source = FreshSubjects<Int, OpError>()
        let subscription = OpLog<Int, OpError>().record(source.signal.retry())
        source.sendError(OpError())
        #expect(source.subscriptions == 2)
        subscription.dispose()
        #expect(!source.isSubscribed && source.disposals == 2)
        source.sendError(OpError())
        #expect(source.subscriptions == 2)
    }

    @Test("the subscriber may send an error into the source; the retry subscribes afresh, nested")
    func reentrant() {
        let source = FreshSubjects<Int, OpError>()
        let log = OpLog<Int, OpError>()
        log.record(source.signal.retry(1)) { event in
            if event == .next(1) { source.sendError(OpError(1)) }
        }
        source.sendNext(1)
        #expect(source.subscriptions == 2 && source.isSubscribed)
        source.sendNext(2)
        source.sendError(OpError(2))
        #expect(log.events == [.next(1), .next(2), .error(OpError(2))])
    }

    @Test("a negative count stops the process with a message naming retry(_:)")
    func negativeCount() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.retry(-1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("retry(_:)"))
        #expect(message.contains("count must be >= 0, got -1"))
    }
}

@Suite("HigherOrder: repeat", .checksRelease)
struct HigherOrderRepeatTests {
    @Test("resubscribes on every completion")
    func ordinary() {
        let counter = OpCounter()
        let log = OpLog.of(countingSignal(counter, values: [1, 2]).repeat().take(5))
        #expect(log.events == [.next(1), .next(2), .next(1), .next(2), .next(1), .completed])
        #expect(counter.value == 3)
    }

    @Test("an error ends it")
    func error() {
        let source = FreshSubjects<Int, OpError>()
        let log = OpLog.of(source.signal.repeat())
        source.sendNext(1)
        source.sendCompleted()
        source.sendNext(2)
        source.sendError(OpError(3))
        #expect(log.events == [.next(1), .next(2), .error(OpError(3))])
        #expect(source.subscriptions == 2 && !source.isSubscribed)
    }

    @Test("disposal disposes the current attempt and stops the loop")
    func disposal() {
        let source = FreshSubjects<Int, OpError>()
        let subscription = OpLog<Int, OpError>().record(source.signal.repeat())
        source.sendCompleted()
        #expect(source.subscriptions == 2)
        subscription.dispose()
        #expect(!source.isSubscribed && source.disposals == 2)
        source.sendCompleted()
        #expect(source.subscriptions == 2)
    }

    @Test("the subscriber may complete the source from inside a value")
    func reentrant() {
        let source = FreshSubjects<Int, OpError>()
        let log = OpLog<Int, OpError>()
        let subscription = log.record(source.signal.repeat()) { event in
            if event == .next(1) { source.sendCompleted() }
        }
        source.sendNext(1)
        #expect(source.subscriptions == 2)
        source.sendNext(2)
        #expect(log.events == [.next(1), .next(2)])
        subscription.dispose()
    }
}

@Suite("HigherOrder: groupBy", .checksRelease)
struct HigherOrderGroupByTests {
    @Test("sends a group per new key, then the transformed values into their group")
    func ordinary() {
        let source = IntProbe()
        let groupLogs = Locked<[Bool: OpLog<String, OpError>]>([:])
        let outer = OpLog<GroupedSignal<Bool, String, OpError>, OpError>()
        outer.record(source.signal.groupBy({ $0 % 2 == 0 }, transform: { "v\($0)" })) { event in
            if case .next(let group) = event {
                groupLogs.withValue { $0[group.key] = OpLog.of(group) }
            }
        }
        for value in 1...4 { source.sendNext(value) }
        source.sendCompleted()
        #expect(outer.values.map(\.key) == [false, true])
        #expect(outer.isTerminated)
        let logs = groupLogs.current
        #expect(logs[false]?.events == [.next("v1"), .next("v3"), .completed])
        #expect(logs[true]?.events == [.next("v2"), .next("v4"), .completed])
    }

    @Test("groupBy without transform; empty source")
    func untransformed() {
        let log = OpLog.of(IntSignal(values: [1, 1, 2]).groupBy { $0 })
        #expect(log.values.map(\.key) == [1, 2])
        #expect(OpLog.of(IntSignal.empty.groupBy { $0 }).events.count == 1)
    }

    @Test("an error goes to the outer, then to every group")
    func error() {
        let source = IntProbe()
        let order = OrderLog()
        let outer = OpLog<GroupedSignal<Int, Int, OpError>, OpError>()
        outer.record(source.signal.groupBy { $0 }) { event in
            switch event {
            case .next(let group):
                group.subscribe(error: { _ in order.append("group \(group.key)") })
            case .error:
                order.append("outer")
            case .completed:
                break
            }
        }
        source.sendNext(1)
        source.sendNext(2)
        source.sendError(OpError(1))
        #expect(order.all == ["outer", "group 1", "group 2"])
    }

    @Test("disposal disposes the source; groups stay open")
    func disposal() {
        let source = IntProbe()
        let outer = OpLog<GroupedSignal<Int, Int, OpError>, OpError>()
        let subscription = outer.record(source.signal.groupBy { $0 })
        source.sendNext(1)
        let group = outer.values[0]
        let groupLog = OpLog.of(group)
        subscription.dispose()
        #expect(!source.isSubscribed && source.disposals == 1)
        #expect(groupLog.events == [])
    }

    @Test("the subscriber may send into the source when it receives a group")
    func reentrant() {
        weak var weakSource: Subject<Int, OpError>?
        weak var weakGroupLog: OpLog<Int, OpError>?
        do {
            let source = Subject<Int, OpError>()
            weakSource = source
            let groupLog = OpLog<Int, OpError>()
            weakGroupLog = groupLog
            let outer = OpLog<GroupedSignal<Int, Int, OpError>, OpError>()
            outer.record(source.groupBy { $0 % 2 }) { event in
                if case .next(let group) = event, group.key == 1 {
                    groupLog.record(group)
                    source.sendNext(3)
                }
            }
            source.sendNext(1)
            source.sendNext(5)
            #expect(outer.values.map(\.key) == [1])
            #expect(groupLog.events == [.next(3), .next(1), .next(5)])
            // The subscriber captures the source: completing it ends the groups and releases all.
            source.sendCompleted()
            #expect(groupLog.isTerminated)
        }
        #expect(weakSource == nil)
        #expect(weakGroupLog == nil)
    }
}

/// Lines recorded in order, for ordering tests.
private final class OrderLog: @unchecked Sendable {
    private let storage = Locked<[String]>([])
    var all: [String] { storage.current }
    func append(_ line: String) { storage.withValue { $0.append(line) } }
}

@Suite("HigherOrder: programmer errors", .checksRelease)
struct HigherOrderProgrammerErrorTests {
    @Test("flatten(0) stops the process with a message naming flatten(_:)")
    func flattenZero() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Signal<Int, Never>, Never>.never.flatten(0)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("flatten(_:)"))
        #expect(message.contains("maxConcurrent must be > 0, got 0"))
    }

    @Test("flatten(-3) names the value")
    func flattenNegative() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Signal<Int, Never>, Never>.never.flatten(-3)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("maxConcurrent must be > 0, got -3"))
    }
}
