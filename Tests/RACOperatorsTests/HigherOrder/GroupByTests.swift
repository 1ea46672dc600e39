import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntSignal = Signal<Int, TestError>

private typealias IntProbe = ProbeSource<Int, TestError>

@Suite("HigherOrder: groupBy", .checksRelease)
struct GroupByTests {
    @Test("sends a group per new key, then the transformed values into their group")
    func ordinary() {
        let source = IntProbe()
        let groupLogs = Locked<[Bool: EventLog<String, TestError>]>([:])
        let outer = EventLog<GroupedSignal<Bool, String, TestError>, TestError>()
        outer.record(source.signal.groupBy({ $0 % 2 == 0 }, transform: { "v\($0)" })) { event in
            if case .next(let group) = event {
                groupLogs.withValue { $0[group.key] = EventLog.of(group) }
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
        let log = EventLog.of(IntSignal(values: [1, 1, 2]).groupBy { $0 })
        #expect(log.values.map(\.key) == [1, 2])
        #expect(EventLog.of(IntSignal.empty.groupBy { $0 }).events.count == 1)
    }

    @Test("an error goes to the outer, then to every group")
    func error() {
        let source = IntProbe()
        let order = Log<String>()
        let outer = EventLog<GroupedSignal<Int, Int, TestError>, TestError>()
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
        source.sendError(TestError(1))
        #expect(order.all == ["outer", "group 1", "group 2"])
    }

    @Test("disposal disposes the source; groups stay open")
    func disposal() {
        let source = IntProbe()
        let outer = EventLog<GroupedSignal<Int, Int, TestError>, TestError>()
        let subscription = outer.record(source.signal.groupBy { $0 })
        source.sendNext(1)
        let group = outer.values[0]
        let groupLog = EventLog.of(group)
        subscription.dispose()
        #expect(!source.isSubscribed && source.disposals == 1)
        #expect(groupLog.events == [])
    }

    @Test("the subscriber may send into the source when it receives a group")
    func reentrant() {
        weak var weakSource: Subject<Int, TestError>?
        weak var weakGroupLog: EventLog<Int, TestError>?
        do {
            let source = Subject<Int, TestError>()
            weakSource = source
            let groupLog = EventLog<Int, TestError>()
            weakGroupLog = groupLog
            let outer = EventLog<GroupedSignal<Int, Int, TestError>, TestError>()
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

    let scheduler = TestScheduler(checksRelease: true)

    @Test("groupBy sends each new group once, then each value into its group")
    func groupBy() throws {
        let source = try scheduler.createColdSignal("-a-b-c-d-|", values: ints, error: TestError(1))
        try scheduler.expect(
            source.groupBy { $0 % 2 == 0 }.map { $0.key ? "T" : "F" }, toEmit: "-F-T-----|",
            error: TestError(1))
        let other = TestScheduler(checksRelease: true)
        let values = try other.createColdSignal("-a-b-c-d-|", values: ints, error: TestError(1))
        let tagged = values.groupBy({ $0 % 2 == 0 }, transform: { $0 * 10 }).flattenMap { group in
            group.map { "\(group.key ? "e" : "o")\($0)" }
        }
        try other.expect(
            tagged, toEmit: "-{o10}-{e20}-{o30}-{e40}-|", values: named("o10", "e20", "o30", "e40"),
            error: TestError(1))
        try other.expect(values, toHaveSubscriptions: ["^--------!"])
    }

    @Test("groupBy: an error goes to the result and to every group; disposal reaches the source")
    func groupByCases() throws {
        let source = try scheduler.createColdSignal("-a-b-#", values: ints, error: TestError(1))
        let tagged = source.groupBy { $0 % 2 == 0 }.flattenMap { group in group.map { "\($0)" } }
        try scheduler.expect(tagged, toEmit: "-1-2-#", values: ["1": "1", "2": "2"], error: TestError(1))

        let other = TestScheduler(checksRelease: true)
        let long = try other.createColdSignal("-a-b-c-|", values: ints, error: TestError(1))
        try other.expect(
            long.groupBy { $0 }.map { "\($0.key)" }, toEmit: "-1-", values: ["1": "1"], error: TestError(1),
            disposeAt: 3)
        try other.expect(long, toHaveSubscriptions: ["^--!"])
    }
}
