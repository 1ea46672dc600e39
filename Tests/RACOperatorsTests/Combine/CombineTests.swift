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
        weak var weakChain: Signal<Int, TestError>?
        weak var weakSubject: Subject<Int, TestError>?
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let subject = Subject<Int, TestError>()
            weakSubject = subject
            let chain = subject.startWith(0)
                .concat(IntSignal(value: 1))
                .merge(IntSignal(values: [2, 3]))
                .then { () -> IntSignal in
                    withExtendedLifetime(token) {}
                    return IntSignal(value: 4).concat(.never).sample(IntSignal(value: 5))
                }
            weakChain = chain
            let log = EventLog.of(chain)
            subject.sendNext(9)
            subject.sendCompleted()
            #expect(log.events == [.next(4), .completed])
            let disposed = EventLog<Int, TestError>().record(chain)
            disposed.dispose()
        }
        #expect(weakChain == nil)
        #expect(weakSubject == nil)
        #expect(weakToken == nil)
    }

    @Test("a finished or disposed chain is released")
    func released() {
        weak var weakChain: Signal<[Int], TestError>?
        weak var weakSubject: Subject<Int, TestError>?
        do {
            let subject = Subject<Int, TestError>()
            weakSubject = subject
            let chain = Signal.zip([subject, IntSignal(values: [1, 2])])
                .zip(with: Signal.combineLatest(subject, IntSignal(value: 5)))
                .map { pair in pair.0 + [pair.1.0, pair.1.1] }
            weakChain = chain
            let log = EventLog.of(chain)
            subject.sendNext(7)
            subject.sendCompleted()
            #expect(log.events == [.next([7, 1, 7, 5]), .completed])
            EventLog<[Int], TestError>().record(chain).dispose()
        }
        #expect(weakChain == nil)
        #expect(weakSubject == nil)
    }

    @Test("combine chains release every input after completion")
    func releaseds() throws {
        let scheduler = TestScheduler(checksRelease: true)
        weak var weakToken: Token?
        weak var weakA: TestSignal<String, Never>?
        weak var weakB: TestSignal<String, Never>?
        do {
            let token = Token()
            weakToken = token
            let a = try scheduler.createColdSignal("-a-b|")
            let b = try scheduler.createColdSignal("--x-|")
            weakA = a
            weakB = b
            let chain = a.combineLatest(with: b).map { $0 + $1 }
                .zip(with: a.merge(b).startWith("s"))
                .map { pair in withExtendedLifetime(token) { pair.0 + pair.1 } }
                .sample(a.concat(b))
                .then { Signal(value: "t") }
            try scheduler.expect(chain, toEmit: "----(t|)")
        }
        #expect(weakToken == nil)
        #expect(weakA == nil)
        #expect(weakB == nil)
    }
}
