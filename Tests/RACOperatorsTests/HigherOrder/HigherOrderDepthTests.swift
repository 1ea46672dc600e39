import Foundation
import RACOperators
import RACTestSupport
import Testing

private typealias IntSignal = Signal<Int, TestError>

private typealias IntEvent = Event<Int, TestError>

/// `levels` nested `flattenMap`s around `bottom`: each level's source sends one value, mapped to
/// the level below, so `bottom`'s events reach the result through one forward per level.
private func nestedFlattenMap(_ levels: Int, bottom: IntSignal) -> IntSignal {
    guard levels > 0 else { return bottom }
    return IntSignal(value: levels).flattenMap { _ in nestedFlattenMap(levels - 1, bottom: bottom) }
}

/// The same nesting with `switchToLatest()`.
private func nestedSwitch(_ levels: Int, bottom: IntSignal) -> IntSignal {
    guard levels > 0 else { return bottom }
    return IntSignal(value: levels).map { _ in nestedSwitch(levels - 1, bottom: bottom) }.switchToLatest()
}

/// The same nesting with `concat()` on a signal of signals.
private func nestedConcat(_ levels: Int, bottom: IntSignal) -> IntSignal {
    guard levels > 0 else { return bottom }
    return IntSignal(value: levels).map { _ in nestedConcat(levels - 1, bottom: bottom) }.concat()
}

/// Deep enough to overflow the stack of `onWarmSmallStack` without the trampolines (a few hundred
/// bytes per level in a debug build), so every test below crosses their queues.
private let levels = 2_000

/// Runs `body` on a new thread with a 256 KiB stack, waits for it and returns its result.
private func onWarmSmallStack<Result>(_ body: @escaping () -> Result) -> Result {
    _ = deepPathsWarmedUp
    return onThread(stackSize: 256 * 1024, body)
}

/// Whether the deep paths have run once on a large stack. Swift instantiates a type's metadata
/// the first time it is used, through the runtime's demangler, which needs tens of KiB of stack;
/// the paths that only deep chains take (the trampolines' queues) are first used deep in the
/// stack, and on the 256 KiB threads below that leaves too little: whichever test of the process
/// got there first crashed (a stack overflow in `swift_getTypeByMangledName`, 1 500 frames down),
/// depending on the order in which the suites happened to run. So every deep path runs once, at
/// the same depths and deeper, on a 16 MiB stack before the first small-stack test.
private let deepPathsWarmedUp: Bool = onThread(stackSize: 16 << 20) {
    let deep = 10 * levels
    for nest in [nestedFlattenMap, nestedSwitch, nestedConcat] {
        _ = eventsOf(nest(deep, IntSignal(values: [1, 2, 3])).take(2))
        let probe = ProbeSource<Int, TestError>()
        let subscription = nest(deep, probe.signal).subscribe(Subscriber { _ in })
        probe.sendNext(1)
        subscription.dispose()
    }
    return true
}

@Suite("HigherOrder: nested deeper than the stack allows", .checksRelease)
struct HigherOrderDepthTests {
    @Test("a deep nest delivers every event, in order, before subscribe returns")
    func deepNestIsSynchronous() {
        let expected: [IntEvent] = [.next(1), .next(2), .next(3), .completed]
        let results = onWarmSmallStack {
            let bottom = IntSignal(values: [1, 2, 3])
            return [nestedFlattenMap, nestedSwitch, nestedConcat].map { nest in
                eventsOf(nest(levels, bottom))
            }
        }
        #expect(results == [expected, expected, expected])
    }

    @Test("a static chain of flattenMap delivers its one value, then completes")
    func deepChain() {
        let events = onWarmSmallStack {
            var signal = IntSignal(value: 0)
            for _ in 0..<levels { signal = signal.flattenMap { IntSignal(value: $0 + 1) } }
            return eventsOf(signal)
        }
        #expect(events == [.next(levels), .completed])
    }

    @Test("values from many levels keep their order when the deep ones are queued")
    func orderAcrossLevels() {
        // Every 100th level first sends -level from a shallow inner signal, then the level below
        // it: so the values arrive by decreasing level, each having crossed a different number of
        // forwards, and the bottom's last.
        func nest(_ level: Int) -> IntSignal {
            if level == 0 { return IntSignal(values: [1, 2]) }
            if level % 100 != 0 { return IntSignal(value: level).flattenMap { _ in nest(level - 1) } }
            return IntSignal(values: [0, 1]).flattenMap { which in
                which == 0 ? IntSignal(value: -level) : nest(level - 1)
            }
        }
        let events = onWarmSmallStack { eventsOf(nest(levels)) }
        let marks = stride(from: levels, to: 0, by: -100).map { -$0 }
        #expect(events == (marks + [1, 2]).map { .next($0) } + [.completed])
    }

