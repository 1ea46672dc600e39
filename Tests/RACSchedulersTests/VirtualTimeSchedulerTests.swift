import Dispatch
import RACSchedulers
import RACTestSupport
import Testing

@Suite("VirtualTimeScheduler", .checksRelease)
struct VirtualTimeSchedulerTests {
    @Test("runs actions in due-time order, FIFO among equal due times")
    func ordering() {
        let scheduler = VirtualTimeScheduler()
        var log: [String] = []
        scheduler.schedule(after: .seconds(2)) { log.append("a@2") }
        scheduler.schedule(after: .seconds(1)) { log.append("b@1") }
        scheduler.schedule(after: .seconds(1)) { log.append("c@1") }
        scheduler.schedule { log.append("d@0") }
        scheduler.schedule(after: .seconds(-3)) { log.append("e@0") }
        scheduler.schedule(after: .seconds(2)) { log.append("f@2") }
        #expect(log.isEmpty)
        #expect(scheduler.pendingActionCount == 6)
        scheduler.run()
        #expect(log == ["d@0", "e@0", "b@1", "c@1", "a@2", "f@2"])
        #expect(scheduler.now == .seconds(2))
        #expect(scheduler.isEmpty)
    }

    @Test("advance(by:) runs what falls inside the window and moves the clock to its end")
    func advanceBy() {
        weak var weakScheduler: VirtualTimeScheduler?
        do {
            let scheduler = VirtualTimeScheduler()
            weakScheduler = scheduler
            var log: [Duration] = []
            for milliseconds in [5, 1, 3, 10] {
                scheduler.schedule(after: .milliseconds(milliseconds)) { log.append(scheduler.now) }
            }
            #expect(scheduler.now == .zero)
            scheduler.advance(by: .milliseconds(3))
            #expect(log == [.milliseconds(1), .milliseconds(3)])
            #expect(scheduler.now == .milliseconds(3))
            scheduler.advance(by: .milliseconds(4))
            #expect(log == [.milliseconds(1), .milliseconds(3), .milliseconds(5)])
            #expect(scheduler.now == .milliseconds(7))
            #expect(scheduler.pendingActionCount == 1)
            scheduler.advance(by: .zero)
            #expect(scheduler.pendingActionCount == 1)
            // The pending action captures the scheduler: running it releases both.
            scheduler.run()
            #expect(log == [.milliseconds(1), .milliseconds(3), .milliseconds(5), .milliseconds(10)])
            #expect(scheduler.pendingActionCount == 0)
        }
        #expect(weakScheduler == nil)
    }

    @Test("advance(by: .zero) runs actions scheduled for now")
    func advanceByZero() {
        let scheduler = VirtualTimeScheduler()
        var ran = false
        scheduler.schedule { ran = true }
        scheduler.advance(by: .zero)
        #expect(ran)
        #expect(scheduler.now == .zero)
    }

    @Test("advance(to:) runs everything due up to that time and sets the clock to it")
    func advanceTo() {
        let scheduler = VirtualTimeScheduler()
        var log: [Int] = []
        scheduler.schedule(after: .seconds(1)) { log.append(1) }
        scheduler.schedule(after: .seconds(5)) { log.append(5) }
        scheduler.advance(to: .seconds(5))
        #expect(log == [1, 5])
        #expect(scheduler.now == .seconds(5))
        scheduler.advance(to: .seconds(5))
        #expect(scheduler.now == .seconds(5))
    }

    @Test("virtual time is exact to the nanosecond")
    func exactTime() {
        let scheduler = VirtualTimeScheduler()
        var times: [Duration] = []
        scheduler.schedule(after: .nanoseconds(1)) { times.append(scheduler.now) }
        scheduler.schedule(after: .seconds(1) + .nanoseconds(7)) { times.append(scheduler.now) }
        scheduler.advance(by: .nanoseconds(1))
        #expect(times == [.nanoseconds(1)])
        scheduler.advance(by: .seconds(1) + .nanoseconds(5))
        #expect(times == [.nanoseconds(1)])
        scheduler.advance(by: .nanoseconds(1))
        #expect(times == [.nanoseconds(1), .nanoseconds(1_000_000_007)])
        for _ in 0..<1_000 {
            scheduler.advance(by: .milliseconds(1))
        }
        #expect(scheduler.now == .nanoseconds(2_000_000_007))
    }

