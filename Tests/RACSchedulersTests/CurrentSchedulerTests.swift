import Dispatch
import Foundation
import RACSchedulers
import RACTestSupport
import Testing

@Suite("Scheduler.current and performAsCurrent", .checksRelease)
struct CurrentSchedulerTests {
    @Test("is nil on a raw background thread")
    func nilOnBackgroundThread() {
        let done = DispatchSemaphore(value: 0)
        let observed = Locked<(onMain: Bool, isNil: Bool)>((true, false))
        let thread = Thread {
            observed.withValue { $0 = (Thread.isMainThread, Scheduler.current == nil) }
            done.signal()
        }
        thread.start()
        #expect(done.waitOrFail())
        #expect(observed.current.onMain == false)
        #expect(observed.current.isNil)
    }

    @Test(
        "on the main queue, current is main: a plain main-queue block and the subscription scheduler's action in it"
    )
    func mainQueueBlocks() {
        // The Swift Testing runner services the main queue (see QueueSchedulerTests); on Linux it
        // may do so on a worker thread, which is the case this checks.
        let done = DispatchSemaphore(value: 0)
        let observed = Locked<[Scheduler?]>([])
        DispatchQueue.main.async {
            observed.withValue { $0.append(Scheduler.current) }
            Scheduler.subscription.schedule {
                observed.withValue { $0.append(Scheduler.current) }
            }
            Scheduler.main.schedule {
                Scheduler.subscription.schedule {
                    observed.withValue { $0.append(Scheduler.current) }
                }
                done.signal()
            }
        }
        #expect(done.waitOrFail())
        #expect(observed.current.count == 3)
        #expect(observed.current.allSatisfy { $0 === Scheduler.main })
        let background = DispatchSemaphore(value: 0)
        let off = Locked<Bool>(false)
        DispatchQueue.global().async {
            off.withValue { $0 = Scheduler.current == nil }
            background.signal()
        }
        #expect(background.waitOrFail())
        #expect(off.current)
    }

    @Test("performAsCurrent sets current for the body and restores it; nesting restores each level")
    func nestedPerformAsCurrent() {
        let outer = VirtualTimeScheduler(name: "outer")
        let inner = QueueScheduler(name: "inner")
        let before = Scheduler.current
        var seen: [String] = []
        let result = outer.performAsCurrent {
            seen.append(Scheduler.current?.name ?? "nil")
            inner.performAsCurrent {
                seen.append(Scheduler.current?.name ?? "nil")
                outer.performAsCurrent { seen.append(Scheduler.current?.name ?? "nil") }
                seen.append(Scheduler.current?.name ?? "nil")
            }
            seen.append(Scheduler.current?.name ?? "nil")
            return 42
        }
        #expect(result == 42)
        #expect(seen == ["outer", "inner", "outer", "inner", "outer"])
        #expect(Scheduler.current === before)
    }

    @Test("performAsCurrent restores the previous scheduler when the body throws")
    func restoresOnThrow() {
        let scheduler = VirtualTimeScheduler()
        let before = Scheduler.current
        #expect(throws: TestError.self) {
            try scheduler.performAsCurrent { throw TestError() }
        }
        #expect(Scheduler.current === before)
    }

    @Test("is per thread: another thread does not see this thread's current scheduler")
    func perThread() {
        let scheduler = VirtualTimeScheduler()
        let done = DispatchSemaphore(value: 0)
        let otherSawNil = Locked(false)
        scheduler.performAsCurrent {
            let thread = Thread {
                otherSawNil.withValue { $0 = Scheduler.current == nil }
                done.signal()
            }
            thread.start()
            #expect(done.waitOrFail())
            #expect(Scheduler.current === scheduler)
        }
        #expect(otherSawNil.current)
    }

    @Test("a virtual-time scheduler is current while its actions run")
    func virtualTimeIsCurrent() {
        let scheduler = VirtualTimeScheduler()
        var seen: [Scheduler?] = []
        scheduler.schedule { seen.append(Scheduler.current) }
        scheduler.schedule(after: .seconds(1)) { seen.append(Scheduler.current) }
        scheduler.run()
        #expect(seen.count == 2)
        #expect(seen.allSatisfy { $0 === scheduler })
    }
}