    @Test("several values of several inner signals at each of many levels keep their order")
    func orderWithSeveralInners() {
        // Halfway down, one level maps each of three values to a copy of the levels below it (and
        // adds the value to theirs): each copy runs to completion, through the queues, before the
        // next starts.
        func nest(_ level: Int) -> IntSignal {
            if level == 0 { return IntSignal(values: [1, 2, 3]) }
            if level == levels / 2 {
                return IntSignal(values: [10, 20, 30]).flattenMap { offset in
                    nest(level - 1).map { offset + $0 }
                }
            }
            return IntSignal(value: level).flattenMap { _ in nest(level - 1) }
        }
        let events = onWarmSmallStack { eventsOf(nest(levels)) }
        let values = [10, 20, 30].flatMap { offset in [1, 2, 3].map { offset + $0 } }
        #expect(events == values.map { .next($0) } + [.completed])
    }

    @Test("an error from the bottom follows its values and disposes the bottom")
    func deepError() {
        let disposals = OpCounter()
        let bottom = IntSignal { subscriber in
            subscriber.sendNext(7)
            subscriber.sendError(TestError(3))
            return ActionDisposable { disposals.increment() }
        }
        let events = onWarmSmallStack { eventsOf(nestedFlattenMap(levels, bottom: bottom)) }
        #expect(events == [.next(7), .error(TestError(3))])
        #expect(disposals.value == 1)
    }

    @Test("take(2) of a deep nest stops a synchronous bottom after two values")
    func deepTake() {
        let sent = OpCounter()
        let bottom = IntSignal { subscriber in
            var value = 0
            while !subscriber.isDisposed && value < 1_000 {
                value += 1
                sent.increment()
                subscriber.sendNext(value)
            }
            return nil
        }
        let events = onWarmSmallStack { eventsOf(nestedFlattenMap(levels, bottom: bottom).take(2)) }
        #expect(events == [.next(1), .next(2), .completed])
        #expect(sent.value == 2)
    }

    @Test("disposing a deep nest disposes the bottom before dispose() returns")
    func deepDispose() {
        let outcomes = onWarmSmallStack {
            [nestedFlattenMap, nestedSwitch, nestedConcat].map { nest in
                let probe = ProbeSource<Int, TestError>()
                let log = EventLog<Int, TestError>()
                let subscription = log.record(nest(levels, probe.signal))
                probe.sendNext(1)
                let delivered = log.events
                subscription.dispose()
                let disposed = !probe.isSubscribed && probe.disposals == 1
                probe.sendNext(2)
                return delivered == [.next(1)] && disposed && log.events == [.next(1)]
            }
        }
        #expect(outcomes == [true, true, true])
    }

    @Test("disposing a deep static chain of flattenMap over a live source disposes the source")
    func deepChainDispose() {
        let (events, disposed) = onWarmSmallStack {
            let probe = ProbeSource<Int, TestError>()
            var signal = probe.signal
            for _ in 0..<levels { signal = signal.flattenMap { IntSignal(value: $0 + 1) } }
            let log = EventLog<Int, TestError>()
            let subscription = log.record(signal)
            probe.sendNext(0)
            subscription.dispose()
            return (log.events, !probe.isSubscribed && probe.disposals == 1)
        }
        #expect(events == [.next(levels)])
        #expect(disposed)
    }

    @Test("releasing a deep static chain releases its first signal")
    func deepChainRelease() {
        let released = onWarmSmallStack {
            weak var first: IntSignal?
            do {
                let bottom = IntSignal(value: 0)
                first = bottom
                var signal = bottom
                for _ in 0..<levels { signal = signal.flattenMap { IntSignal(value: $0 + 1) } }
                _ = eventsOf(signal)
            }
            return first == nil
        }
        #expect(released)
    }

    @Test("values sent from several threads into a deep nest keep each thread's order")
    func concurrentSenders() {
        let threads = 4
        let perThread = 200
        let subject = Subject<Int, TestError>()
        let log = EventLog<Int, TestError>()
        log.record(nestedFlattenMap(levels, bottom: subject))
        _ = deepPathsWarmedUp
        let done = DispatchGroup()
        for thread in 0..<threads {
            done.enter()
            let sender = Thread {
                for index in 0..<perThread { subject.sendNext(thread * perThread + index) }
                done.leave()
            }
            sender.stackSize = 256 * 1024
            sender.start()
        }
        done.wait()
        subject.sendCompleted()
        let values = log.values
        #expect(values.count == threads * perThread)
        for thread in 0..<threads {
            let range = thread * perThread..<(thread + 1) * perThread
            #expect(values.filter { range.contains($0) } == Array(range))
        }
        #expect(log.events.last == .completed)
    }
}
