import Foundation
import RACOperators
import RACTestSupport
import Synchronization
import Testing

@Suite("Source release: released without ending, and racing disposal")
struct SourceReleaseTests {
    @Test(
        "the subjects, the subscriber's captures and the operator's captures are released",
        arguments: releaseCases)
    func releasedWithTheSource(_ chain: ReleaseCase) {
        let values = Locked<[Int]>([])
        weak var sink: Token?
        weak var captured: Token?
        var subjects: [WeakSubject] = []
        do {
            let sinkProbe = Token()
            let capturedProbe = Token()
            sink = sinkProbe
            captured = capturedProbe
            let (sources, _) = chain.start(sink: sinkProbe, captured: capturedProbe, values: values)
            subjects = sources.map { WeakSubject(subject: $0) }
            #expect(sources.map(\.subscriberCount) == chain.live)
        }
        #expect(values.current == chain.expected)
        #expect(subjects.count == chain.sources)
        #expect(subjects.allSatisfy { $0.subject == nil })
        #expect(sink == nil)
        #expect(captured == nil)
    }

    @Test(
        "disposing the result disposes every source subscription before dispose() returns",
        arguments: releaseCases + retainingCases)
    func disposalReachesTheSources(_ chain: ReleaseCase) {
        let values = Locked<[Int]>([])
        let (sources, subscription) = chain.start(sink: Token(), captured: Token(), values: values)
        #expect(sources.map(\.subscriberCount) == chain.live)
        subscription.dispose()
        #expect(sources.map(\.subscriberCount) == Array(repeating: 0, count: chain.sources))
        #expect(subscription.isDisposed)
        for source in sources { source.sendNext(100) }
        #expect(values.current == chain.expected)
    }

    @Test("a kept subscription outlives its released chain: not stopped, and disposable later")
    func keptSubscription() {
        weak var sink: Token?
        weak var captured: Token?
        var subscription: (any Disposable)?
        do {
            let subject = Subject<Int, TestError>()
            let sinkProbe = Token()
            let capturedProbe = Token()
            sink = sinkProbe
            captured = capturedProbe
            subscription = subject.map(keep(capturedProbe)).filter { _ in true }.subscribe(next: { _ in
                withExtendedLifetime(sinkProbe) {}
            })
        }
        #expect(captured == nil)
        #expect(sink != nil)
        #expect(subscription?.isDisposed == false)
        subscription?.dispose()
        #expect(subscription?.isDisposed == true)
        #expect(sink == nil)
        subscription = nil
    }

    @Test("a chain of 200 maps (with delivery checkpoints) is released with its source")
    func longChainReleased() {
        weak var sink: Token?
        weak var captured: Token?
        weak var weakSubject: Subject<Int, TestError>?
        let values = Locked<[Int]>([])
        do {
            let subject = Subject<Int, TestError>()
            weakSubject = subject
            let sinkProbe = Token()
            let capturedProbe = Token()
            sink = sinkProbe
            captured = capturedProbe
            var chain = subject.map(keep(capturedProbe))
            for _ in 0..<199 {
                chain = chain.map { $0 + 1 }
            }
            chain.subscribe(next: { value in
                withExtendedLifetime(sinkProbe) {}
                values.withValue { $0.append(value) }
            })
            subject.sendNext(1)
            subject.sendNext(2)
        }
        #expect(values.current == [200, 201])
        #expect(weakSubject == nil)
        #expect(captured == nil)
        #expect(sink == nil)
    }

    @Test("disposing a chain of 200 maps (with delivery checkpoints) reaches the source at once")
    func longChainDisposed() {
        let subject = Subject<Int, TestError>()
        var chain = subject.map { $0 }
        for _ in 0..<199 {
            chain = chain.map { $0 + 1 }
        }
        let subscription = chain.subscribe(next: { _ in })
        #expect(subject.subscriberCount == 1)
        subscription.dispose()
        #expect(subject.subscriberCount == 0)
        #expect(subscription.isDisposed)
    }

    @Test("disposing the result runs a cold source's disposal action before dispose() returns")
    func coldSourceDisposal() {
        let probe = ProbeSource<Int, TestError>()
        let values = Locked<[Int]>([])
        let subscription = probe.signal.map { $0 * 2 }.filter { _ in true }.scan(0, +).distinctUntilChanged()
            .take(10).subscribe(next: { value in values.withValue { $0.append(value) } })
        probe.sendNext(1)
        #expect(probe.subscriptions == 1 && probe.isSubscribed && probe.disposals == 0)
        subscription.dispose()
        #expect(!probe.isSubscribed)
        #expect(probe.disposals == 1)
        #expect(values.current == [2])
    }

    @Test("take(1) disposes its source before it completes")
    func takeDisposesFirst() {
        let subject = Subject<Int, TestError>()
        let probe = ProbeSource<Int, TestError>()
        let states = Locked<[String]>([])
        subject.map { $0 }.take(1).subscribe(
            next: { value in states.withValue { $0.append("next \(value)") } },
            completed: { states.withValue { $0.append("completed, \(subject.subscriberCount) left") } })
        probe.signal.take(1).subscribe(completed: {
            states.withValue { $0.append("completed, disposals \(probe.disposals)") }
        })
        subject.sendNext(7)
        probe.sendNext(8)
        #expect(states.current == ["next 7", "completed, 0 left", "completed, disposals 1"])
    }

