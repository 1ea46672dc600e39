import RACSchedulers
import RACTestSupport
import Testing

@Suite("ImmediateScheduler", .checksRelease)
struct ImmediateSchedulerTests {
    @Test("runs the action synchronously, before schedule returns, and returns nil")
    func runsSynchronously() {
        var order: [Int] = []
        order.append(1)
        let disposable = Scheduler.immediate.schedule { order.append(2) }
        order.append(3)
        #expect(order == [1, 2, 3])
        #expect(disposable == nil)
    }

    @Test("after a delay it blocks the caller, then runs the action and returns nil")
    func afterDelayRunsBeforeReturning() {
        var ran = false
        let disposable = Scheduler.immediate.schedule(after: .milliseconds(2)) { ran = true }
        #expect(ran)
        #expect(disposable == nil)
    }

    @Test("a negative delay runs the action at once")
    func negativeDelay() {
        var ran = false
        Scheduler.immediate.schedule(after: .seconds(-5)) { ran = true }
        #expect(ran)
    }

    @Test("is a shared instance and leaves Scheduler.current unchanged")
    func sharedAndCurrent() {
        #expect(Scheduler.immediate === Scheduler.immediate)
        var inside: Scheduler?
        Scheduler.immediate.schedule { inside = Scheduler.current }
        #expect(inside == nil)
        let virtual = VirtualTimeScheduler()
        virtual.performAsCurrent {
            Scheduler.immediate.schedule { inside = Scheduler.current }
        }
        #expect(inside === virtual)
    }

    @Test("its name and description identify it")
    func description() {
        #expect(Scheduler.immediate.description == "<ImmediateScheduler: \(Scheduler.immediate.name)>")
    }
}
