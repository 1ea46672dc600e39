import RACCore
import RACTestSupport
import Testing

@Suite("Programmer errors name the call and the input", .checksRelease)
struct BadInputTests {
    @Test("a negative replay capacity stops with a message naming the call and value")
    func negativeCapacity() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ReplaySubject<Int, Never>(capacity: -3)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("ReplaySubject(capacity:)"))
        #expect(message.contains("-3"))
    }
}
