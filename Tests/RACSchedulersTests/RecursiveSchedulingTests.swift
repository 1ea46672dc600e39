import Dispatch
import RACSchedulers
import RACTestSupport
import Testing

@Suite("scheduleRecursive", .checksRelease)
struct RecursiveSchedulingTests {
    /// Schedules an action that reschedules itself until it has run `count` times.
    private func countRecursively(on scheduler: Scheduler, to count: Int, onFinish: @escaping () -> Void = {})
        -> (runs: Locked<Int>, disposable: any Disposable)
    {
        let runs = Locked(0)
        let disposable = scheduler.scheduleRecursive { reschedule in
            let value = runs.withValue { runs in
                runs += 1
                return runs
            }
            if value < count {
                reschedule()
            } else {
                onFinish()
            }
        }
        return (runs, disposable)
    }

    @Test("100,000 reschedules on the immediate scheduler finish synchronously without stack growth")
    func immediate() {
        let (runs, _) = countRecursively(on: Scheduler.immediate, to: 100_000)
        #expect(runs.current == 100_000)
    }

    @Test("100,000 reschedules on the subscription scheduler finish synchronously")
    func subscription() {
        let (runs, _) = countRecursively(on: Scheduler.subscription, to: 100_000)
        #expect(runs.current == 100_000)
    }

    @Test("100,000 reschedules on a virtual-time scheduler run as separate actions, flat")
    func virtualTime() {
        let scheduler = VirtualTimeScheduler()
        let (runs, _) = countRecursively(on: scheduler, to: 100_000)
        #expect(runs.current == 0)
        #expect(scheduler.run(atMost: 1) == 1)
        #expect(runs.current == 1)
        #expect(scheduler.pendingActionCount == 1)
        scheduler.run()
        #expect(runs.current == 100_000)
        #expect(scheduler.isEmpty)
    }

    @Test("on a queue scheduler each run is a separate asynchronous action")
    func queue() {
        let scheduler = QueueScheduler()
        let done = DispatchSemaphore(value: 0)
        let (runs, _) = countRecursively(on: scheduler, to: 10_000) { done.signal() }
        #expect(done.waitOrFail())
        #expect(runs.current == 10_000)
    }

    @Test("several synchronous reschedules in one run are each scheduled after it returns")
    func multipleReschedules() {
        let scheduler = VirtualTimeScheduler()
        var log: [String] = []
        var generation = 0
        scheduler.scheduleRecursive { reschedule in
            generation += 1
            let current = generation
            log.append("start \(current)")
            if current == 1 {
                reschedule()
                reschedule()
            }
            log.append("end \(current)")
        }
        scheduler.run()
        #expect(log == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
    }

    @Test("on the immediate scheduler a reschedule runs after the current run returns, not nested")
    func immediateIsNotNested() {
        var log: [String] = []
        var generation = 0
        Scheduler.immediate.scheduleRecursive { reschedule in
            generation += 1
            let current = generation
            log.append("start \(current)")
            if current < 3 { reschedule() }
            log.append("end \(current)")
        }
        #expect(log == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
    }

    @Test("a reschedule requested later (asynchronously) schedules again")
    func laterReschedule() {
        let scheduler = VirtualTimeScheduler()
        var saved: (() -> Void)?
        var runs = 0
        scheduler.scheduleRecursive { reschedule in
            runs += 1
            saved = reschedule
        }
        scheduler.run()
        #expect(runs == 1)
        saved?()
        #expect(scheduler.pendingActionCount == 1)
        scheduler.run()
        #expect(runs == 2)
        saved = nil
    }

    @Test("disposing stops it: the pending run is cancelled and later reschedules do nothing")
    func disposal() {
        let scheduler = VirtualTimeScheduler()
        var runs = 0
        var saved: (() -> Void)?
        let disposable = scheduler.scheduleRecursive { reschedule in
            runs += 1
            saved = reschedule
            reschedule()
        }
        scheduler.run(atMost: 2)
        #expect(runs == 2)
        #expect(scheduler.pendingActionCount == 1)
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(scheduler.isEmpty)
        saved?()
        #expect(scheduler.isEmpty)
        scheduler.run()
        #expect(runs == 2)
        saved = nil
    }

    @Test("disposing from inside the action stops it, even with a reschedule requested after")
    func disposalFromInside() {
        let scheduler = VirtualTimeScheduler()
        var runs = 0
        var disposable: (any Disposable)?
        disposable = scheduler.scheduleRecursive { reschedule in
            runs += 1
            if runs == 5 { disposable?.dispose() }
            reschedule()
        }
        scheduler.run()
        #expect(runs == 5)
        #expect(disposable?.isDisposed == true)
        #expect(scheduler.isEmpty)
    }

    @Test("on the immediate scheduler, an action that stops rescheduling ends the loop")
    func immediateStops() {
        var runs = 0
        let disposable = Scheduler.immediate.scheduleRecursive { reschedule in
            runs += 1
            if runs < 5 { reschedule() }
        }
        #expect(runs == 5)
        #expect(disposable.isDisposed == false)
    }

    @Test("disposing from another thread stops a queue-scheduled recursion")
    func disposalAcrossThreads() {
        let scheduler = QueueScheduler()
        let runs = Locked(0)
        let reachedTen = DispatchSemaphore(value: 0)
        let disposable = scheduler.scheduleRecursive { reschedule in
            if runs.withValue({ count in
                count += 1
                return count
            }) == 10 {
                reachedTen.signal()
            }
            reschedule()
        }
        #expect(reachedTen.waitOrFail())
        disposable.dispose()
        scheduler.drain()
        let afterDispose = runs.current
        scheduler.drain()
        #expect(runs.current == afterDispose)
    }
}
