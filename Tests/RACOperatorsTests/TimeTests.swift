import RACOperators
import RACTestSupport
import Testing

private struct TimeTestError: Error, Equatable {}

@Suite("Time operators on virtual time", .checksRelease)
struct TimeTests {
    @Test("throttle holds a value until the interval passes quietly; newer values replace it")
    func throttle() {
        let scheduler = VirtualTimeScheduler()
        let source = Subject<String, Never>()
        let log = TimedLog<String, Never>(scheduler)
        log.record(source.throttle(.milliseconds(30), on: scheduler))
        at(10, on: scheduler) { source.sendNext("a") }
        at(20, on: scheduler) { source.sendNext("b") }
        at(100, on: scheduler) { source.sendNext("c") }
        at(110, on: scheduler) { source.sendCompleted() }
        scheduler.run()
        #expect(log.matches([(50, .next("b")), (110, .next("c")), (110, .completed)]), "\(log.summary)")
    }

    @Test("throttle(valuesPassingTest:) sends failing values at once, dropping the held one")
    func throttlePredicate() {
        weak var weakScheduler: VirtualTimeScheduler?
        do {
            let scheduler = VirtualTimeScheduler()
            weakScheduler = scheduler
            let source = Subject<Int, Never>()
            let log = TimedLog<Int, Never>(scheduler)
            log.record(source.throttle(.milliseconds(30), on: scheduler, valuesPassingTest: { $0 % 2 == 0 }))
            at(10, on: scheduler) { source.sendNext(2) }
            at(20, on: scheduler) { source.sendNext(3) }
            at(30, on: scheduler) { source.sendNext(4) }
            scheduler.run()
            #expect(log.matches([(20, .next(3)), (60, .next(4))]), "\(log.summary)")
            // Completing the source ends the chain, which then lets the scheduler go.
            source.sendCompleted()
            scheduler.run()
        }
        #expect(weakScheduler == nil)
    }

    @Test("throttle forwards an error at once and drops the held value")
    func throttleError() {
        let scheduler = VirtualTimeScheduler()
        let source = Subject<Int, TimeTestError>()
        let log = TimedLog<Int, TimeTestError>(scheduler)
        log.record(source.throttle(.milliseconds(30), on: scheduler))
        at(10, on: scheduler) { source.sendNext(1) }
        at(20, on: scheduler) { source.sendError(TimeTestError()) }
        scheduler.run()
        #expect(log.matches([(20, .error(TimeTestError()))]), "\(log.summary)")
    }

    @Test("throttle of an empty signal just completes; disposal cancels the held value")
    func throttleEmptyAndDisposal() {
        let scheduler = VirtualTimeScheduler()
        let log = TimedLog<Int, Never>(scheduler)
        log.record(Signal<Int, Never>.empty.throttle(.milliseconds(5), on: scheduler))
        #expect(log.matches([(0, .completed)]))

        let source = Subject<Int, Never>()
        let disposedLog = TimedLog<Int, Never>(scheduler)
        let subscription = disposedLog.record(source.throttle(.milliseconds(30), on: scheduler))
        source.sendNext(1)
        subscription.dispose()
        scheduler.run()
        #expect(disposedLog.entries.isEmpty)
        #expect(source.subscriberCount == 0)
        #expect(scheduler.isEmpty)
    }

    @Test("delay shifts values and completion; errors pass at once")
    func delay() {
        let scheduler = VirtualTimeScheduler()
        let source = Subject<Int, TimeTestError>()
        let log = TimedLog<Int, TimeTestError>(scheduler)
        log.record(source.delay(.milliseconds(15), on: scheduler))
        at(10, on: scheduler) { source.sendNext(1) }
        at(20, on: scheduler) { source.sendNext(2) }
        at(30, on: scheduler) { source.sendCompleted() }
        scheduler.run()
        #expect(log.matches([(25, .next(1)), (35, .next(2)), (45, .completed)]), "\(log.summary)")

        let failing = Subject<Int, TimeTestError>()
        let errorLog = TimedLog<Int, TimeTestError>(scheduler)
        errorLog.record(failing.delay(.milliseconds(15), on: scheduler))
        failing.sendNext(1)
        failing.sendError(TimeTestError())
        scheduler.run()
        #expect(errorLog.entries.count == 1)
        #expect(errorLog.entries.first?.1 == .error(TimeTestError()))
    }

    @Test("disposing a delayed signal cancels what is still waiting")
    func delayDisposal() {
        let scheduler = VirtualTimeScheduler()
        let log = TimedLog<Int, Never>(scheduler)
        let subscription = log.record(
            Signal<Int, Never>(values: [1, 2]).delay(.milliseconds(10), on: scheduler))
        #expect(scheduler.pendingActionCount == 3)
        subscription.dispose()
        scheduler.run()
        #expect(log.entries.isEmpty)
    }

