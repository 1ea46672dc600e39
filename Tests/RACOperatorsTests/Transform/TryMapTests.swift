import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Transform: tryMap, attempt", .checksRelease)
struct TryMapTests {
    @Test("tryMap sends mapped values until the transform throws, then fails")
    func tryMap() {
        let mapped = numbers([1, 2, 3]).tryMap { (value: Int) throws(TestError) -> Int in
            if value == 2 { throw TestError(2) }
            return value * 10
        }
        #expect(eventsOf(mapped) == [.next(10), .error(TestError(2))])
        #expect(eventsOf(numbers([1, 3]).tryMap { $0 * 10 }) == [.next(10), .next(30), .completed])
        #expect(eventsOf(numbers([]).tryMap { $0 }) == [.completed])
    }

    @Test("tryMap disposes the source before sending the thrown error; a reentrant value is ignored")
    func tryMapDisposesFirst() {
        let probe = ProbeSource<Int, TestError>()
        let calls = Log<String>()
        let log = EventLog<Int, TestError>()
        var subscribedAtError: Bool?
        log.record(
            probe.signal.tryMap { (value: Int) throws(TestError) -> Int in
                calls.append("\(value)")
                if value == 2 { throw TestError(9) }
                return value
            }
        ) { event in
            if case .error = event {
                subscribedAtError = probe.isSubscribed
                probe.sendNext(3)
            }
        }
        probe.sendNext(1)
        probe.sendNext(2)
        #expect(log.events == [.next(1), .error(TestError(9))])
        #expect(subscribedAtError == false)
        #expect(calls.all == ["1", "2"])
        #expect(probe.disposals == 1)
    }

    @Test("tryMap forwards a source error and disposal")
    func tryMapTerminals() {
        #expect(
            eventsOf(Signal<Int, TestError>(error: TestError(1)).tryMap { $0 }) == [.error(TestError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.tryMap { $0 } })
    }

    @Test("attempt passes values that pass the check and fails with what the check throws")
    func attempt() {
        let checked = numbers([1, 2, 3]).attempt { (value: Int) throws(TestError) in
            if value == 2 { throw TestError(5) }
        }
        #expect(eventsOf(checked) == [.next(1), .error(TestError(5))])
        #expect(eventsOf(numbers([1, 3]).attempt { _ in }) == [.next(1), .next(3), .completed])
        #expect(eventsOf(numbers([]).attempt { _ in }) == [.completed])
        #expect(
            eventsOf(Signal<Int, TestError>(error: TestError(1)).attempt { _ in }) == [
                .error(TestError(1))
            ])
        #expect(disposalReachesSource { (source: Signal<Int, TestError>) in source.attempt { _ in } })

        let probe = ProbeSource<Int, TestError>()
        let log = EventLog.of(probe.signal.attempt { (_: Int) throws(TestError) in throw TestError(6) })
        probe.sendNext(1)
        #expect(log.events == [.error(TestError(6))])
        #expect(!probe.isSubscribed && probe.disposals == 1)
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("tryMap sends the thrown error and disposes the source at once")
    func tryMaps() throws {
        try expectMarbles({ $0.tryMap { $0.uppercased() } }, passThroughCases("-A-B-C-|", "-A-#", "-A-B"))
        let source = try scheduler.createColdSignal("-a-b-c-|", error: TestError(1))
        let mapped = source.tryMap { (value: String) throws(TestError) -> String in
            if value == "b" { throw TestError(2) }
            return value.uppercased()
        }
        try scheduler.expect(mapped, toEmit: "-A-#", error: TestError(2))
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
    }

    @Test("attempt passes the values that pass the check and fails with the first thrown error")
    func attempts() throws {
        try expectMarbles({ $0.attempt { _ in } }, passThroughCases("-a-b-c-|", "-a-#", "-a-b"))
        let source = try scheduler.createColdSignal("-a-b-c-|", error: TestError(1))
        let checked = source.attempt { (value: String) throws(TestError) in
            if value == "b" { throw TestError(2) }
        }
        try scheduler.expect(checked, toEmit: "-a-#", error: TestError(2))
        try scheduler.expect(source, toHaveSubscriptions: ["^--!"])
    }

    @Test("tryMap: once it has failed, a value sent into the source from the error callback reaches nothing")
    func tryMapReentrant() {
        let subject = Subject<Int, TestError>()
        let log = EventLog<Int, TestError>()
        let mapped = subject.tryMap { (value: Int) throws(TestError) -> Int in
            if value == 2 { throw TestError(2) }
            return value
        }
        log.record(mapped) { event in
            if case .error = event { subject.sendNext(3) }
        }
        subject.sendNext(1)
        subject.sendNext(2)
        #expect(log.events == [.next(1), .error(TestError(2))])
        #expect(subject.subscriberCount == 0)
    }
}
