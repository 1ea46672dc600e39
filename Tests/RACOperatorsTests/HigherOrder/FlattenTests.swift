import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntSignal = Signal<Int, TestError>

private typealias IntProbe = ProbeSource<Int, TestError>

@Suite("HigherOrder: flatten, flatten(_:), concat()", .checksRelease)
struct FlattenTests {
    @Test("flatten merges every inner signal")
    func flatten() {
        let outer = Subject<IntSignal, TestError>()
        let a = IntProbe()
        let b = IntProbe()
        let log = EventLog.of(outer.flatten())
        outer.sendNext(a.signal)
        outer.sendNext(b.signal)
        b.sendNext(1)
        a.sendNext(2)
        outer.sendCompleted()
        a.sendCompleted()
        b.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .completed])
        #expect(EventLog.of(Signal<IntSignal, TestError>.empty.flatten()).events == [.completed])
    }

    @Test("flatten(2) subscribes two at a time and starts queued signals in order")
    func limited() {
        let outer = Subject<IntSignal, TestError>()
        let probes = (0..<4).map { _ in IntProbe() }
        let log = EventLog.of(outer.flatten(2))
        for probe in probes { outer.sendNext(probe.signal) }
        outer.sendCompleted()
        #expect(probes.map(\.subscriptions) == [1, 1, 0, 0])
        probes[1].sendNext(1)
        probes[1].sendCompleted()
        #expect(probes.map(\.subscriptions) == [1, 1, 1, 0])
        probes[2].sendNext(2)
        probes[0].sendCompleted()
        #expect(probes.map(\.subscriptions) == [1, 1, 1, 1])
        probes[3].sendNext(3)
        probes[3].sendCompleted()
        #expect(!log.isTerminated)
        probes[2].sendCompleted()
        #expect(log.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test(
        "flatten(0) has no limit, as RAC's flatten:0 (RACSignal+Operations.m -flatten:): values, error, completion, disposal, empty"
    )
    func unlimitedZero() {
        let outer = Subject<IntSignal, TestError>()
        let probes = (0..<5).map { _ in IntProbe() }
        let log = EventLog.of(outer.flatten(0))
        for probe in probes { outer.sendNext(probe.signal) }
        #expect(probes.map(\.subscriptions) == [1, 1, 1, 1, 1])
        probes[4].sendNext(4)
        probes[0].sendNext(0)
        outer.sendCompleted()
        for probe in probes { probe.sendCompleted() }
        #expect(log.events == [.next(4), .next(0), .completed])

        let failing = Subject<IntSignal, TestError>()
        let inners = (0..<3).map { _ in IntProbe() }
        let failed = EventLog.of(failing.flatten(0))
        for inner in inners { failing.sendNext(inner.signal) }
        inners[2].sendError(TestError(2))
        #expect(failed.events == [.error(TestError(2))])
        #expect(inners.map(\.isSubscribed) == [false, false, false])

        let disposed = Subject<IntSignal, TestError>()
        let running = (0..<3).map { _ in IntProbe() }
        let subscription = EventLog<Int, TestError>().record(disposed.flatten(0))
        for inner in running { disposed.sendNext(inner.signal) }
        subscription.dispose()
        #expect(running.map(\.isSubscribed) == [false, false, false])
        #expect(running.map(\.subscriptions) == [1, 1, 1])

        #expect(EventLog.of(Signal<IntSignal, TestError>.empty.flatten(0)).events == [.completed])
    }

    @Test("flatten on optional inners: a nil inner counts as empty (RAC: accepts nil signals)")
    func optionalInners() {
        let outer = Subject<IntSignal?, TestError>()
        let a = IntProbe()
        let b = IntProbe()
        let log = EventLog.of(outer.flatten())
        outer.sendNext(a.signal)
        outer.sendNext(nil)
        outer.sendNext(b.signal)
        b.sendNext(1)
        a.sendNext(2)
        outer.sendCompleted()
        a.sendCompleted()
        #expect(!log.isTerminated)
        b.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .completed])

        let nils = Subject<IntSignal?, TestError>()
        let onlyNils = EventLog.of(nils.flatten())
        nils.sendNext(nil)
        nils.sendCompleted()
        #expect(onlyNils.events == [.completed])
        #expect(EventLog.of(Signal<IntSignal?, TestError>.empty.flatten()).events == [.completed])
    }

    @Test("flatten on optional inners: errors are forwarded; disposal reaches the running inners")
    func optionalInnersErrorAndDisposal() {
        let outer = Subject<IntSignal?, TestError>()
        let inner = IntProbe()
        let log = EventLog.of(outer.flatten())
        outer.sendNext(inner.signal)
        outer.sendNext(nil)
        outer.sendError(TestError(6))
        #expect(log.events == [.error(TestError(6))])
        #expect(!inner.isSubscribed)

        let disposed = Subject<IntSignal?, TestError>()
        let running = (0..<2).map { _ in IntProbe() }
        let subscription = EventLog<Int, TestError>().record(disposed.flatten())
        disposed.sendNext(running[0].signal)
        disposed.sendNext(nil)
        disposed.sendNext(running[1].signal)
        subscription.dispose()
        #expect(running.map(\.isSubscribed) == [false, false] && disposed.subscriberCount == 0)
    }

    @Test("concat() subscribes the inner signals one after another, in arrival order")
    func concat() {
        let outer = Subject<IntSignal, TestError>()
        let a = IntProbe()
        let b = IntProbe()
        let log = EventLog.of(outer.concat())
        outer.sendNext(a.signal)
        outer.sendNext(b.signal)
        b.sendNext(99)  // not subscribed yet
        a.sendNext(1)
        #expect(b.subscriptions == 0)
        a.sendCompleted()
        b.sendNext(2)
        b.sendCompleted()
        #expect(!log.isTerminated)
        outer.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .completed])
        let sync = Signal(values: [IntSignal(values: [1, 2]), .empty, IntSignal(value: 3)]).concat()
        #expect(EventLog.of(sync).values == [1, 2, 3])
    }

    @Test("an error disposes running and queued signals and is forwarded")
    func errors() {
        let outer = Subject<IntSignal, TestError>()
        let a = IntProbe()
        let b = IntProbe()
        let log = EventLog.of(outer.concat())
        outer.sendNext(a.signal)
        outer.sendNext(b.signal)
        a.sendError(TestError(1))
        #expect(log.events == [.error(TestError(1))])
        #expect(outer.subscriberCount == 0)
        #expect(b.subscriptions == 0)

        let outer2 = Subject<IntSignal, TestError>()
        let c = IntProbe()
        let log2 = EventLog.of(outer2.flatten(1))
        outer2.sendNext(c.signal)
        outer2.sendError(TestError(2))
        #expect(log2.events == [.error(TestError(2))])
        #expect(!c.isSubscribed)
    }

    @Test("disposal disposes the outer and running inner signals and drops queued ones")
    func disposal() {
        let outer = IntProbe()
        let inners = [IntProbe(), IntProbe()]
        let subscription = EventLog<Int, TestError>().record(
            outer.signal.map { inners[$0].signal }.flatten(1))
        outer.sendNext(0)
        outer.sendNext(1)
        subscription.dispose()
        #expect(outer.disposals == 1 && inners[0].disposals == 1)
        inners[0].sendCompleted()
        #expect(inners[1].subscriptions == 0)
    }

    @Test("flatten reuses the places of completed inners: values still arrive, disposal reaches all running")
    func reusedPlaces() {
        let outer = Subject<IntSignal, TestError>()
        let first = (0..<5).map { _ in IntProbe() }
        let log = EventLog<Int, TestError>()
        let subscription = log.record(outer.flatten())
        for probe in first { outer.sendNext(probe.signal) }
        first[1].sendCompleted()
        first[3].sendCompleted()
        // Three more: two take the places the completed ones left, one a new place.
        let second = (0..<3).map { _ in IntProbe() }
        for probe in second { outer.sendNext(probe.signal) }
        let all = first + second
        #expect(all.map(\.isSubscribed) == [true, false, true, false, true, true, true, true])
        for (index, probe) in all.enumerated() { probe.sendNext(index) }
        second[0].sendCompleted()
        all[0].sendNext(10)
        subscription.dispose()
        #expect(log.events == [.next(0), .next(2), .next(4), .next(5), .next(6), .next(7), .next(10)])
        #expect(all.allSatisfy { !$0.isSubscribed })
        #expect(all.map(\.disposals) == [1, 1, 1, 1, 1, 1, 1, 1])
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("flatten merges the inner signals as they arrive")
    func flattens() throws {
        let x = try scheduler.createColdSignal("a--b|", error: TestError(1))
        let y = try scheduler.createColdSignal("c-d|", error: TestError(1))
        let outer = try scheduler.createColdSignal(
            "-x------y-----|", values: ["x": x as Signal<String, TestError>, "y": y], error: TestError(1))
        try scheduler.expect(outer.flatten(), toEmit: "-a--b---c-d---|", error: TestError(1))
        try scheduler.expect(x, toHaveSubscriptions: ["-^---!"])
        try scheduler.expect(y, toHaveSubscriptions: ["--------^--!"])
    }

    @Test("flatten(1) and concat() queue the inners; flatten(2) runs two at a time")
    func flattenLimited() throws {
        let variants: [(Signal<Signal<String, TestError>, TestError>) -> Signal<String, TestError>] = [
            { $0.flatten(1) }, { $0.concat() },
        ]
        for limited in variants {
            let scheduler = TestScheduler(checksRelease: true)
            let x = try scheduler.createColdSignal("a---b|", error: TestError(1))
            let y = try scheduler.createColdSignal("c-d|", error: TestError(1))
            let outer = try scheduler.createColdSignal(
                "-x-y-------|", values: ["x": x as Signal<String, TestError>, "y": y], error: TestError(1))
            try scheduler.expect(limited(outer), toEmit: "-a---bc-d--|", error: TestError(1))
            try scheduler.expect(x, toHaveSubscriptions: ["-^----!"])
            try scheduler.expect(y, toHaveSubscriptions: ["------^--!"])
        }
        let x = try scheduler.createColdSignal("a---|", error: TestError(1))
        let y = try scheduler.createColdSignal("b---|", error: TestError(1))
        let z = try scheduler.createColdSignal("c|", error: TestError(1))
        let outer = try scheduler.createColdSignal(
            "-x-y-z---|", values: ["x": x as Signal<String, TestError>, "y": y, "z": z], error: TestError(1))
        try scheduler.expect(outer.flatten(2), toEmit: "-a-b-c---|", error: TestError(1))
        try scheduler.expect(z, toHaveSubscriptions: ["-----^!"])
    }

    @Test("concat(): an error in the running inner ends everything; the queued ones never run")
    func concatError() throws {
        let x = try scheduler.createColdSignal("a-#", error: TestError(1))
        let y = try scheduler.createColdSignal("c|", error: TestError(1))
        let outer = try scheduler.createColdSignal(
            "-xy-----|", values: ["x": x as Signal<String, TestError>, "y": y], error: TestError(1))
        try scheduler.expect(outer.concat(), toEmit: "-a-#", error: TestError(1))
        try scheduler.expect(y, toHaveSubscriptions: [])
        try scheduler.expect(outer, toHaveSubscriptions: ["^--!"])
    }
}
