import RACTestSupport
import Testing

@Suite("Differential: the framework against a list-based reference model", .checksRelease)
struct DifferentialTests {
    @Test("random marble sources and operator chains agree with the reference model")
    func randomCasesAgree() throws {
        let cases = ReliabilityEnvironment.integer("RAC_DIFF_CASES", default: 300)
        let seed = UInt64(ReliabilityEnvironment.integer("RAC_DIFF_SEED", default: 20_260_101))
        var random = SeededGenerator(seed: seed)
        var failures = 0
        var eventful = 0
        var undecided = 0
        var covered = Set<String>()
        for index in 0..<cases where failures < 3 {
            let generated = DifferentialCase.random(using: &random)
            let expected: Timeline
            do {
                expected = try generated.expected()
            } catch is AmbiguousOrder {
                undecided += 1
                continue
            }
            covered.formUnion(generated.operatorNames)
            if expected.contains(where: { if case .next = $0.event { true } else { false } }) {
                eventful += 1
            }
            #expect(
                zip(expected, expected.dropFirst()).allSatisfy { $0.time <= $1.time },
                "the model's timeline goes back in time: \(expected)\n\(generated.description)")
            guard try generated.fails() else { continue }
            failures += 1
            let small = try generated.shrunk()
            let (actual, breaches) = try small.actual()
            Issue.record(
                """
                case \(index) of seed \(seed) differs from the model; smallest failing case:
                \(small.description)
                expected: \(try small.expected())
                actual:   \(actual)
                grammar:  \(breaches)
                (times in frames; the decimals are ticks, 1/1000 frame, the time operators' and inner \
                signals' offsets; inner(v, m, +o) plays the cold marble m o later, sending v * 10 + x)
                """)
        }
        // The generator must not drift into trivial cases: a good share of cases deliver values.
        #expect(eventful * 3 > cases)
        // Cases the model cannot decide (independent events due at the same instant) are rare.
        #expect(undecided * 20 < cases, "\(undecided) of \(cases) cases undecided")
        // Every operator is exercised by a decided case (given enough cases to expect that).
        if cases >= 100 {
            #expect(covered == DifferentialCase.allOperatorNames)
        }
    }
}
