import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// A source for the race tests: each subscription is a numbered connection (1, 2 …) that sends its
/// number at once and stays open; it keeps the numbers of the live ones. `onSubscribe` and
/// `onDispose` run inside a subscription's creation closure and its disposal, outside every lock of
/// the operator: where a test stops one thread to run another.
private final class NumberedSource: @unchecked Sendable {
    private let state = Locked((subscriptions: 0, disposals: 0, live: Set<Int>()))
    let onSubscribe = Locked<(@Sendable (Int) -> Void)?>(nil)
    let onDispose = Locked<(@Sendable (Int) -> Void)?>(nil)

    var subscriptions: Int { state.current.subscriptions }
    var disposals: Int { state.current.disposals }
    var live: Set<Int> { state.current.live }

    var signal: Signal<Int, Never> {
        Signal { [self] subscriber in
            let number = state.withValue { state in
                state.subscriptions += 1
                state.live.insert(state.subscriptions)
                return state.subscriptions
            }
            onSubscribe.current?(number)
            subscriber.sendNext(number)
            return ActionDisposable { [self] in
                state.withValue { state in
                    state.disposals += 1
                    state.live.remove(number)
                }
                onDispose.current?(number)
            }
        }
    }
}

@Suite("Multicast: autoconnectReconnecting() under connect/disconnect races", .checksRelease)
struct ReconnectRaceTests {
    @Test(
        "a subscriber arriving on another thread while the last one's disconnect runs starts a new connection"
    )
    func subscribeDuringDisconnect() throws {
        let source = NumberedSource()
        let shared = source.signal.multicast { ReplaySubject<Int, Never>(capacity: 1) }
            .autoconnectReconnecting()
        let inDisposal = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        source.onDispose.withValue {
            $0 = { number in
                guard number == 1 else { return }
                inDisposal.signal()
                proceed.wait()
            }
        }
        let first = EventLog<Int, Never>()
        let firstSubscription = first.record(shared)
        #expect(first.events == [.next(1)])
        let leaving = Thread { firstSubscription.dispose() }
        leaving.start()
        // The leaving thread has let go of the connection and is disposing the source subscription.
        inDisposal.wait()
        let second = EventLog<Int, Never>()
        let secondSubscription = second.record(shared)
        // Not the connection being ended: a new one, with a new subject.
        #expect(second.events == [.next(2)])
        #expect(source.subscriptions == 2)
        proceed.signal()
        #expect(eventually { source.disposals == 1 })
        #expect(source.live == [2])
        secondSubscription.dispose()
        #expect(source.live == [])
        #expect(source.disposals == 2)
    }

    @Test("a subscriber arriving on another thread while the first one's connection starts joins it")
    func subscribeDuringConnect() throws {
        let source = NumberedSource()
        let shared = source.signal.multicast { ReplaySubject<Int, Never>(capacity: 1) }
            .autoconnectReconnecting()
        let inStart = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        source.onSubscribe.withValue {
            $0 = { number in
                guard number == 1 else { return }
                inStart.signal()
                proceed.wait()
            }
        }
        let first = EventLog<Int, Never>()
        let firstSubscription = Locked<(any Disposable)?>(nil)
        let starting = Thread { firstSubscription.withValue { $0 = first.record(shared) } }
        starting.start()
        // The starting thread is inside the source's creation closure, outside the operator's lock.
        inStart.wait()
        let second = EventLog<Int, Never>()
        let secondSubscription = second.record(shared)
        #expect(second.events == [])  // joined the connection, which has sent nothing yet
        secondSubscription.dispose()  // not the last: the connection stays
        let third = EventLog<Int, Never>()
        let thirdSubscription = third.record(shared)
        proceed.signal()
        #expect(eventually { firstSubscription.current != nil })
        #expect(first.events == [.next(1)])
        #expect(third.events == [.next(1)])
        #expect(source.subscriptions == 1)
        #expect(source.disposals == 0)
        thirdSubscription.dispose()
        firstSubscription.current?.dispose()
        #expect(source.disposals == 1)
    }

    @Test(
        "a subscriber arriving after the source ended, before its subscribers left, starts a new connection")
    func subscribeAfterTerminationBeforeLeaving() {
        let source = FreshSubjects<String, TestError>()
        let shared = source.signal.multicast { Subject() }.autoconnectReconnecting()
        let late = Log<String>()
        let lateSubscription = SerialDisposable()
        let first = Log<String>()
        // Subscribes from the completion's callback: the first subscriber has not left yet.
        first.record(shared.doCompleted { lateSubscription.inner = late.record(shared) })
        source.sendNext("a")
        source.sendCompleted()
        #expect(first.all == ["a", "|"])
        #expect(source.subscriptions == 2)
        source.sendNext("b")
        #expect(late.all == ["b"])
        lateSubscription.dispose()
        #expect(source.disposals == 2)
    }

    @Test("stress: subscribers on 8 threads join and leave; each is fed by a live connection; all end")
    func stress() {
        let source = NumberedSource()
        let shared = source.signal.multicast { ReplaySubject<Int, Never>(capacity: 1) }
            .autoconnectReconnecting()
        let failures = Locked<[String]>([])
        onThreads(8) { thread in
            for round in 0..<300 {
                let log = EventLog<Int, Never>()
                let subscription = log.record(shared)
                guard log.waitForCount(1) else {
                    failures.withValue { $0.append("thread \(thread) round \(round): no value") }
                    subscription.dispose()
                    continue
                }
                // While this subscriber is subscribed, the connection that fed it cannot end.
                let number = log.values[0]
                if !source.live.contains(number) {
                    failures.withValue {
                        $0.append("thread \(thread) round \(round): fed by ended \(number)")
                    }
                }
                subscription.dispose()
            }
        }
        #expect(failures.current == [])
        #expect(source.live == [])
        #expect(source.subscriptions == source.disposals)
        #expect(source.subscriptions >= 1)
    }
}
