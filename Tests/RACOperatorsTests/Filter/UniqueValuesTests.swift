import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Filter: uniqueValues", .checksRelease)
struct UniqueValuesTests {
    @Test("uniqueValues() sends each value the first time only; errors, completion, disposal pass through")
    func marbles() throws {
        try expectMarbles(
            { $0.uniqueValues() },
            [
                MarbleCase("-a-b-a-c-b-|", "-a-b---c---|", ["^----------!"]),
                MarbleCase("-|", "-|", ["^!"]),
                MarbleCase("-a-a-#", "-a---#", ["^----!"]),
                MarbleCase("-a-b-a-c-|", "-a-b", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("uniqueValues(_:) compares identities, keeping the first value of each")
    func byIdentity() throws {
        try expectMarbles(
            { $0.uniqueValues { $0.lowercased() } },
            input: ["a": "a", "B": "B", "A": "A", "b": "b", "c": "c"],
            output: ["a": "a", "B": "B", "c": "c"],
            error: TestError(1),
            [MarbleCase("-a-B-A-b-c-|", "-a-B-----c-|", ["^----------!"])])
    }

    @Test("each subscription has its own memory of the values seen")
    func perSubscription() {
        let signal = Signal<Int, Never>(values: [1, 2, 1]).uniqueValues()
        #expect(EventLog.of(signal).values == [1, 2])
        #expect(EventLog.of(signal).values == [1, 2])
    }

    @Test("a value sent again from the callback is dropped")
    func reentrancy() {
        let subject = Subject<Int, Never>()
        var received: [Int] = []
        let subscription = subject.uniqueValues().subscribe(next: { value in
            received.append(value)
            if value == 1 {
                subject.sendNext(1)
                subject.sendNext(2)
            }
        })
        subject.sendNext(1)
        #expect(received == [1, 2])
        subscription.dispose()
    }
}
