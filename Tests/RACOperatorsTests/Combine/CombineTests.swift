import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

private typealias IntSignal = Signal<Int, TestError>

@Suite("Combining operators release what they capture", .checksRelease)
struct CombineTests {
    @Test("a finished or disposed chain releases its signals, subjects and closures")
    func chainReleased() {
        expectScopeReleased { scope in
            let token = scope.watch(Token(), "the token the closure captures")
            let subject = scope.watch(Subject<Int, TestError>(), "the subject")
            let chain = scope.watch(
                subject.startWith(0)
                    .concat(IntSignal(value: 1))
                    .merge(IntSignal(values: [2, 3]))
                    .then { () -> IntSignal in
                        withExtendedLifetime(token) {}
                        return IntSignal(value: 4).concat(.never).sample(IntSignal(value: 5))
                    }, "the chain")
            let log = EventLog.of(chain)
            subject.sendNext(9)
            subject.sendCompleted()
            #expect(log.events == [.next(4), .completed])
            let disposed = EventLog<Int, TestError>().record(chain)
            disposed.dispose()
        }
    }

    @Test("a finished or disposed chain is released")
    func released() {
        expectScopeReleased { scope in
            let subject = scope.watch(Subject<Int, TestError>(), "the subject")
            let chain = scope.watch(
                Signal.zip([subject, IntSignal(values: [1, 2])])
                    .zip(with: Signal.combineLatest(subject, IntSignal(value: 5)))
                    .map { pair in pair.0 + [pair.1.0, pair.1.1] }, "the chain")
            let log = EventLog.of(chain)
            subject.sendNext(7)
            subject.sendCompleted()
            #expect(log.events == [.next([7, 1, 7, 5]), .completed])
            EventLog<[Int], TestError>().record(chain).dispose()
        }
    }

    @Test("combine chains release every input after completion")
    func releaseds() throws {
        let scheduler = TestScheduler(checksRelease: true)
        try expectScopeReleased { scope in
            let token = scope.watch(Token(), "the token the closure captures")
            let a = try scope.watch(scheduler.createColdSignal("-a-b|"), "input a")
            let b = try scope.watch(scheduler.createColdSignal("--x-|"), "input b")
            let chain = a.combineLatest(with: b).map { $0 + $1 }
                .zip(with: a.merge(b).startWith("s"))
                .map { pair in withExtendedLifetime(token) { pair.0 + pair.1 } }
                .sample(a.concat(b))
                .then { Signal(value: "t") }
            try scheduler.expect(chain, toEmit: "----(t|)")
        }
    }
}
