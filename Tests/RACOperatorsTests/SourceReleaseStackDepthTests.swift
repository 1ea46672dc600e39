import Foundation
import RACOperators
import RACTestSupport
import Synchronization
import Testing

/// Deep chains, on a small stack: skipped with the other stack-depth suites under AddressSanitizer
/// (whose frames are several times larger; see .ci/run).
@Suite("Source release: a deep chain released with its source")
struct SourceReleaseStackDepthTests {
    @Test("releasing the subject under 2 000 flattenMaps on a 256 KiB stack releases the chain")
    func deepChainReleased() {
        let released = onSmallStack { () -> (Bool, Bool, [Int]) in
            let values = Locked<[Int]>([])
            weak var weakSubject: Subject<Int, TestError>?
            weak var weakSink: Token?
            do {
                let subject = Subject<Int, TestError>()
                let sink = Token()
                weakSubject = subject
                weakSink = sink
                var chain: Signal<Int, TestError> = subject
                for _ in 0..<2_000 { chain = chain.flattenMap { Signal(value: $0 + 1) } }
                chain.subscribe(next: { value in
                    withExtendedLifetime(sink) { values.withValue { $0.append(value) } }
                })
                subject.sendNext(0)
            }
            return (weakSubject == nil, weakSink == nil, values.current)
        }
        #expect(released.0)
        #expect(released.1)
        #expect(released.2 == [2_000])
    }
}