    @Test("a source that keeps no subscriber: its disposable is disposed when the result is, not before")
    func neverRetainingSource() {
        for (name, step) in [
            (
                "map → filter",
                { (signal: Signal<Int, TestError>) in signal.map { $0 + 1 }.filter { _ in true } }
            ),
            (
                "flattenMap",
                { (signal: Signal<Int, TestError>) in signal.flattenMap { Signal(value: $0 + 1) } }
            ),
            (
                "switchToLatest",
                { (signal: Signal<Int, TestError>) in
                    signal.map { Signal(value: $0 + 1) }.switchToLatest()
                }
            ),
            (
                "take(until:)",
                { (signal: Signal<Int, TestError>) in
                    signal.take(until: Signal<Int, TestError>.never).map { $0 + 1 }
                }
            ),
        ] {
            let disposals = Locked(0)
            let values = Locked<[Int]>([])
            let subscription = step(neverRetaining(disposals: disposals)).subscribe(next: { value in
                values.withValue { $0.append(value) }
            })
            #expect(values.current == [2], "\(name)")
            #expect(disposals.current == 0, "\(name)")
            subscription.dispose()
            #expect(disposals.current == 1, "\(name)")
        }
    }

    /// Holds a reference for the threads of a race, so that it can be dropped after the race: a
    /// thread may keep its closure (and what that captures) a little after it has signalled.
    private final class Holder<Object>: @unchecked Sendable {
        var object: Object?
        init(_ object: Object) { self.object = object }
    }

    /// Counts the threads of a race that have arrived.
    private final class StartLine: Sendable {
        let arrived = Atomic<Int>(0)
    }

    /// Runs `first` and `second` on two new threads, released together once both have started,
    /// and waits for both.
    private func race(_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) {
        let line = StartLine()
        let done = DispatchSemaphore(value: 0)
        for body in [first, second] {
            Thread {
                line.arrived.add(1, ordering: .acquiringAndReleasing)
                while line.arrived.load(ordering: .acquiring) < 2 { sched_yield() }
                body()
                done.signal()
            }.start()
        }
        done.wait()
        done.wait()
    }

    private static let chains:
        [(String, @Sendable (Subject<Int, TestError>, Token) -> Signal<Int, TestError>)] = [
            (
                "map → filter → scan → distinctUntilChanged → take",
                { subject, probe in
                    subject.map(keep(probe)).filter { _ in true }.scan(0, +).distinctUntilChanged().take(100)
                }
            ),
            (
                "flattenMap, merge, switchToLatest",
                { subject, probe in
                    subject.flattenMap { Signal(value: $0) }.merge(Signal.never).map { value in
                        Signal(value: value)
                    }
                    .switchToLatest().map(keep(probe))
                }
            ),
            (
                "combineLatest, take(until:)",
                { subject, probe in
                    subject.combineLatest(with: Signal(value: 1)).map { $0.0 }.take(
                        until: Signal<Int, TestError>.never
                    )
                    .map(keep(probe))
                }
            ),
        ]

    @Test("one thread releases the source while another disposes the result")
    func releaseWhileDisposing() {
        for (name, build) in Self.chains {
            for _ in 0..<500 {
                let values = Locked<[Int]>([])
                weak var weakSubject: Subject<Int, TestError>?
                weak var weakSink: Token?
                weak var weakCaptured: Token?
                do {
                    // The holder has the only reference to the subject.
                    let source = Holder(Subject<Int, TestError>())
                    let sink = Token()
                    let captured = Token()
                    weakSubject = source.object
                    weakSink = sink
                    weakCaptured = captured
                    let subscription = Holder(
                        build(source.object!, captured).subscribe(next: { value in
                            withExtendedLifetime(sink) { values.withValue { $0.append(value) } }
                        }))
                    source.object?.sendNext(1)
                    race({ source.object = nil }, { subscription.object?.dispose() })
                    #expect(subscription.object?.isDisposed == true, "\(name)")
                    subscription.object = nil
                }
                #expect(values.current == [1], "\(name)")
                #expect(weakSubject == nil, "\(name)")
                #expect(weakSink == nil, "\(name)")
                #expect(weakCaptured == nil, "\(name)")
            }
        }
    }

    @Test("one thread completes the source while another disposes the result")
    func completeWhileDisposing() {
        for (name, build) in Self.chains {
            for _ in 0..<500 {
                let events = Locked<[String]>([])
                weak var weakSink: Token?
                do {
                    let source = Holder(Subject<Int, TestError>())
                    let sink = Token()
                    weakSink = sink
                    let subscription = Holder(
                        build(source.object!, Token()).subscribe(
                            next: { value in
                                withExtendedLifetime(sink) { events.withValue { $0.append("\(value)") } }
                            },
                            completed: { events.withValue { $0.append("|") } }))
                    source.object?.sendNext(1)
                    race({ source.object?.sendCompleted() }, { subscription.object?.dispose() })
                    #expect(subscription.object?.isDisposed == true, "\(name)")
                    #expect(source.object?.subscriberCount == 0, "\(name)")
                    source.object = nil
                    subscription.object = nil
                }
                // Completion (the first chain completes with its source) may or may not win.
                let recorded = events.current
                #expect(recorded == ["1"] || recorded == ["1", "|"], "\(name): \(recorded)")
                #expect(weakSink == nil, "\(name)")
            }
        }
    }
}
