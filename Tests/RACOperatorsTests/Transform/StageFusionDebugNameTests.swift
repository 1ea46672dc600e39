import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Synchronization
import Testing

@Suite("Stage fusion: debug names")
struct StageFusionDebugNameTests {
    @Test("with RAC_DEBUG_SIGNAL_NAMES set, each combination is named stage by stage, as today")
    func debugNames() async {
        await #expect(processExitsWith: .success) {
            setenv("RAC_DEBUG_SIGNAL_NAMES", "1", 1)
            let source = Signal<Int, Never>(values: [1]).named("src")
            let mapped = source.map { $0 }
            let names = [
                mapped.filter { _ in true }.name,
                mapped.name,
                source.filter { _ in true }.map { $0 }.name,
                mapped.map { $0 }.name,
                source.filter { _ in true }.filter { _ in true }.name,
                mapped.filter { _ in true }.map { $0 }.filter { _ in true }.name,
                mapped.filter { _ in true }.scan(0, +).distinctUntilChanged().take(2).name,
            ]
            let expected = [
                "[[src] -map:] -filter:",
                "[src] -map:",
                "[[src] -filter:] -map:",
                "[[src] -map:] -map:",
                "[[src] -filter:] -filter:",
                "[[[[src] -map:] -filter:] -map:] -filter:",
                "[[[[[src] -map:] -filter:] -scanWithStart: 0 reduce:] -distinctUntilChanged] -take: 2",
            ]
            // An operator's signal prints as a `Signal`, whatever class implements it.
            let description = "\(mapped.filter { _ in true })"
            exit(names == expected && description == "<Signal<Int, Never>: [[src] -map:] -filter:>" ? 0 : 1)
        }
    }

    @Test("without RAC_DEBUG_SIGNAL_NAMES, a combination is anonymous")
    func anonymous() async {
        await #expect(processExitsWith: .success) {
            unsetenv("RAC_DEBUG_SIGNAL_NAMES")
            let source = Signal<Int, Never>(values: [1]).named("src")
            let names = [
                source.map { $0 }.filter { _ in true }.name, source.filter { _ in true }.map { $0 }.name,
                source.map { $0 }.map { $0 }.name, source.filter { _ in true }.filter { _ in true }.name,
            ]
            exit(names == Array(repeating: "anonymous", count: 4) ? 0 : 1)
        }
    }

    @Test("descriptions: an operator's signal prints as a Signal, a subject as its own class")
    func descriptions() {
        let subject = Subject<Int, TestError>()
        #expect(subject.map { $0 + 1 }.filter { $0 > 0 }.description == "<Signal<Int, TestError>: anonymous>")
        #expect(subject.scan("", { $0 + "\($1)" }).description == "<Signal<String, TestError>: anonymous>")
        #expect(subject.description.hasPrefix("<Subject<Int, TestError>: "))
    }
}