    @Test("a huge delay saturates instead of overflowing")
    func hugeDelay() {
        let scheduler = VirtualTimeScheduler()
        var ran = false
        scheduler.schedule(after: .seconds(Int64.max)) { ran = true }
        scheduler.advance(by: .seconds(1_000_000))
        #expect(!ran)
        scheduler.run()
        #expect(ran)
        #expect(scheduler.now == .nanoseconds(Int64.max))
    }

    @Test("a disposed action does not run and stops counting as pending")
    func cancellation() {
        let scheduler = VirtualTimeScheduler()
        var log: [String] = []
        scheduler.schedule(after: .seconds(1)) { log.append("kept") }
        let cancelled = scheduler.schedule(after: .seconds(1)) { log.append("cancelled") }
        #expect(scheduler.pendingActionCount == 2)
        cancelled?.dispose()
        cancelled?.dispose()
        #expect(cancelled?.isDisposed == true)
        #expect(scheduler.pendingActionCount == 1)
        scheduler.run()
        #expect(log == ["kept"])
    }

    @Test("an action may cancel a later one that is due at the same time")
    func cancelFromAction() {
        let scheduler = VirtualTimeScheduler()
        var log: [String] = []
        var second: (any Disposable)?
        scheduler.schedule(after: .seconds(1)) {
            log.append("first")
            second?.dispose()
        }
        second = scheduler.schedule(after: .seconds(1)) { log.append("second") }
        scheduler.advance(by: .seconds(1))
        #expect(log == ["first"])
        #expect(scheduler.isEmpty)
    }

