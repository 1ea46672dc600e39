import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("HigherOrder: programmer errors and release", .checksRelease)
struct HigherOrderTests {
    @Test("flatten(-1) stops the process with a message naming flatten(_:) and the value")
    func flattenNegative() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Signal<Int, Never>, Never>.never.flatten(-1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("flatten(_:)"))
        #expect(message.contains("maxConcurrent must be >= 0, got -1"))
    }

    @Test("higher-order chains release the source and every inner after completion")
    func released() throws {
        let scheduler = TestScheduler(checksRelease: true)
        weak var weakToken: Token?
        weak var weakSource: TestSignal<String, TestError>?
        weak var weakInner: TestSignal<String, TestError>?
        do {
            let token = Token()
            weakToken = token
            let source = try scheduler.createColdSignal("-a-b-|", error: TestError(1))
            let inner = try scheduler.createColdSignal("x|", error: TestError(1))
            weakSource = source
            weakInner = inner
            let chain =
                source
                .flattenMap { _ in inner }
                .map { value in withExtendedLifetime(token) { Signal<String, TestError>(value: value) } }
                .switchToLatest()
                .catch { _ in Signal<String, TestError>.empty }
                .retry(1)
                .groupBy { $0 }
                .flattenMap { $0 }
            try scheduler.expect(chain, toEmit: "-x-x-|", error: TestError(1))
        }
        #expect(weakToken == nil)
        #expect(weakSource == nil)
        #expect(weakInner == nil)
    }
}
