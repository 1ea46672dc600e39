import Foundation
import RACOperators
import RACTestSupport
import Testing

private typealias IntSignal = Signal<Int, OpError>

@Suite("Combine: startWith", .checksRelease)
struct CombineStartWithTests {
    @Test("sends the value first, then the source")
    func ordinary() {
        #expect(
            OpLog.of(IntSignal(values: [1, 2]).startWith(0)).events == [
                .next(0), .next(1), .next(2), .completed,
            ])
        #expect(OpLog.of(IntSignal.empty.startWith(0)).events == [.next(0), .completed])
    }

    @Test("an error from the source is forwarded after the start value")
    func error() {
        let source = OpProbe<Int, OpError>()
        let log = OpLog.of(source.signal.startWith(0))
        source.sendNext(1)
        source.sendError(OpError(1))
        #expect(log.events == [.next(0), .next(1), .error(OpError(1))])
        #expect(source.disposals == 1)
    }

    @Test("disposal disposes the source; a downstream that stops on the start value never subscribes")
    func disposal() {
        let source = OpProbe<Int, OpError>()
        let subscription = OpLog<Int, OpError>().record(source.signal.startWith(0))
        #expect(source.subscriptions == 1)
        subscription.dispose()
        #expect(source.disposals == 1)

        let other = OpProbe<Int, OpError>()
        let log = OpLog.of(other.signal.startWith(0).take(1))
        #expect(log.events == [.next(0), .completed])
        #expect(other.subscriptions == 0)
    }
}

@Suite("Combine: concat(_:)", .checksRelease)
struct CombineConcatTests {
    @Test("subscribes to the second signal only once the first completes")
    func ordinary() {
        let first = OpProbe<Int, OpError>()
        let second = OpProbe<Int, OpError>()
        let log = OpLog.of(first.signal.concat(second.signal))
        first.sendNext(1)
        second.sendNext(99)  // not subscribed yet: lost
        #expect(second.subscriptions == 0)
        first.sendNext(2)
        first.sendCompleted()
        #expect(first.disposals == 1)
        #expect(second.subscriptions == 1)
        second.sendNext(3)
        second.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .next(3), .completed])
        #expect(second.disposals == 1)
    }

    @Test("empty signals")
    func empty() {
        #expect(OpLog.of(IntSignal.empty.concat(.empty)).events == [.completed])
        #expect(OpLog.of(IntSignal.empty.concat(IntSignal(value: 1))).events == [.next(1), .completed])
        #expect(OpLog.of(IntSignal(value: 1).concat(.empty)).events == [.next(1), .completed])
    }

    @Test("an error in the first is forwarded and the second is never subscribed (R63)")
    func errorInFirst() {
        let first = OpProbe<Int, OpError>()
        let second = OpProbe<Int, OpError>()
        let log = OpLog.of(first.signal.concat(second.signal))
        first.sendNext(1)
        first.sendError(OpError(1))
        #expect(log.events == [.next(1), .error(OpError(1))])
        #expect(second.subscriptions == 0)
    }

    @Test("an error in the second is forwarded")
    func errorInSecond() {
        let second = OpProbe<Int, OpError>()
        let log = OpLog.of(IntSignal(value: 1).concat(second.signal))
        second.sendError(OpError(2))
        #expect(log.events == [.next(1), .error(OpError(2))])
        #expect(second.disposals == 1)
    }

    @Test("disposal disposes whichever signal is running")
    func disposal() {
        let first = OpProbe<Int, OpError>()
        let second = OpProbe<Int, OpError>()
        let during = OpLog<Int, OpError>().record(first.signal.concat(second.signal))
        during.dispose()
        #expect(first.disposals == 1)
        #expect(!first.isSubscribed)
        first.sendCompleted()
        #expect(second.subscriptions == 0)

        let third = OpProbe<Int, OpError>()
        let later = OpLog<Int, OpError>().record(IntSignal.empty.concat(third.signal))
        #expect(third.isSubscribed)
        later.dispose()
        #expect(!third.isSubscribed)
        #expect(third.disposals == 1)
    }

    @Test("a value sent into the first signal from the subscriber is delivered nested")
    func reentrant() {
        let first = Subject<Int, OpError>()
        let log = OpLog<Int, OpError>()
        log.record(first.concat(IntSignal(value: 9))) { event in
            if event == .next(1) { first.sendNext(2) }
        }
        first.sendNext(1)
        first.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .next(9), .completed])
    }
}

