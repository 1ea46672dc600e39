import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// A signal that never ends and records whether its subscription was disposed, after sending
/// `values` at once.
private final class Stalled: @unchecked Sendable {
    let lock = NSLock()
    private var disposedCount = 0
    var disposals: Int { lock.withLock { disposedCount } }

    func signal(_ values: [Int]) -> Signal<Int, TestError> {
        Signal { subscriber in
            for value in values { subscriber.sendNext(value) }
            return ActionDisposable { self.lock.withLock { self.disposedCount += 1 } }
        }
    }
}

// The timeouts are short and only ever reached by signals that never end; no test measures time.
@Suite("Blocking operators with a timeout", .checksRelease)
struct BlockingTimeoutTests {
    let short = Duration.milliseconds(20)

    @Test(
        "first(timeout:) returns the first value, nil for an empty signal, the default with first(default:)")
    func first() throws {
        let stalled = Stalled()
        #expect(try stalled.signal([1, 2]).first(timeout: .seconds(10)) == 1)
        #expect(stalled.disposals == 1)
        #expect(try Signal<Int, TestError>.empty.first(timeout: .seconds(10)) == nil)
        #expect(try Signal<Int, TestError>.empty.first(default: 7, timeout: .seconds(10)) == 7)
        #expect(try Signal<Int, TestError>(value: 3).first(default: 7, timeout: .seconds(10)) == 3)
    }

    @Test("first(timeout:) throws .failed with the signal's error")
    func firstFails() {
        #expect(throws: BlockingError.failed(TestError(4))) {
            try Signal<Int, TestError>(error: TestError(4)).first(timeout: .seconds(10))
        }
    }

    @Test("first(timeout:) of a silent signal throws .timedOut naming the call, and disposes it")
    func firstTimesOut() {
        let stalled = Stalled()
        #expect(
            throws: BlockingError<TestError>.timedOut(
                BlockingTimeoutError(call: "first(timeout:)", timeout: short))
        ) {
            try stalled.signal([]).first(timeout: short)
        }
        #expect(stalled.disposals == 1)
        #expect(
            throws: BlockingError<TestError>.timedOut(
                BlockingTimeoutError(call: "first(default:timeout:)", timeout: .zero))
        ) {
            try stalled.signal([]).first(default: 0, timeout: .zero)
        }
        #expect(stalled.disposals == 2)
    }

    @Test("toArray(timeout:) returns every value; throws .failed, or .timedOut dropping the values so far")
    func toArray() throws {
        #expect(try Signal<Int, TestError>(values: [1, 2, 3]).toArray(timeout: .seconds(10)) == [1, 2, 3])
        #expect(try Signal<Int, TestError>.empty.toArray(timeout: .seconds(10)) == [])
        let failing = Signal<Int, TestError> { subscriber in
            subscriber.sendNext(1)
            subscriber.sendError(TestError(2))
            return nil
        }
        #expect(throws: BlockingError.failed(TestError(2))) { try failing.toArray(timeout: .seconds(10)) }
        let stalled = Stalled()
        #expect(
            throws: BlockingError<TestError>.timedOut(
                BlockingTimeoutError(call: "toArray(timeout:)", timeout: short))
        ) {
            try stalled.signal([1, 2]).toArray(timeout: short)
        }
        #expect(stalled.disposals == 1)
    }

    @Test("waitUntilCompleted(timeout:) returns on completion; throws .failed, or .timedOut after disposing")
    func waitUntilCompleted() throws {
        try Signal<Int, TestError>(values: [1, 2]).waitUntilCompleted(timeout: .seconds(10))
        #expect(throws: BlockingError.failed(TestError(5))) {
            try Signal<Int, TestError>(error: TestError(5)).waitUntilCompleted(timeout: .seconds(10))
        }
        let stalled = Stalled()
        #expect(
            throws: BlockingError<TestError>.timedOut(
                BlockingTimeoutError(call: "waitUntilCompleted(timeout:)", timeout: short))
        ) {
            try stalled.signal([1]).waitUntilCompleted(timeout: short)
        }
        #expect(stalled.disposals == 1)
    }

    @Test("a signal that ends on another thread is waited for")
    func backgroundSource() throws {
        let scheduler = QueueScheduler(name: "blocking-timeout-test")
        let signal = Signal<Int, TestError>(values: [1, 2, 3]).delay(.milliseconds(1), on: scheduler)
        #expect(try signal.toArray(timeout: .seconds(20)) == [1, 2, 3])
        #expect(try signal.first(timeout: .seconds(20)) == 1)
        try signal.waitUntilCompleted(timeout: .seconds(20))
    }

    @Test("the timeout error reads as the call and the timeout")
    func description() {
        let error = BlockingTimeoutError(call: "toArray(timeout:)", timeout: .seconds(2))
        #expect("\(error)" == "toArray(timeout:) timed out after 2.0 seconds")
    }

    @Test("a negative timeout stops with a message naming the call and the value")
    func negativeTimeout() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try? Signal<Int, Never>.never.toArray(timeout: .seconds(-1))
        }
        expectMessage(result, contains: ["toArray(timeout:)", "timeout must be >= 0, got -1.0 seconds"])
    }
}

@Suite("Blocking operators with a timeout, called from a callback", .checksRelease)
struct BlockingTimeoutReentrancyTests {
    @Test("first(timeout:) and toArray(timeout:) inside a subscriber's callback finish a synchronous signal")
    func insideCallback() {
        let inner = Signal<Int, TestError>(values: [5, 6])
        var seen: [String] = []
        let outer = Subject<Int, Never>()
        let subscription = outer.subscribe(next: { value in
            seen.append("\(value): first \(String(describing: try? inner.first(timeout: .seconds(10))))")
            seen.append("\(value): all \((try? inner.toArray(timeout: .seconds(10))) ?? [])")
        })
        outer.sendNext(1)
        subscription.dispose()
        #expect(seen == ["1: first Optional(5)", "1: all [5, 6]"])
    }
}
