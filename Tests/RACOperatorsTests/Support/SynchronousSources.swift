import RACOperators
import RACTestSupport

// The synchronous sources and the marble-case table that the operator suites share (they were
// copied from suite to suite).

/// A cold signal that sends `values`, then completes.
func numbers(_ values: [Int]) -> Signal<Int, TestError> {
    Signal(values: values)
}

/// A cold signal that sends `values`, then fails with `TestError(code)`.
func failing(after values: [Int], _ code: Int = 1) -> Signal<Int, TestError> {
    Signal { subscriber in
        for value in values { subscriber.sendNext(value) }
        subscriber.sendError(TestError(code))
        return nil
    }
}

/// A synchronous source that sends 0, 1, 2, … until its subscriber is disposed.
func endlessCounter(subscriptions: Log<String>? = nil) -> Signal<Int, TestError> {
    Signal { subscriber in
        subscriptions?.append("subscribed")
        var next = 0
        while !subscriber.isDisposed {
            subscriber.sendNext(next)
            next += 1
        }
        return nil
    }
}

/// The four cases every value-by-value operator meets: an ordinary source, an empty one, an error
/// in mid-stream, and a subscriber that disposes in mid-stream (the source sees the disposal);
/// `ordinary`, `error` and `disposed` are what the operator sends in the first, third and fourth.
///
/// ```
/// try expectMarbles({ $0.map { $0.uppercased() } }, passThroughCases("-A-B-C-|", "-A-#", "-A-B"))
/// ```
func passThroughCases(_ ordinary: String, _ error: String, _ disposed: String) -> [MarbleCase] {
    [
        MarbleCase("-a-b-c-|", ordinary, ["^------!"]),
        MarbleCase("--|", "--|", ["^-!"]),
        MarbleCase("-a-#", error, ["^--!"]),
        MarbleCase("-a-b-c-|", disposed, ["^---!"], disposeAt: 4),
    ]
}