@Suite("Combine: Signal.concat", .checksRelease)
struct CombineConcatSequenceTests {
    @Test("runs the signals one after another")
    func ordinary() {
        let signals = [IntSignal(values: [1, 2]), .empty, IntSignal(value: 3)]
        #expect(OpLog.of(Signal.concat(signals)).events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test("no signals: completes at once")
    func empty() {
        #expect(OpLog.of(IntSignal.concat([])).events == [.completed])
    }

    @Test("each subscription starts from the first signal")
    func perSubscription() {
        let signal = Signal.concat([IntSignal(value: 1), IntSignal(value: 2)])
        #expect(OpLog.of(signal).values == [1, 2])
        #expect(OpLog.of(signal).values == [1, 2])
    }

    @Test("an error stops the run: later signals are never subscribed")
    func error() {
        let counter = OpCounter()
        let signals = [
            IntSignal(value: 1), IntSignal(error: OpError(3)), countingSignal(counter, values: [5]),
        ]
        #expect(OpLog.of(Signal.concat(signals)).events == [.next(1), .error(OpError(3))])
        #expect(counter.value == 0)
    }

    @Test("disposal disposes the running signal; later ones are never subscribed")
    func disposal() {
        let first = OpProbe<Int, OpError>()
        let second = OpProbe<Int, OpError>()
        let subscription = OpLog<Int, OpError>().record(Signal.concat([first.signal, second.signal]))
        #expect(first.isSubscribed)
        subscription.dispose()
        #expect(first.disposals == 1)
        first.sendCompleted()
        #expect(second.subscriptions == 0)
    }

    @Test("waits for asynchronous (hot) signals in order")
    func hot() {
        let first = OpProbe<Int, OpError>()
        let second = OpProbe<Int, OpError>()
        let log = OpLog.of(Signal.concat([first.signal, second.signal]))
        second.sendNext(0)
        first.sendNext(1)
        first.sendCompleted()
        second.sendNext(2)
        second.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .completed])
    }
}

@Suite("Combine: merge", .checksRelease)
struct CombineMergeTests {
    @Test("forwards values of both as they arrive; completes when both have")
    func ordinary() {
        let a = OpProbe<Int, OpError>()
        let b = OpProbe<Int, OpError>()
        let log = OpLog.of(a.signal.merge(b.signal))
        a.sendNext(1)
        b.sendNext(2)
        a.sendNext(3)
        a.sendCompleted()
        #expect(!log.isTerminated)
        #expect(a.disposals == 1)
        b.sendNext(4)
        b.sendCompleted()
        #expect(log.events == [.next(1), .next(2), .next(3), .next(4), .completed])
    }

    @Test("completion order: the other side first")
    func otherCompletesFirst() {
        let a = OpProbe<Int, OpError>()
        let b = OpProbe<Int, OpError>()
        let log = OpLog.of(a.signal.merge(b.signal))
        b.sendCompleted()
        a.sendNext(1)
        #expect(log.events == [.next(1)])
        a.sendCompleted()
        #expect(log.events == [.next(1), .completed])
    }

    @Test("empty inputs")
    func empty() {
        #expect(OpLog.of(IntSignal.empty.merge(.empty)).events == [.completed])
        #expect(OpLog.of(IntSignal.merge([])).events == [.completed])
        #expect(OpLog.of(IntSignal.merge([.empty, IntSignal(value: 1)])).events == [.next(1), .completed])
    }

    @Test("an error from either side disposes the other, then is forwarded")
    func errors() {
        for failing in 0..<2 {
            let probes = [OpProbe<Int, OpError>(), OpProbe<Int, OpError>()]
            let log = OpLog.of(probes[0].signal.merge(probes[1].signal))
            probes[failing].sendNext(1)
            probes[failing].sendError(OpError(failing))
            #expect(log.events == [.next(1), .error(OpError(failing))])
            #expect(probes.allSatisfy { !$0.isSubscribed && $0.disposals == 1 })
        }
    }