    @Test("buffer(for:on:) batches values from the first of each batch; completion flushes")
    func buffer() {
        let scheduler = VirtualTimeScheduler()
        let source = Subject<Int, Never>()
        let log = TimedLog<[Int], Never>(scheduler)
        log.record(source.buffer(for: .milliseconds(40), on: scheduler))
        at(10, on: scheduler) { source.sendNext(1) }
        at(20, on: scheduler) { source.sendNext(2) }
        at(70, on: scheduler) { source.sendNext(3) }
        at(80, on: scheduler) { source.sendCompleted() }
        scheduler.run()
        #expect(log.matches([(50, .next([1, 2])), (80, .next([3])), (80, .completed)]), "\(log.summary)")

        let emptyLog = TimedLog<[Int], Never>(scheduler)
        emptyLog.record(Signal<Int, Never>.empty.buffer(for: .milliseconds(5), on: scheduler))
        #expect(emptyLog.entries.map(\.1) == [.completed])
    }

    @Test("buffer drops the pending batch on error")
    func bufferError() {
        let scheduler = VirtualTimeScheduler()
        let source = Subject<Int, TimeTestError>()
        let log = TimedLog<[Int], TimeTestError>(scheduler)
        log.record(source.buffer(for: .milliseconds(40), on: scheduler))
        source.sendNext(1)
        source.sendError(TimeTestError())
        scheduler.run()
        #expect(log.entries.map(\.1) == [.error(TimeTestError())])
    }

    @Test("timeout fails if the signal has not terminated in time, and disposes it")
    func timeout() {
        let scheduler = VirtualTimeScheduler()
        var disposed = false
        let source = Subject<Int, Never>()
        let watched = Signal<Int, Never> { subscriber in
            CompoundDisposable([source.subscribe(subscriber), ActionDisposable { disposed = true }])
        }
        let log = TimedLog<Int, TimeoutError>(scheduler)
        log.record(watched.timeout(.milliseconds(50), on: scheduler))
        at(10, on: scheduler) { source.sendNext(1) }
        scheduler.run()
        #expect(
            log.matches([(10, .next(1)), (50, .error(TimeoutError(interval: .milliseconds(50))))]),
            "\(log.summary)")
        #expect(disposed)
    }

    @Test("timeout passes through a signal that ends in time, and cancels its timer")
    func timeoutNotReached() {
        let scheduler = VirtualTimeScheduler()
        let source = Subject<Int, TimeTestError>()
        let log = TimedLog<Int, TimeTestError>(scheduler)
        log.record(source.timeout(.milliseconds(50), on: scheduler, raising: TimeTestError()))
        at(10, on: scheduler) { source.sendNext(1) }
        at(20, on: scheduler) { source.sendCompleted() }
        scheduler.run()
        #expect(log.matches([(10, .next(1)), (20, .completed)]), "\(log.summary)")
        #expect(scheduler.now == .milliseconds(20))
    }

    @Test("interval ticks every period until disposed")
    func interval() {
        let scheduler = VirtualTimeScheduler()
        let log = TimedLog<Int, Never>(scheduler)
        let subscription = log.record(Signal.interval(.milliseconds(10), on: scheduler))
        scheduler.advance(by: .milliseconds(35))
        subscription.dispose()
        scheduler.advance(by: .milliseconds(100))
        #expect(log.matches([(10, .next(0)), (20, .next(1)), (30, .next(2))]), "\(log.summary)")
        #expect(scheduler.isEmpty)
    }

    @Test("a time chain and its captured objects are released after disposal")
    func deallocation() {
        let scheduler = VirtualTimeScheduler()
        weak var weakSource: Subject<Int, Never>?
        do {
            let source = Subject<Int, Never>()
            weakSource = source
            let subscription = source.throttle(.milliseconds(10), on: scheduler)
                .delay(.milliseconds(5), on: scheduler)
                .buffer(for: .milliseconds(20), on: scheduler)
                .observe { _ in }
            source.sendNext(1)
            scheduler.advance(by: .milliseconds(12))
            subscription.dispose()
        }
        scheduler.run()
        #expect(weakSource == nil)
    }

    @Test("bad intervals and an immediate scheduler stop with a message naming the call and value")
    func programmerErrors() async {
        let zeroBuffer = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.buffer(for: .zero, on: VirtualTimeScheduler())
        }
        let bufferMessage = String(decoding: zeroBuffer?.standardErrorContent ?? [], as: UTF8.self)
        #expect(bufferMessage.contains("buffer(for:on:)"))
        #expect(bufferMessage.contains("0"))

        let negativeDelay = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.delay(.seconds(-1), on: VirtualTimeScheduler())
        }
        let delayMessage = String(decoding: negativeDelay?.standardErrorContent ?? [], as: UTF8.self)
        #expect(delayMessage.contains("delay(_:on:)"))
        #expect(delayMessage.contains("-1"))

        let immediate = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal.interval(.seconds(1), on: Scheduler.immediate)
        }
        let immediateMessage = String(decoding: immediate?.standardErrorContent ?? [], as: UTF8.self)
        #expect(immediateMessage.contains("Signal.interval(_:on:leeway:)"))
        #expect(immediateMessage.contains("ImmediateScheduler"))
    }
}
