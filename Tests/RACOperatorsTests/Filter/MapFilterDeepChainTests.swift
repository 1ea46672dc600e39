import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Synchronization
import Testing

/// Chains 100 000 stages deep (the other deep chains, of map alone or of map, filter and scan, are
/// in RACReliabilityTests/ChainDepthTests.swift).
@Suite("Filter: a chain of 100 000 alternating map and filter stages")
struct MapFilterDeepChainTests {
    private let depth = 100_000

    /// `depth` alternating maps (adding 1) and filters (passing all), the first map capturing
    /// `token`.
    private func chain(over source: Signal<Int, Never>, capturing token: Token) -> Signal<Int, Never> {
        var chain = source.map { value in withExtendedLifetime(token) { value &+ 1 } }
        for index in 1..<depth {
            chain = index % 2 == 0 ? chain.map { $0 &+ 1 } : chain.filter { $0 > 0 }
        }
        return chain
    }

    @Test("delivers one value and completion, then is released")
    func deliversAndReleases() {
        weak var weakToken: Token?
        var values: [Int] = []
        var completions = 0
        do {
            let token = Token()
            weakToken = token
            chain(over: Signal(value: 0), capturing: token).subscribe(
                next: { values.append($0) }, completed: { completions += 1 })
        }
        #expect(values == [depth / 2])
        #expect(completions == 1)
        #expect(weakToken == nil)
    }

    @Test("over a subject released without ending: delivers, then is released with the subject")
    func releasedWithTheSubject() {
        weak var weakToken: Token?
        weak var weakSubject: Subject<Int, Never>?
        var values: [Int] = []
        do {
            let token = Token()
            let subject = Subject<Int, Never>()
            weakToken = token
            weakSubject = subject
            chain(over: subject, capturing: token).subscribe(next: { values.append($0) })
            subject.sendNext(0)
        }
        #expect(values == [depth / 2])
        #expect(weakSubject == nil)
        #expect(weakToken == nil)
    }
}