    @Test("actions scheduled while advancing run in the same advance when they fall inside the window")
    func scheduledDuringAdvance() {
        let scheduler = VirtualTimeScheduler()
        var log: [String] = []
        scheduler.schedule(after: .seconds(1)) {
            log.append("a@\(scheduler.now)")
            scheduler.schedule { log.append("now@\(scheduler.now)") }
            scheduler.schedule(after: .seconds(2)) { log.append("inside@\(scheduler.now)") }
            scheduler.schedule(after: .seconds(5)) { log.append("outside@\(scheduler.now)") }
        }
        scheduler.schedule(after: .seconds(1)) { log.append("b@\(scheduler.now)") }
        scheduler.advance(by: .seconds(4))
        #expect(
            log == [
                "a@1.0 seconds", "b@1.0 seconds", "now@1.0 seconds", "inside@3.0 seconds",
            ])
        #expect(scheduler.pendingActionCount == 1)
        scheduler.advance(by: .seconds(2))
        #expect(log.last == "outside@6.0 seconds")
    }

    @Test("a repeating action is due again exactly one interval after each tick, until disposed")
    func repeating() {
        let scheduler = VirtualTimeScheduler()
        var ticks: [Duration] = []
        let timer = scheduler.schedule(
            after: .milliseconds(10), repeatingEvery: .milliseconds(25), leeway: .milliseconds(7)
        ) {
            ticks.append(scheduler.now)
        }
        #expect(scheduler.pendingActionCount == 1)
        scheduler.advance(by: .milliseconds(100))
        #expect(ticks == [10, 35, 60, 85].map { .milliseconds($0) })
        #expect(scheduler.pendingActionCount == 1)
        timer?.dispose()
        #expect(scheduler.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(ticks.count == 4)
    }

    @Test("a repeating action can dispose itself from inside a tick")
    func repeatingSelfDisposal() {
        let scheduler = VirtualTimeScheduler()
        var count = 0
        var timer: (any Disposable)?
        timer = scheduler.schedule(after: .zero, repeatingEvery: .seconds(1)) {
            count += 1
            if count == 3 { timer?.dispose() }
        }
        scheduler.run()
        #expect(count == 3)
        #expect(scheduler.now == .seconds(2))
        #expect(scheduler.isEmpty)
    }

    @Test("run(atMost:) steps through actions one at a time, including repeating ticks")
    func runAtMost() {
        weak var weakScheduler: VirtualTimeScheduler?
        do {
            let scheduler = VirtualTimeScheduler()
            weakScheduler = scheduler
            var log: [String] = []
            scheduler.schedule(after: .seconds(3)) { log.append("once@3") }
            let ticks = scheduler.schedule(after: .seconds(1), repeatingEvery: .seconds(1)) {
                log.append("tick@\(scheduler.now)")
            }
            #expect(scheduler.run(atMost: 1) == 1)
            #expect(log == ["tick@1.0 seconds"])
            #expect(scheduler.run(atMost: 3) == 3)
            #expect(log == ["tick@1.0 seconds", "tick@2.0 seconds", "once@3", "tick@3.0 seconds"])
            #expect(scheduler.now == .seconds(3))
            #expect(scheduler.run(atMost: 0) == 0)
            // The repeating action never ends and captures the scheduler: disposing it releases both.
            ticks?.dispose()
            #expect(scheduler.run(atMost: 1) == 0)
        }
        #expect(weakScheduler == nil)
        let empty = VirtualTimeScheduler()
        #expect(empty.run(atMost: 5) == 0)
    }

    @Test("1,000,000 actions at random times all run through run(), in order")
    func millionActions() {
        let scheduler = VirtualTimeScheduler()
        var generator = SplitMix(seed: 42)
        var ran = 0
        var outOfOrder = 0
        var last: (due: UInt64, index: Int) = (0, -1)
        for index in 0..<1_000_000 {
            let due = generator.next() % 10_000
            scheduler.schedule(after: .nanoseconds(due)) {
                if due < last.due || (due == last.due && index < last.index) { outOfOrder += 1 }
                last = (due, index)
                ran += 1
            }
        }
        #expect(scheduler.pendingActionCount == 1_000_000)
        scheduler.run()
        #expect(ran == 1_000_000)
        #expect(outOfOrder == 0)
        #expect(scheduler.isEmpty)
    }

    @Test("cancelling most of many actions leaves exactly the rest to run")
    func massCancellation() {
        let scheduler = VirtualTimeScheduler()
        var ran: [Int] = []
        var disposables: [any Disposable] = []
        for index in 0..<10_000 {
            if let disposable = scheduler.schedule(after: .nanoseconds(10_000 - index), { ran.append(index) })
            {
                disposables.append(disposable)
            }
        }
        for (index, disposable) in disposables.enumerated() where index % 100 != 0 {
            disposable.dispose()
        }
        #expect(scheduler.pendingActionCount == 100)
        scheduler.run()
        #expect(ran == stride(from: 9_900, through: 0, by: -100).map { $0 })
    }

    @Test("schedule is thread-safe: actions scheduled from 8 threads all run once")
    func concurrentScheduling() {
        let scheduler = VirtualTimeScheduler()
        let count = Locked(0)
        onThreads(8) { _ in
            for index in 0..<5_000 {
                let disposable = scheduler.schedule(after: .nanoseconds(index)) {
                    count.withValue { $0 += 1 }
                }
                if index % 2 == 1 { disposable?.dispose() }
            }
        }
        #expect(scheduler.pendingActionCount == 20_000)
        scheduler.run()
        #expect(count.current == 20_000)
    }

    @Test("advancing from several threads runs each action exactly once, never overlapping")
    func concurrentAdvancing() {
        let scheduler = VirtualTimeScheduler()
        let running = Locked(0)
        let overlaps = Locked(0)
        let ran = Locked(0)
        for index in 0..<10_000 {
            scheduler.schedule(after: .nanoseconds(index)) {
                if running.withValue({ value in
                    value += 1
                    return value
                }) > 1 {
                    overlaps.withValue { $0 += 1 }
                }
                ran.withValue { $0 += 1 }
                running.withValue { $0 -= 1 }
            }
        }
        onThreads(4) { _ in
            for _ in 0..<100 {
                scheduler.advance(by: .nanoseconds(30))
            }
        }
        scheduler.run()
        #expect(ran.current == 10_000)
        #expect(overlaps.current == 0)
    }
}

/// A tiny deterministic random number generator, so that the large test is reproducible.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
