import RACSchedulers
import RACTestSupport
import Testing

@Suite("Programmer errors name the call and the value", .checksRelease)
struct ProgrammerErrorTests {
    private static func message(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test("a zero repeating interval on a queue scheduler")
    func zeroInterval() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            QueueScheduler().schedule(after: .zero, repeatingEvery: .zero) {}
        }
        let message = Self.message(result)
        #expect(message.contains("QueueScheduler.schedule(after:repeatingEvery:leeway:_:)"))
        #expect(message.contains("got 0.0 seconds"))
    }

    @Test("a negative repeating interval on a virtual-time scheduler")
    func negativeInterval() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            VirtualTimeScheduler().schedule(after: .zero, repeatingEvery: .milliseconds(-5)) {}
        }
        let message = Self.message(result)
        #expect(message.contains("VirtualTimeScheduler.schedule(after:repeatingEvery:leeway:_:)"))
        #expect(message.contains("got -0.005 seconds"))
    }

    @Test("a negative leeway on the subscription scheduler")
    func negativeLeeway() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Scheduler.subscription.schedule(
                after: .zero, repeatingEvery: .seconds(1), leeway: .seconds(-2)
            ) {}
        }
        let message = Self.message(result)
        #expect(message.contains("SubscriptionScheduler.schedule(after:repeatingEvery:leeway:_:)"))
        #expect(message.contains("leeway must be >= .zero, got -2.0 seconds"))
    }

    @Test("repeating on the immediate scheduler")
    func immediateCannotRepeat() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Scheduler.immediate.schedule(after: .zero, repeatingEvery: .seconds(3)) {}
        }
        let message = Self.message(result)
        #expect(message.contains("ImmediateScheduler.schedule(after:repeatingEvery:leeway:_:)"))
        #expect(message.contains("3.0 seconds"))
    }

    @Test("moving virtual time backwards")
    func advanceBackwards() async {
        let byResult = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            VirtualTimeScheduler().advance(by: .seconds(-1))
        }
        #expect(Self.message(byResult).contains("VirtualTimeScheduler.advance(by:)"))
        #expect(Self.message(byResult).contains("-1.0 seconds"))
        let toResult = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = VirtualTimeScheduler()
            scheduler.advance(by: .seconds(5))
            scheduler.advance(to: .seconds(2))
        }
        #expect(Self.message(toResult).contains("VirtualTimeScheduler.advance(to:)"))
        #expect(Self.message(toResult).contains("got 2.0 seconds"))
    }

    @Test("a negative step count")
    func negativeStepCount() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            VirtualTimeScheduler().run(atMost: -1)
        }
        #expect(Self.message(result).contains("VirtualTimeScheduler.run(atMost:)"))
        #expect(Self.message(result).contains("got -1"))
    }

    @Test("scheduling on the abstract base class")
    func abstractBase() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Scheduler(name: "abstract").schedule {}
        }
        #expect(Self.message(result).contains("Scheduler.schedule(_:)"))
    }
}