    @Test("a synchronous error stops subscribing the signals after it")
    func synchronousError() {
        let counter = OpCounter()
        let merged = Signal.merge([IntSignal(error: OpError(1)), countingSignal(counter, values: [1])])
        #expect(OpLog.of(merged).events == [.error(OpError(1))])
        #expect(counter.value == 0)
    }

    @Test("Signal.merge of many signals")
    func many() {
        let probes = (0..<5).map { _ in OpProbe<Int, OpError>() }
        let log = OpLog.of(Signal.merge(probes.map(\.signal)))
        for (index, probe) in probes.enumerated().reversed() {
            probe.sendNext(index)
            probe.sendCompleted()
        }
        #expect(log.events == [.next(4), .next(3), .next(2), .next(1), .next(0), .completed])
    }

    @Test("disposal disposes every input")
    func disposal() {
        let a = OpProbe<Int, OpError>()
        let b = OpProbe<Int, OpError>()
        let subscription = OpLog<Int, OpError>().record(a.signal.merge(b.signal))
        #expect(a.isSubscribed && b.isSubscribed)
        subscription.dispose()
        #expect(!a.isSubscribed && !b.isSubscribed)
        #expect(a.disposals == 1 && b.disposals == 1)
    }

    @Test("a value sent into one input from the subscriber is delivered nested")
    func reentrant() {
        weak var weakA: Subject<Int, OpError>?
        weak var weakB: Subject<Int, OpError>?
        do {
            let a = Subject<Int, OpError>()
            let b = Subject<Int, OpError>()
            (weakA, weakB) = (a, b)
            let log = OpLog<Int, OpError>()
            let subscription = log.record(a.merge(b)) { event in
                if event == .next(1) { b.sendNext(10) }
                if event == .next(10) { a.sendNext(2) }
            }
            a.sendNext(1)
            #expect(log.events == [.next(1), .next(10), .next(2)])
            // The subscriber captures both inputs: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakA == nil)
        #expect(weakB == nil)
    }

    @Test("values sent from several threads all arrive, serialised")
    func threads() {
        let subjects = (0..<4).map { _ in Subject<Int, OpError>() }
        let log = OpLog.of(Signal.merge(subjects))
        concurrently(4) { index in
            for value in 0..<2_000 { subjects[index].sendNext(value) }
            subjects[index].sendCompleted()
        }
        #expect(log.count == 8_001)
        #expect(log.events.last == .completed)
    }
}

@Suite("Combine: then", .checksRelease)
struct CombineThenTests {
    @Test("ignores the values; subscribes to the block's signal after completion")
    func ordinary() {
        let source = OpProbe<Int, OpError>()
        let calls = OpCounter()
        let log = OpLog.of(
            source.signal.then { () -> Signal<String, OpError> in
                calls.increment()
                return Signal(values: ["a", "b"])
            })
        source.sendNext(1)
        source.sendNext(2)
        #expect(calls.value == 0)
        source.sendCompleted()
        #expect(calls.value == 1)
        #expect(log.events == [.next("a"), .next("b"), .completed])
    }

    @Test("empty source: the block runs at once")
    func empty() {
        #expect(OpLog.of(IntSignal.empty.then { IntSignal(value: 7) }).events == [.next(7), .completed])
    }

    @Test("an error is forwarded and the block never called (X25)")
    func error() {
        let calls = OpCounter()
        let signal = IntSignal(value: 1).concat(IntSignal(error: OpError(4))).then { () -> IntSignal in
            calls.increment()
            return .empty
        }
        #expect(OpLog.of(signal).events == [.error(OpError(4))])
        #expect(calls.value == 0)
        let following = OpProbe<Int, OpError>()
        let log = OpLog.of(IntSignal.empty.then { following.signal })
        following.sendError(OpError(5))
        #expect(log.events == [.error(OpError(5))])
    }

