import RACOperators
import Testing

@Test func moduleLinks() {
    let signal = Signal<Int, Never>(value: 1)
    var received: [Int] = []
    signal.subscribe(next: { received.append($0) })
    #expect(received == [1])
}
