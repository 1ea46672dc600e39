import Dispatch
import RACSchedulers
import RACTestSupport
import Testing

@Suite("Signal.startEagerly and Signal.startLazily", .checksRelease)
struct SignalStartTests {
    private func replayBlock(counter: Locked<Int>) -> (Subscriber<String, Never>) -> Void {
        { subscriber in
            let run = counter.withValue { count in
                count += 1
                return count
            }
            subscriber.sendNext("replay-\(run - 1)")
            subscriber.sendNext("replay-\(run)")
            subscriber.sendCompleted()
        }
    }

    /// What one subscription to `signal` received by the time `subscribe` returned. Its subscriber
    /// must be released by the end of the test (see `ReleaseCheck`).
    private func events(
        of signal: Signal<String, Never>, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [String] {
        var received: [String] = []
        let subscription = signal.subscribe(
            next: { received.append($0) }, completed: { received.append("completed") })
        expectReleased(subscription, "the subscriber of events(of:)", sourceLocation: sourceLocation)
        return received
    }

    @Test("startLazily runs the block only on the first subscription, once; both subscribers get the replay")
    func lazily() {
        let counter = Locked(0)
        let signal = Signal.startLazily(on: Scheduler.immediate, replayBlock(counter: counter))
        #expect(counter.current == 0)
        let first = events(of: signal)
        let second = events(of: signal)
        #expect(counter.current == 1)
        #expect(first == ["replay-0", "replay-1", "completed"])
        #expect(second == ["replay-0", "replay-1", "completed"])
    }

    @Test("startEagerly runs the block at once, once; subscribers get the replay")
    func eagerly() {
        let counter = Locked(0)
        let signal = Signal.startEagerly(on: Scheduler.immediate, replayBlock(counter: counter))
        #expect(counter.current == 1)
        #expect(events(of: signal) == ["replay-0", "replay-1", "completed"])
        #expect(events(of: signal) == ["replay-0", "replay-1", "completed"])
        #expect(counter.current == 1)
    }

    @Test("startLazily runs the block on the given scheduler, with it as current")
    func lazilyOnScheduler() {
        let scheduler = VirtualTimeScheduler()
        var blockCurrent: Scheduler?
        let signal = Signal<Int, Never>.startLazily(on: scheduler) { subscriber in
            blockCurrent = Scheduler.current
            subscriber.sendNext(1)
            subscriber.sendCompleted()
        }
        var received: [Int] = []
        let subscription = signal.subscribe(next: { received.append($0) })
        #expect(received.isEmpty)
        #expect(blockCurrent == nil)
        scheduler.run()
        #expect(received == [1])
        #expect(blockCurrent === scheduler)
        expectReleased(subscription, "the subscriber")
        expectReleased(signal, "the started signal")
    }

    @Test("startEagerly starts on the scheduler before anyone subscribes")
    func eagerlyOnScheduler() {
        let scheduler = VirtualTimeScheduler()
        let counter = Locked(0)
        let signal = Signal.startEagerly(on: scheduler, replayBlock(counter: counter))
        #expect(counter.current == 0)
        scheduler.run()
        #expect(counter.current == 1)
        var received: [String] = []
        let subscription = signal.subscribe(next: { received.append($0) })
        #expect(received.isEmpty)
        scheduler.run()
        #expect(received == ["replay-0", "replay-1"])
        expectReleased(subscription, "the subscriber")
        expectReleased(signal, "the started signal")
    }

    @Test("disposing a subscription before the scheduler reaches it neither subscribes nor starts")
    func disposeBeforeStart() {
        let scheduler = VirtualTimeScheduler()
        let counter = Locked(0)
        let signal = Signal.startLazily(on: scheduler, replayBlock(counter: counter))
        var received: [String] = []
        let subscription = signal.subscribe(next: { received.append($0) })
        subscription.dispose()
        scheduler.run()
        #expect(counter.current == 0)
        #expect(received.isEmpty)
        #expect(events(of: signal).isEmpty)
        scheduler.run()
        #expect(counter.current == 1)
        expectReleased(subscription, "the disposed subscriber")
        expectReleased(signal, "the started signal")
    }

    @Test("asynchronous values reach live subscribers and replay to late ones; errors replay too")
    func asynchronousBlock() {
        let scheduler = QueueScheduler()
        let input = Locked<Subscriber<Int, TestError>?>(nil)
        let started = DispatchSemaphore(value: 0)
        let signal = Signal<Int, TestError>.startEagerly(on: scheduler) { subscriber in
            input.withValue { $0 = subscriber }
            started.signal()
        }
        #expect(started.waitOrFail())
        let early = Log<String>()
        let earlyDone = DispatchSemaphore(value: 0)
        let earlySubscription = signal.subscribe(
            next: { early.append("\($0)") },
            error: { _ in
                early.append("error")
                earlyDone.signal()
            })
        scheduler.drain()
        input.current?.sendNext(1)
        input.current?.sendNext(2)
        input.current?.sendError(TestError())
        #expect(earlyDone.waitOrFail())
        #expect(early.entries == ["1", "2", "error"])
        let late = Log<String>()
        let lateDone = DispatchSemaphore(value: 0)
        let lateSubscription = signal.subscribe(
            next: { late.append("\($0)") },
            error: { _ in
                late.append("error")
                lateDone.signal()
            })
        #expect(lateDone.waitOrFail())
        #expect(late.entries == ["1", "2", "error"])
        input.withValue { $0 = nil }
        expectReleased(earlySubscription, "the early subscriber")
        expectReleased(lateSubscription, "the late subscriber")
        expectReleased(signal, "the started signal")
    }

    @Test("the block is released after it has run")
    func releasesBlock() {
        weak var weakToken: Token?
        var signal: Signal<Int, Never>?
        do {
            let token = Token()
            weakToken = token
            signal = Signal.startLazily(on: Scheduler.immediate) { subscriber in
                withExtendedLifetime(token) {}
                subscriber.sendCompleted()
            }
        }
        #expect(weakToken != nil)
        signal?.subscribe(completed: {})
        #expect(weakToken == nil)
        signal = nil
    }
}
