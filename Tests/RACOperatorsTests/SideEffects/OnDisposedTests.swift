import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("doDisposed runs once when a subscription ends, whatever ended it", .checksRelease)
struct OnDisposedTests {
    @Test("values and terminal events pass unchanged; the source is disposed as usual")
    func marbles() throws {
        try expectMarbles(
            { $0.doDisposed {} },
            [
                MarbleCase("-a-b-|", "-a-b-|", ["^----!"]),
                MarbleCase("-a-#", "-a-#", ["^--!"]),
                MarbleCase("|", "|", ["(^!)"]),
                MarbleCase("-a-b-|", "-a-", ["^--!"], disposeAt: 3),
            ])
    }

    @Test("after completion, after an error, at a disposal; finally runs before the terminal event instead")
    func order() {
        for (end, expected, finallyExpected) in [
            ("|", ["a", "|", "disposed"], ["a", "finally", "|"]),
            ("#", ["a", "#", "disposed"], ["a", "finally", "#"]),
            ("dispose", ["a", "disposed"], ["a"]),
        ] {
            let source = Subject<String, TestError>()
            let trace = Log<String>()
            let subscription = trace.record(source.doDisposed { trace.append("disposed") })
            let finallyTrace = Log<String>()
            let finallySubscription = finallyTrace.record(
                source.finally { finallyTrace.append("finally") })
            source.sendNext("a")
            switch end {
            case "|": source.sendCompleted()
            case "#": source.sendError(TestError())
            default:
                subscription.dispose()
                finallySubscription.dispose()
            }
            // Runs once: a later disposal does nothing more.
            subscription.dispose()
            #expect(trace.entries == expected, "\(end)")
            #expect(finallyTrace.entries == finallyExpected, "\(end)")
        }
    }

    @Test("the source is already disposed when the action runs")
    func sourceGoneFirst() {
        let source = Subject<String, Never>()
        var subscribersSeen: [Int] = []
        let subscription = source.doDisposed { subscribersSeen.append(source.subscriberCount) }
            .subscribe(next: { _ in })
        #expect(source.subscriberCount == 1)
        subscription.dispose()
        #expect(subscribersSeen == [0])
    }

    @Test("an empty or synchronous signal runs the action before subscribe returns")
    func empty() {
        let trace = Log<String>()
        _ = trace.record(Signal<String, Never>.empty.doDisposed { trace.append("disposed") })
        _ = trace.record(
            Signal<String, TestError>(error: TestError()).doDisposed { trace.append("x") })
        #expect(trace.entries == ["|", "disposed", "#", "x"])
    }

    @Test("the action may send into the source and subscribe again without deadlocking")
    func reentrant() {
        let source = Subject<String, Never>()
        let trace = Log<String>()
        var inner: (any Disposable)?
        let signal = source.doDisposed {
            source.sendNext("lost")
            inner = trace.record(source)
            source.sendNext("again")
        }
        let subscription = trace.record(signal)
        source.sendNext("a")
        subscription.dispose()
        // "lost" reaches nobody: the first subscription has left the subject before the action
        // runs. "again" reaches the subscription the action made.
        #expect(trace.entries == ["a", "again"])
        #expect(source.subscriberCount == 1)
        inner?.dispose()
    }

    @Test("the action and what it captures are released once the subscription ends")
    func released() {
        weak var weakToken: Token?
        weak var weakSource: Subject<String, Never>?
        var runs = 0
        do {
            let token = Token()
            weakToken = token
            let source = Subject<String, Never>()
            weakSource = source
            let subscription = source.doDisposed { withExtendedLifetime(token) { runs += 1 } }
                .subscribe(next: { _ in })
            source.sendNext("a")
            subscription.dispose()
        }
        #expect(runs == 1)
        #expect(weakToken == nil)
        #expect(weakSource == nil)
    }
}
