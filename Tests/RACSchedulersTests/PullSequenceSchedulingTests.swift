import RACSchedulers
import RACTestSupport
import Testing

/// The natural numbers from `start`, lazily, counting the heads computed.
private func naturals(from start: Int = 0, heads: Locked<Int>) -> PullSequence<Int> {
    PullSequence(
        head: {
            heads.withValue { $0 += 1 }
            return start
        },
        tail: { naturals(from: start + 1, heads: heads) })
}

@Suite("PullSequence.signal(on:)", .checksRelease)
struct PullSequenceSchedulingTests {
    @Test("sends every value, then completes, one scheduled action per event")
    func oneActionPerValue() {
        let scheduler = VirtualTimeScheduler()
        var events: [Event<String, Never>] = []
        let subscription = PullSequence(values: ["a", "b"]).signal(on: scheduler).observe {
            events.append($0)
        }
        #expect(events == [])
        #expect(scheduler.run(atMost: 1) == 1)
        #expect(events == [.next("a")])
        #expect(scheduler.run(atMost: 1) == 1)
        #expect(events == [.next("a"), .next("b")])
        #expect(scheduler.run(atMost: 1) == 1)
        #expect(events == [.next("a"), .next("b"), .completed])
        #expect(scheduler.run(atMost: 1) == 0)
        expectReleased(subscription, "the subscriber")
        expectReleased(scheduler, "the scheduler")
    }

    @Test("an empty sequence completes in one action")
    func empty() {
        let scheduler = VirtualTimeScheduler()
        var events: [Event<Int, Never>] = []
        let subscription = PullSequence<Int>.empty.signal(on: scheduler).observe { events.append($0) }
        scheduler.run()
        #expect(events == [.completed])
        expectReleased(subscription, "the subscriber")
        expectReleased(scheduler, "the scheduler")
    }

    @Test("an infinite sequence is evaluated one value per action and stops when disposed between values")
    func cancelInfinite() {
        let scheduler = VirtualTimeScheduler()
        let heads = Locked(0)
        var received: [Int] = []
        var completed = false
        let subscription = naturals(heads: heads).signal(on: scheduler).subscribe(
            next: { received.append($0) }, completed: { completed = true })
        #expect(heads.current == 0)
        #expect(scheduler.run(atMost: 5) == 5)
        #expect(received == [0, 1, 2, 3, 4])
        #expect(heads.current == 5)
        subscription.dispose()
        scheduler.run()
        #expect(received == [0, 1, 2, 3, 4])
        #expect(heads.current == 5)
        #expect(completed == false)
        expectReleased(subscription, "the disposed subscriber")
        expectReleased(scheduler, "the scheduler")
    }

    @Test("the signal is cold: each subscription walks from the start, reusing remembered values")
    func cold() {
        let scheduler = VirtualTimeScheduler()
        let heads = Locked(0)
        let signal = naturals(heads: heads).take(3).signal(on: scheduler)
        var first: [Int] = []
        var second: [Int] = []
        let one = signal.subscribe(next: { first.append($0) })
        scheduler.run()
        let two = signal.subscribe(next: { second.append($0) })
        scheduler.run()
        #expect(first == [0, 1, 2])
        #expect(second == [0, 1, 2])
        #expect(heads.current == 3)
        expectReleased(one, "the first subscriber")
        expectReleased(two, "the second subscriber")
    }

    @Test("on the immediate scheduler a 100 000-value sequence is sent in a flat loop")
    func immediate() {
        let heads = Locked(0)
        var count = 0
        var completed = false
        let subscription = naturals(heads: heads).take(100_000).signal(on: Scheduler.immediate).subscribe(
            next: { _ in count += 1 }, completed: { completed = true })
        #expect(count == 100_000)
        #expect(completed)
        expectReleased(subscription, "the subscriber")
    }
}
