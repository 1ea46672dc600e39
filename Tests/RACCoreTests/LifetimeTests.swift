import Dispatch
import RACCore
import RACTestSupport
import Testing

/// An object that owns a lifetime token, the way a view model would.
private final class Owner {
    let lifetime: Lifetime
    private let token: Lifetime.Token

    init() {
        (lifetime, token) = Lifetime.make()
    }
}

@Suite(.checksRelease) struct LifetimeTests {
    @Test func endsWhenTheTokenIsDeallocated() {
        var owner: Owner? = Owner()
        let lifetime = owner!.lifetime
        var events: [Event<Never, Never>] = []
        let observation = lifetime.ended.observe { events.append($0) }
        #expect(lifetime.hasEnded == false)
        #expect(events.isEmpty)
        owner = nil
        #expect(lifetime.hasEnded)
        #expect(events == [.completed])
        expectReleased(observation, "the subscriber of ended")
    }

    @Test func lateSubscriberCompletesAtOnce() {
        let lifetime = Lifetime.make().lifetime
        #expect(lifetime.hasEnded)
        var events: [Event<Never, Never>] = []
        let subscription = lifetime.ended.observe { events.append($0) }
        #expect(events == [.completed])
        #expect(subscription.isDisposed)
        expectReleased(subscription, "the late subscriber")
    }

    @Test func observeEnded() {
        var owner: Owner? = Owner()
        let lifetime = owner!.lifetime
        var calls = 0
        var cancelledCalls = 0
        let observation = lifetime.observeEnded { calls += 1 }
        let cancelled = lifetime.observeEnded { cancelledCalls += 1 }
        #expect(observation != nil)
        cancelled?.dispose()
        owner = nil
        #expect(calls == 1)
        #expect(cancelledCalls == 0)
        #expect(observation?.isDisposed == true)

        var lateCalls = 0
        let late = lifetime.observeEnded { lateCalls += 1 }
        #expect(late == nil)
        #expect(lateCalls == 1)
        for subscription in [observation, cancelled].compactMap({ $0 }) {
            expectReleased(subscription, "an observeEnded subscription")
        }
    }

    @Test func disposesAddedDisposablesInOrderAfterEnded() {
        var owner: Owner? = Owner()
        let lifetime = owner!.lifetime
        var log: [String] = []
        let first = ActionDisposable { log.append("first") }
        lifetime.add(first)
        lifetime += ActionDisposable { log.append("second") }
        lifetime.add(nil)
        let subscription = lifetime.ended.subscribe(completed: { log.append("ended") })
        expectReleased(subscription, "the subscriber of ended")
        #expect(first.isDisposed == false)
        owner = nil
        #expect(log == ["ended", "first", "second"])
        #expect(first.isDisposed)

        let late = ActionDisposable { log.append("late") }
        lifetime.add(late)
        #expect(late.isDisposed)
        #expect(log == ["ended", "first", "second", "late"])
    }

    @Test func ownerIsNotRetained() {
        weak var weakOwner: Owner?
        var completed = false
        var lifetime: Lifetime?
        do {
            let owner = Owner()
            weakOwner = owner
            lifetime = owner.lifetime
            owner.lifetime.ended.subscribe(completed: { completed = true })
            owner.lifetime.add(Signal<Int, Never>.never.subscribe(next: { _ in }))
        }
        #expect(weakOwner == nil)
        #expect(completed)
        #expect(lifetime?.hasEnded == true)
    }

    @Test func subscriptionTiedToTheLifetimeStopsWithTheOwner() {
        let subject = Subject<Int, Never>()
        var received: [Int] = []
        var owner: Owner? = Owner()
        let subscription = subject.subscribe(next: { received.append($0) })
        expectReleased(subscription, "the subscriber tied to the lifetime")
        owner!.lifetime += subscription
        subject.sendNext(1)
        owner = nil
        subject.sendNext(2)
        #expect(received == [1])
        #expect(subject.subscriberCount == 0)
    }

    @Test func endsOnceWhenObservedConcurrently() {
        for _ in 0..<50 {
            var owner: Owner? = Owner()
            let lifetime = owner!.lifetime
            let completions = Locked(0)
            let disposals = Locked(0)
            let observations = Locked<[any Disposable]>([])
            onThreads(8) { index in
                if index == 0 {
                    return
                }
                if index.isMultiple(of: 2) {
                    let observation = lifetime.observeEnded { completions.withValue { $0 += 1 } }
                    observations.withValue { $0 += observation.map { [$0] } ?? [] }
                } else {
                    lifetime.add(ActionDisposable { disposals.withValue { $0 += 1 } })
                }
            }
            owner = nil
            #expect(completions.current == 3)
            #expect(disposals.current == 4)
            #expect(lifetime.hasEnded)
            for observation in observations.current {
                expectReleased(observation, "an observeEnded subscription")
            }
        }
    }

    @Test func tokenReleasedOnAnotherThread() {
        let (lifetime, box) = TokenBox.make()
        let completed = Locked(false)
        let observation = lifetime.observeEnded { completed.withValue { $0 = true } }
        #expect(observation != nil)
        if let observation { expectReleased(observation, "the observeEnded subscription") }
        #expect(lifetime.hasEnded == false)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            box.release()
        }
        group.wait()
        #expect(completed.current)
        #expect(lifetime.hasEnded)
    }
}

private final class TokenBox: @unchecked Sendable {
    private let lock: Locked<Lifetime.Token?>

    private init(_ token: Lifetime.Token) {
        lock = Locked(token)
    }

    /// A lifetime whose only token is in the box.
    static func make() -> (Lifetime, TokenBox) {
        let (lifetime, token) = Lifetime.make()
        return (lifetime, TokenBox(token))
    }

    func release() {
        lock.withValue { $0 = nil }
    }
}