    @Test("disposal disposes the source, then the following signal")
    func disposal() {
        let source = OpProbe<Int, OpError>()
        let following = OpProbe<Int, OpError>()
        let first = OpLog<Int, OpError>().record(source.signal.then { following.signal })
        first.dispose()
        #expect(source.disposals == 1)
        let second = OpLog<Int, OpError>().record(IntSignal.empty.then { following.signal })
        #expect(following.isSubscribed)
        second.dispose()
        #expect(!following.isSubscribed)
        #expect(following.disposals == 1)
    }
}

@Suite("Combine: sample", .checksRelease)
struct CombineSampleTests {
    @Test("sends the latest source value whenever the sampler sends")
    func ordinary() {
        weak var weakLog: OpLog<Int, OpError>?
        do {
            let source = OpProbe<Int, OpError>()
            let sampler = OpProbe<String, OpError>()
            let log = OpLog<Int, OpError>()
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
        let source = OpProbe<Int, OpError>()
        let sampler = OpProbe<Void, OpError>()
        let log = OpLog.of(source.signal.sample(sampler.signal))
        source.sendNext(1)
        source.sendCompleted()
        #expect(log.events == [.completed])
        #expect(!sampler.isSubscribed && sampler.disposals == 1)

        let source2 = OpProbe<Int, OpError>()
        let sampler2 = OpProbe<Void, OpError>()
        let log2 = OpLog.of(source2.signal.sample(sampler2.signal))
        source2.sendNext(1)
        sampler2.sendNext(())
        sampler2.sendCompleted()
        #expect(log2.events == [.next(1), .completed])
        #expect(!source2.isSubscribed && source2.disposals == 1)
    }

    @Test("empty inputs")
    func empty() {
        #expect(OpLog.of(IntSignal.empty.sample(Signal<Void, OpError>.never)).events == [.completed])
        #expect(OpLog.of(IntSignal.never.sample(Signal<Void, OpError>.empty)).events == [.completed])
    }

    @Test("an error from either is forwarded")
    func errors() {
        let source = OpProbe<Int, OpError>()
        let sampler = OpProbe<Void, OpError>()
        let log = OpLog.of(source.signal.sample(sampler.signal))
        source.sendError(OpError(1))
        #expect(log.events == [.error(OpError(1))])
        #expect(!sampler.isSubscribed)

        let source2 = OpProbe<Int, OpError>()
        let sampler2 = OpProbe<Void, OpError>()
        let log2 = OpLog.of(source2.signal.sample(sampler2.signal))
        sampler2.sendError(OpError(2))
        #expect(log2.events == [.error(OpError(2))])
        #expect(!source2.isSubscribed)
    }

    @Test("disposal disposes both")
    func disposal() {
        let source = OpProbe<Int, OpError>()
        let sampler = OpProbe<Void, OpError>()
        let subscription = OpLog<Int, OpError>().record(source.signal.sample(sampler.signal))
        subscription.dispose()
        #expect(source.disposals == 1 && sampler.disposals == 1)
        #expect(!source.isSubscribed && !sampler.isSubscribed)
    }

    @Test("the subscriber may send into the source while a sample is delivered")
    func reentrant() {
        weak var weakSource: Subject<Int, OpError>?
        weak var weakSampler: Subject<Void, OpError>?
        do {
            let source = Subject<Int, OpError>()
            let sampler = Subject<Void, OpError>()
            (weakSource, weakSampler) = (source, sampler)
            let log = OpLog<Int, OpError>()
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
}

@Suite("Combine: deallocation", .checksRelease)
struct CombineDeallocationTests {
    @Test("a finished or disposed chain releases its signals, subjects and closures")
    func chainReleased() {
        weak var weakChain: Signal<Int, OpError>?
        weak var weakSubject: Subject<Int, OpError>?
        weak var weakToken: OpToken?
        do {
            let token = OpToken()
            weakToken = token
            let subject = Subject<Int, OpError>()
            weakSubject = subject
            let chain = subject.startWith(0)
                .concat(IntSignal(value: 1))
                .merge(IntSignal(values: [2, 3]))
                .then { () -> IntSignal in
                    withExtendedLifetime(token) {}
                    return IntSignal(value: 4).concat(.never).sample(IntSignal(value: 5))
                }
            weakChain = chain
            let log = OpLog.of(chain)
            subject.sendNext(9)
            subject.sendCompleted()
            #expect(log.events == [.next(4), .completed])
            let disposed = OpLog<Int, OpError>().record(chain)
            disposed.dispose()
        }
        #expect(weakChain == nil)
        #expect(weakSubject == nil)
        #expect(weakToken == nil)
    }
}
