import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Transform: buffer(count:)", .checksRelease)
struct BufferCountTests {
    @Test("sends full arrays, the rest on completion; an error drops the rest; disposal stops it")
    func marbles() throws {
        try expectMarbles(
            { $0.buffer(count: 2).map { $0.joined() } },
            input: letters, output: ["x": "ab", "y": "cd", "z": "e"], error: TestError(1),
            [
                MarbleCase("-a-b-c-d-e-|", "---x---y---(z|)", ["^----------!"]),
                MarbleCase("-a-b-|", "---x-|", ["^----!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-b-c-#", "---x---#", ["^------!"]),
                MarbleCase("-a-b-c-d-|", "---x-", ["^----!"], disposeAt: 5),
            ])
    }

    @Test("count 1 sends each value alone")
    func countOne() {
        #expect(EventLog.of(Signal<Int, Never>(values: [1, 2]).buffer(count: 1)).values == [[1], [2]])
    }

    @Test("disposing from the callback of the last full array stops before the rest is sent")
    func disposeFromCallback() {
        let subject = Subject<Int, Never>()
        var received: [[Int]] = []
        var subscription: (any Disposable)?
        subscription = subject.buffer(count: 2).subscribe(next: { batch in
            received.append(batch)
            subscription?.dispose()
        })
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendNext(3)
        subject.sendCompleted()
        #expect(received == [[1, 2]])
    }

    @Test("the partial batch is let go when the subscription ends")
    func releasesBatch() {
        let subject = Subject<Token, TestError>()
        weak var weakToken: Token?
        let log = EventLog.of(subject.buffer(count: 3))
        do {
            let token = Token()
            weakToken = token
            subject.sendNext(token)
        }
        #expect(weakToken != nil)
        subject.sendError(TestError(1))
        #expect(weakToken == nil)
        #expect(log.count == 1)
    }
}
