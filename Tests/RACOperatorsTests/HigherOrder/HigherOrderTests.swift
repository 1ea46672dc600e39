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
        try expectScopeReleased { scope in
            let token = scope.watch(Token(), "the token the closure captures")
            let source = try scope.watch(
                scheduler.createColdSignal("-a-b-|", error: TestError(1)), "the source")
            let inner = try scope.watch(scheduler.createColdSignal("x|", error: TestError(1)), "the inner")
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
    }
}
