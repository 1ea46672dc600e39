import Dispatch
import Foundation
import RACSchedulers
import RACTestSupport
import Testing

@Suite("QueueScheduler", .checksRelease)
struct QueueSchedulerTests {
    @Test("runs actions asynchronously, in FIFO order")
    func asynchronousFIFO() {
        let scheduler = QueueScheduler()
        let gate = DispatchSemaphore(value: 0)
        let log = Log<Int>()
        // Hold the queue so that nothing can run before `schedule` returns.
        scheduler.schedule { _ = gate.wait(timeout: .now() + failureGuard) }
        for value in 0..<1_000 {
            scheduler.schedule { log.append(value) }
        }
        #expect(log.count == 0)
        gate.signal()
        scheduler.drain()
        #expect(log.entries == Array(0..<1_000))
    }

    @Test("actions never overlap, even when scheduled from many threads at once")
    func serial() {
        let scheduler = QueueScheduler(qos: .userInitiated, name: "serial-test")
        let running = Locked(0)
        let overlaps = Locked(0)
        let done = Locked(0)
        onThreads(8) { _ in
            for _ in 0..<500 {
                scheduler.schedule {
                    if running.withValue({ value in
                        value += 1
                        return value
                    }) > 1 {
                        overlaps.withValue { $0 += 1 }
                    }
                    running.withValue { $0 -= 1 }
                    done.withValue { $0 += 1 }
                }
            }
        }
        scheduler.drain()
        #expect(done.current == 4_000)
        #expect(overlaps.current == 0)
        #expect(scheduler.name == "serial-test")
    }

    @Test("an action disposed before it starts is skipped; others still run")
    func skipsDisposedActions() {
        let scheduler = QueueScheduler()
        let gate = DispatchSemaphore(value: 0)
        let log = Log<String>()
        scheduler.schedule { _ = gate.wait(timeout: .now() + failureGuard) }
        let first = scheduler.schedule { log.append("a") }
        let second = scheduler.schedule { log.append("b") }
        second?.dispose()
        #expect(second?.isDisposed == true)
        #expect(first?.isDisposed == false)
        gate.signal()
        scheduler.drain()
        #expect(log.entries == ["a"])
    }

    @Test("is Scheduler.current while an action runs, and only then")
    func setsCurrent() {
        let scheduler = QueueScheduler()
        let seen = Log<Scheduler?>()
        scheduler.schedule { seen.append(Scheduler.current) }
        scheduler.schedule(after: .zero) { seen.append(Scheduler.current) }
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule(after: .milliseconds(1)) { done.signal() }
        #expect(done.waitOrFail())
        scheduler.queue.sync { seen.append(Scheduler.current) }
        #expect(seen.count == 3)
        #expect(seen.entries[0] === scheduler)
        #expect(seen.entries[1] === scheduler)
        #expect(seen.entries[2] == nil)
    }

    @Test("schedule(after:) runs in delay order, and skips a disposed one")
    func afterDelay() {
        let scheduler = QueueScheduler()
        let log = Log<Int>()
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule(after: .milliseconds(40)) {
            log.append(3)
            done.signal()
        }
        let cancelled = scheduler.schedule(after: .milliseconds(20)) { log.append(99) }
        scheduler.schedule(after: .milliseconds(10)) { log.append(2) }
        scheduler.schedule(after: .seconds(-1)) { log.append(1) }
        cancelled?.dispose()
        #expect(done.waitOrFail())
        #expect(log.entries == [1, 2, 3])
    }

    @Test("a repeating action ticks with leeway until disposed, then never again")
    func repeatingWithLeeway() {
        let scheduler = QueueScheduler()
        let ticks = Locked(0)
        let thirdTick = DispatchSemaphore(value: 0)
        let current = Log<Scheduler?>()
        let timer = scheduler.schedule(
            after: .milliseconds(1), repeatingEvery: .milliseconds(2), leeway: .milliseconds(1)
        ) {
            current.append(Scheduler.current)
            if ticks.withValue({ count in
                count += 1
                return count
            }) == 3 {
                thirdTick.signal()
            }
        }
        #expect(thirdTick.waitOrFail())
        timer?.dispose()
        #expect(timer?.isDisposed == true)
        // A tick already past its start when dispose() returned may still finish; flush it.
        scheduler.drain()
        let afterDispose = ticks.current
        #expect(afterDispose >= 3)
        Thread.sleep(forTimeInterval: 0.03)
        scheduler.drain()
        #expect(ticks.current == afterDispose)
        #expect(current.entries.allSatisfy { $0 === scheduler })
    }

    @Test("a repeating action keeps running when its disposable is dropped")
    func repeatingSurvivesDroppedDisposable() {
        let scheduler = QueueScheduler()
        let ticks = Locked(0)
        let fifthTick = DispatchSemaphore(value: 0)
        let timer: () -> (any Disposable)? = {
            scheduler.schedule(after: .zero, repeatingEvery: .milliseconds(1)) {
                if ticks.withValue({ count in
                    count += 1
                    return count
                }) == 5 {
                    fifthTick.signal()
                }
            }
        }
        weak let weakTimer = timer() as AnyObject?
        #expect(fifthTick.waitOrFail())
        #expect(weakTimer != nil)
        (weakTimer as? any Disposable)?.dispose()
    }

    @Test("a scheduler targeting a concurrent queue still runs its actions serially, in order")
    func targetQueue() {
        let target = DispatchQueue(label: "concurrent-target", attributes: .concurrent)
        let scheduler = QueueScheduler(targeting: target)
        #expect(scheduler.name == "org.reactivecocoa.QueueScheduler(concurrent-target)")
        #expect(QueueScheduler(name: "named", targeting: target).name == "named")
        let running = Locked(0)
        let overlaps = Locked(0)
        let log = Log<Int>()
        for value in 0..<300 {
            scheduler.schedule {
                if running.withValue({ count in
                    count += 1
                    return count
                }) > 1 {
                    overlaps.withValue { $0 += 1 }
                }
                log.append(value)
                running.withValue { $0 -= 1 }
            }
        }
        let done = DispatchSemaphore(value: 0)
        var current: Scheduler?
        scheduler.schedule {
            current = Scheduler.current
            done.signal()
        }
        #expect(done.waitOrFail())
        #expect(log.entries == Array(0..<300))
        #expect(overlaps.current == 0)
        #expect(current === scheduler)
    }

    @Test("Scheduler.main is one shared scheduler on DispatchQueue.main")
    func mainWrapsMainQueue() {
        #expect(Scheduler.main === QueueScheduler.main)
        // Linux hands out a fresh `DispatchQueue` wrapper per access, so compare what it wraps.
        #expect(Scheduler.main.queue.label == DispatchQueue.main.label)
        #expect(Scheduler.main.name == "org.reactivecocoa.Scheduler.main")
    }

    @Test("an action on Scheduler.main runs on the main queue, with main as current")
    func mainRunsOnMainQueue() {
        // The Swift Testing runner's async entry point services the main queue (as it must for
        // @MainActor tests). On Linux, once the main thread has called `dispatchMain()`, libdispatch
        // drains the main queue on a worker thread, so only the queue, not the thread, is checked.
        // The semaphore only guards against the queue never being serviced.
        let done = DispatchSemaphore(value: 0)
        let observed = Locked<Scheduler?>(nil)
        Scheduler.main.schedule {
            dispatchPrecondition(condition: .onQueue(.main))
            observed.withValue { $0 = Scheduler.current }
            done.signal()
        }
        #expect(done.waitOrFail())
        #expect(observed.current === Scheduler.main)
    }
}
