import RACOperators
import RACTestSupport
import Testing

@Suite("takeLast stops sending its kept values once its subscriber is disposed")
struct TakeLastDisposalTests {
    @Test("a subscriber disposed from the callback of a kept value gets no more of them")
    func disposedMidCompletion() {
        var received: [Int] = []
        var completed = false
        let probe = ProbeSource<Int, TestError>()
        var subscription: (any Disposable)?
        subscription = probe.signal.takeLast(3).subscribe(
            next: { value in
                received.append(value)
                if value == 3 { subscription?.dispose() }
            },
            completed: { completed = true })
        for value in 1...4 { probe.sendNext(value) }
        probe.sendCompleted()
        #expect(received == [2, 3])
        #expect(!completed)
        _ = subscription
    }
}
