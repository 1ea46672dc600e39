import RACOperators
import RACTestSupport
import RACTesting
import Testing

// The blocking operators wait on the calling thread, so they cannot run on a TestScheduler that the
// same thread advances; their marbles are played by synchronous signals here, and each chain is
// checked to be released once the operator has returned.

@Suite("Blocking operators and the async bridge release their chains", .checksRelease)
struct MarbleBlockingTests {
    @Test("toArray, first, first(default:) and waitUntilCompleted release the chain when they return")
    func blockingReleased() throws {
        weak var weakToken: OpToken?
        weak var weakSignal: Signal<Int, Boom>?
        do {
            let token = OpToken()
            weakToken = token
            let signal = Signal<Int, Boom>(values: [1, 2, 3]).map { value in
                withExtendedLifetime(token) { value }
            }
            weakSignal = signal
            #expect(try signal.toArray() == [1, 2, 3])
            #expect(try signal.first() == 1)
            #expect(try signal.first(default: 0) == 1)
            try signal.waitUntilCompleted()
            #expect(Array(signal.sequence) == [1, 2, 3])
        }
        #expect(weakToken == nil)
        #expect(weakSignal == nil)
    }

    @Test("first() disposes a source that goes on: -a-b-… gives a and leaves nothing subscribed")
    func firstDisposesTheSource() throws {
        let subject = Subject<Int, Boom>()
        weak var weakToken: OpToken?
        do {
            let token = OpToken()
            weakToken = token
            let signal = subject.startWith(1).map { value in withExtendedLifetime(token) { value } }
            #expect(try signal.first() == 1)
        }
        #expect(subject.subscriberCount == 0)
        #expect(weakToken == nil)
    }

    @Test("an error ends the blocking operators with that error, and releases the chain")
    func blockingError() {
        weak var weakToken: OpToken?
        do {
            let token = OpToken()
            weakToken = token
            let failing = Signal<Int, Boom>(values: [1]).concat(Signal(error: Boom(3))).map { value in
                withExtendedLifetime(token) { value }
            }
            #expect(throws: Boom(3)) { try failing.toArray() }
            #expect(throws: Boom(3)) { try failing.waitUntilCompleted() }
            #expect((try? failing.first()) == 1)
        }
        #expect(weakToken == nil)
    }

    @Test("iterating values to the end releases the chain")
    func valuesReleased() async throws {
        weak var weakToken: OpToken?
        do {
            let token = OpToken()
            weakToken = token
            let signal = Signal<Int, Boom>(values: [1, 2]).map { value in
                withExtendedLifetime(token) { value }
            }
            var received: [Int] = []
            for try await value in signal.values {
                received.append(value)
            }
            #expect(received == [1, 2])
            #expect(try await signal.first() == 1)
        }
        #expect(weakToken == nil)
    }
}
