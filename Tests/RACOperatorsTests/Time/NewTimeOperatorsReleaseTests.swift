import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("The issue-28 time operators release what they hold", .checksRelease)
struct NewTimeOperatorsReleaseTests {
    /// Subscribes `apply(source)` over a cold source that captures a token, disposes it at
    /// `disposeAt` (or runs it to its end), and checks that the source, the token and every timer
    /// are gone.
    private func expectReleased(
        _ marble: String, disposeAt: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation,
        _ apply: (Signal<String, Never>, TestScheduler) -> Signal<String, Never>
    ) throws {
        let scheduler = TestScheduler(checksRelease: true)
        try expectChainReleased(on: scheduler, source: marble, sourceLocation: sourceLocation) {
            source, token in
            let recorder = scheduler.record(
                apply(source.map { value in withExtendedLifetime(token) { value } }, scheduler),
                disposeAt: disposeAt)
            scheduler.advance(by: scheduler.frames(marble.count + 20))
            #expect(!recorder.events.isEmpty, sourceLocation: sourceLocation)
        }
        #expect(scheduler.isEmpty, "a timer was left scheduled", sourceLocation: sourceLocation)
    }

    @Test("rateLimit(_:latest: true, on:), buffer(every:), window(every:), take(for:), skip(for:)")
    func released() throws {
        for disposeAt in [nil, 5] as [Int?] {
            try expectReleased("-a-b-c-d-e-f----|", disposeAt: disposeAt) { source, scheduler in
                source.rateLimit(scheduler.frames(3), latest: true, on: scheduler)
            }
            try expectReleased("-a-b-c-d-e-f----|", disposeAt: disposeAt) { source, scheduler in
                source.buffer(every: scheduler.frames(3), count: 2, on: scheduler).map { $0.joined() }
            }
            try expectReleased("-a-b-c-d-e-f----|", disposeAt: disposeAt) { source, scheduler in
                source.buffer(for: scheduler.frames(3), count: 2, on: scheduler).map { $0.joined() }
            }
            try expectReleased("-a-b-c-d-e-f----|", disposeAt: disposeAt) { source, scheduler in
                source.window(every: scheduler.frames(3), count: 2, on: scheduler).flatten()
            }
            try expectReleased("-a-b-c-d-e-f----|", disposeAt: disposeAt) { source, scheduler in
                source.window(for: scheduler.frames(3), count: 2, on: scheduler).flatten()
            }
            try expectReleased("-a-b-c-d-e-f----|", disposeAt: disposeAt) { source, scheduler in
                source.take(for: scheduler.frames(7), on: scheduler).skip(
                    for: scheduler.frames(2), on: scheduler)
            }
        }
    }
}

@Suite("buffer(every:count:on:) across threads", .checksRelease)
struct PeriodicBufferThreadTests {
    @Test("values sent from many threads while the period's timer ticks: each value in exactly one batch")
    func concurrentSenders() {
        let scheduler = QueueScheduler(name: "buffer-every-threads")
        let source = Subject<Int, Never>()
        let log = EventLog<[Int], Never>()
        let subscription = log.record(source.buffer(every: .microseconds(50), count: 7, on: scheduler))
        onThreads(8) { thread in
            for value in 0..<500 { source.sendNext(thread * 1000 + value) }
        }
        source.sendCompleted()
        let sent = log.values.flatMap { $0 }
        #expect(sent.count == 8 * 500)
        #expect(Set(sent).count == 8 * 500)
        #expect(log.values.allSatisfy { $0.count <= 7 })
        #expect(log.events.last == .completed)
        subscription.dispose()
    }
}
