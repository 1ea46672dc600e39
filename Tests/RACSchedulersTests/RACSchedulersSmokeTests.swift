import RACSchedulers
import RACTestSupport
import Testing

@Test(.checksRelease) func moduleLinks() {
    let signal = Signal<Int, Never>(value: 1)
    var received: [Int] = []
    let subscription = signal.subscribe(next: { received.append($0) })
    #expect(received == [1])
    expectReleased(subscription, "the subscriber")
}
