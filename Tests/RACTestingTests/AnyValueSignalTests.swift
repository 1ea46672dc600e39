import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Test signals of any value type from marbles that name no value")
struct AnyValueSignalTests {
    @Test("an error-only cold marble builds a TestSignal<Data, TestError> without values:")
    func errorOnlyCold() throws {
        let scheduler = TestScheduler()
        let failing: TestSignal<Data, TestError> = try scheduler.createColdSignal("-#", error: TestError(1))
        let recorder = scheduler.record(failing)
        scheduler.run()
        #expect(recorder.events == [scheduler.error(atFrame: 1, TestError(1))])
        try scheduler.expect(failing, toHaveSubscriptions: ["^!"])
    }

    @Test("a completion-only cold marble of a non-failing signal, and an empty group of frames")
    func completionOnlyCold() throws {
        let scheduler = TestScheduler()
        let empty: TestSignal<[Int], Never> = try scheduler.createColdSignal("---|")
        try scheduler.expect(empty, toEmit: "---|")
        let silent: TestSignal<Data, TestError> = try scheduler.createColdSignal("--")
        try scheduler.expect(silent, toEmit: "--", disposeAt: 5)
    }

    @Test("hot marbles of any value type: error-only and completion-only")
    func hot() throws {
        let scheduler = TestScheduler()
        let failing: TestSignal<Data, TestError> = try scheduler.createHotSignal("^--#", error: TestError(2))
        try scheduler.expect(failing, toEmit: "---#", error: TestError(2))
        let other = TestScheduler()
        let ending: TestSignal<Int, Never> = try other.createHotSignal("-^-|")
        try other.expect(ending, toEmit: "--|")
    }

    @Test("the signal can stand in for a dependency typed Signal<Data, TestError>")
    func asDependency() throws {
        let scheduler = TestScheduler()
        let download: Signal<Data, TestError> = try scheduler.createColdSignal("--#", error: TestError(3))
        try scheduler.expect(download.map(\.count), toEmit: "--#", error: TestError(3))
    }

    @Test("String contexts still read names as themselves; without a context the String overloads win")
    func stringStillNames() throws {
        let scheduler = TestScheduler()
        let named: TestSignal<String, TestError> = try scheduler.createColdSignal("-a#", error: TestError(4))
        try scheduler.expect(named, toEmit: "-a#", error: TestError(4))
        let inferred = try scheduler.createColdSignal("-b|")
        try scheduler.expect(inferred, toEmit: "---b|")  // subscribed at frame 2
    }

    @Test("a value name in a marble without values: throws valuesNeeded at its column")
    func valueNameThrows() {
        let scheduler = TestScheduler()
        #expect(throws: MarbleError(marble: "--a|", column: 3, problem: .valuesNeeded("a"))) {
            let _: TestSignal<Int, Never> = try scheduler.createColdSignal("--a|")
        }
        #expect(throws: MarbleError(marble: "^-a|", column: 3, problem: .valuesNeeded("a"))) {
            let _: TestSignal<Int, TestError> = try scheduler.createHotSignal("^-a|", error: TestError(5))
        }
    }
}
