import RACOperators
import RACTestSupport
import Testing

@testable import RACCore

/// The fusion hook (`Signal.fusing(_:named:)`, `LiftedSignal.Fusion`, `FusionRequest`): RACCore
/// carries a following operator's description without looking inside it; `map`'s fusion takes a
/// `filter` and declines anything else. (`@testable`: the hook is package API, and the name of
/// the stages a signal makes shows whether two operators were fused.)
@Suite("The fusion hook: map takes a following filter, declines anything else", .checksRelease)
struct FusionHookTests {
    /// An operator description no fusion knows.
    private struct Unknown {
        let tag: Int
    }

    @Test("a FusionRequest reads as the description's own type only")
    func requestReadsItsOwnType() {
        var unknown = Unknown(tag: 7)
        withUnsafePointer(to: &unknown) { pointer in
            let request = FusionRequest(pointer)
            #expect(request.description(as: Unknown.self)?.tag == 7)
            #expect(request.description(as: Int.self) == nil)
        }
    }

    @Test("map's signal declines a description it does not know; a signal that is not lifted declines all")
    func declines() {
        let subject = Subject<Int, Never>()
        var unknown = Unknown(tag: 1)
        let mapped = subject.map { $0 + 1 }
        withUnsafePointer(to: &unknown) { pointer in
            #expect(mapped.fusing(FusionRequest(pointer), named: "unknown") == nil)
            #expect(subject.fusing(FusionRequest(pointer), named: "unknown") == nil)
        }
    }

    @Test("filter after map is one stage over map's source, and behaves as the two")
    func mapThenFilterFuses() {
        let subject = Subject<Int, Never>()
        let fused = subject.map { $0 * 3 }.filter { $0 % 2 == 0 }
        // The fused signal's stages are named for the fusion; a filter on another operator's
        // signal is its own stage.
        #expect(fused.watchName == "filter(_:) fused with the map before it")
        #expect(subject.take(5).filter { $0 > 0 }.watchName == "filter(_:)")
        let log = EventLog<Int, Never>()
        log.record(fused)
        for value in 1...4 { subject.sendNext(value) }
        subject.sendCompleted()
        #expect(log.events == [.next(6), .next(12), .completed])
    }
}
