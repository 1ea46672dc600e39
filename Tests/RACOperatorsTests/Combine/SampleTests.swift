import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntSignal = Signal<Int, TestError>

@Suite("Combine: sample", .checksRelease)
struct SampleTests {
    @Test("sends the latest source value whenever the sampler sends")
    func ordinary() {
        weak var weakLog: EventLog<Int, TestError>?
        do {
            let source = ProbeSource<Int, TestError>()
            let sampler = ProbeSource<String, TestError>()
            let log = EventLog<Int, TestError>()
            weakLog = log
            let subscription = log.record(source.signal.sample(sampler.signal))
            sampler.sendNext("x")  // no value yet
            source.sendNext(1)
            source.sendNext(2)
            sampler.sendNext("x")
            sampler.sendNext("x")
            source.sendNext(3)
            sampler.sendNext("x")
            #expect(log.events == [.next(2), .next(2), .next(3)])
            subscription.dispose()
            #expect(source.disposals == 1 && sampler.disposals == 1)
        }
        #expect(weakLog == nil)
    }

    @Test("completes as soon as either completes, disposing the other")
    func completion() {
        let source = ProbeSource<Int, TestError>()
        let sampler = ProbeSource<Void, TestError>()
        let log = EventLog.of(source.signal.sample(sampler.signal))
        source.sendNext(1)
        source.sendCompleted()
        #expect(log.events == [.completed])
        #expect(!sampler.isSubscribed && sampler.disposals == 1)

        let source2 = ProbeSource<Int, TestError>()
        let sampler2 = ProbeSource<Void, TestError>()
        let log2 = EventLog.of(source2.signal.sample(sampler2.signal))
        source2.sendNext(1)
        sampler2.sendNext(())
        sampler2.sendCompleted()
        #expect(log2.events == [.next(1), .completed])
        #expect(!source2.isSubscribed && source2.disposals == 1)
    }

    @Test("empty inputs")
    func empty() {
        #expect(EventLog.of(IntSignal.empty.sample(Signal<Void, TestError>.never)).events == [.completed])
        #expect(EventLog.of(IntSignal.never.sample(Signal<Void, TestError>.empty)).events == [.completed])
    }

    @Test("an error from either is forwarded")
    func errors() {
        let source = ProbeSource<Int, TestError>()
        let sampler = ProbeSource<Void, TestError>()
        let log = EventLog.of(source.signal.sample(sampler.signal))
        source.sendError(TestError(1))
        #expect(log.events == [.error(TestError(1))])
        #expect(!sampler.isSubscribed)

        let source2 = ProbeSource<Int, TestError>()
        let sampler2 = ProbeSource<Void, TestError>()
        let log2 = EventLog.of(source2.signal.sample(sampler2.signal))
        sampler2.sendError(TestError(2))
        #expect(log2.events == [.error(TestError(2))])
        #expect(!source2.isSubscribed)
    }

    @Test("disposal disposes both")
    func disposal() {
        let source = ProbeSource<Int, TestError>()
        let sampler = ProbeSource<Void, TestError>()
        let subscription = EventLog<Int, TestError>().record(source.signal.sample(sampler.signal))
        subscription.dispose()
        #expect(source.disposals == 1 && sampler.disposals == 1)
        #expect(!source.isSubscribed && !sampler.isSubscribed)
    }

    @Test("the subscriber may send into the source while a sample is delivered")
    func reentrant() {
        weak var weakSource: Subject<Int, TestError>?
        weak var weakSampler: Subject<Void, TestError>?
        do {
            let source = Subject<Int, TestError>()
            let sampler = Subject<Void, TestError>()
            (weakSource, weakSampler) = (source, sampler)
            let log = EventLog<Int, TestError>()
            let subscription = log.record(source.sample(sampler)) { event in
                if event == .next(1) {
                    source.sendNext(2)
                    sampler.sendNext(())
                }
            }
            source.sendNext(1)
            sampler.sendNext(())
            #expect(log.events == [.next(1), .next(2)])
            // The subscriber captures both inputs: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakSource == nil)
        #expect(weakSampler == nil)
    }

    let scheduler = TestScheduler(checksRelease: true)

    @Test("sample sends the latest value at each sampler value; ends with either")
    func sample() throws {
        let source = try scheduler.createColdSignal("-a--b-c----|", error: TestError(1))
        let sampler = try scheduler.createColdSignal("--x----x-x---|", error: TestError(1))
        try scheduler.expect(source.sample(sampler), toEmit: "--a----c-c-|", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^----------!"])
        try scheduler.expect(sampler, toHaveSubscriptions: ["^----------!"])
    }

    @Test("sample: nothing before the first value; the sampler's completion or error ends it")
    func sampleCases() throws {
        let source = try scheduler.createColdSignal("---a-----b-|", error: TestError(1))
        let sampler = try scheduler.createColdSignal("-x---x-|", error: TestError(1))
        try scheduler.expect(source.sample(sampler), toEmit: "-----a-|", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^------!"])

        let other = TestScheduler(checksRelease: true)
        let values = try other.createColdSignal("-a-----|", error: TestError(1))
        let failing = try other.createColdSignal("--x-#", error: TestError(1))
        try other.expect(values.sample(failing), toEmit: "--a-#", error: TestError(1))
        try other.expect(values, toHaveSubscriptions: ["^---!"])
    }

    @Test("the inputs sending on two threads take turns: samples are source values, in order")
    func threads() {
        let source = Subject<Int, TestError>()
        let sampler = Subject<Void, TestError>()
        let log = EventLog.of(source.sample(sampler))
        onThreads(2) { index in
            if index == 0 {
                for value in 1...3_000 { source.sendNext(value) }
            } else {
                for _ in 1...3_000 { sampler.sendNext(()) }
                sampler.sendCompleted()
            }
        }
        let values = log.values
        #expect(values.count <= 3_000)
        #expect(values.allSatisfy { (1...3_000).contains($0) })
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(log.terminal == .completed)
        #expect(source.subscriberCount == 0 && sampler.subscriberCount == 0)
    }
}
