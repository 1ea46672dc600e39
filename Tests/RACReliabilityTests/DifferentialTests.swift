import RACOperators
import RACTesting
import Testing

/// A seeded SplitMix64, so that every case can be replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// One generated source: an event (or nothing) per frame.
struct SourceSpec: Equatable {
    var frames: [ModelEvent?]
    var isHot: Bool

    private static let names = ["a", "b", "c", "d", "e", "f", "g"]

    /// The marble. A hot source gets two past frames before `^`, never seen by a subscriber.
    var marble: String {
        var text = isHot ? "g-^" : ""
        for (frame, event) in frames.enumerated() {
            if isHot && frame == 0 { continue }
            switch event {
            case nil: text += "-"
            case .next(let value): text += Self.names[value - 1]
            case .completed: text += "|"
            case .error: text += "#"
            }
        }
        return text
    }

    static var values: [String: Int] {
        Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0 + 1) })
    }

    /// The timeline a subscriber sees when it subscribes at `start`.
    func timeline(from start: Int) -> Timeline {
        ReferenceModel.grammatical(
            frames.enumerated().compactMap { frame, event in
                event.map { Timed(frame: start + frame, event: $0) }
            })
    }
}

/// A generated case: `chain(binary(leftChain(left), rightChain(right)))`, or without the binary
/// operator `chain(leftChain(left))`.
struct DifferentialCase {
    var left: SourceSpec
    var right: SourceSpec
    var leftChain: [UnaryOperator]
    var rightChain: [UnaryOperator]
    var binary: BinaryOperator?
    var chain: [UnaryOperator]

    var description: String {
        func text(_ name: String, _ ops: [UnaryOperator]) -> String { name + ops.map(\.description).joined() }
        let leftText = text("left", leftChain)
        let body = binary.map { $0.describe(leftText, text("right", rightChain)) } ?? leftText
        var lines = ["\(left.isHot ? "hot " : "cold") left:  \(left.marble)"]
        if binary != nil { lines.append("\(right.isHot ? "hot " : "cold") right: \(right.marble)") }
        lines.append("chain: " + text("(" + body + ")", chain))
        return lines.joined(separator: "\n")
    }

    static func random(using random: inout SeededGenerator) -> DifferentialCase {
        let binary: BinaryOperator? =
            Bool.random(using: &random) ? BinaryOperator.allCases.randomElement(using: &random) : nil
        // With two inputs, the left one sends on even frames and the right one on odd frames, so
        // that the order of events due in the same frame never depends on scheduling order.
        let left = source(parity: binary == nil ? nil : 0, hot: Bool.random(using: &random), &random)
        let right = source(
            parity: 1, hot: binary != .concat && Bool.random(using: &random), &random)
        return DifferentialCase(
            left: left, right: right,
            leftChain: binary == nil ? [] : chain(maximum: 2, &random),
            rightChain: binary == nil ? [] : chain(maximum: 2, &random),
            binary: binary, chain: chain(maximum: 4, &random))
    }

    private static func source(parity: Int?, hot: Bool, _ random: inout SeededGenerator) -> SourceSpec {
        let length = Int.random(in: 2...14, using: &random)
        var frames: [ModelEvent?] = []
        for frame in 0..<length {
            let allowed = (parity.map { frame % 2 == $0 } ?? true) && !(hot && frame == 0)
            guard allowed else {
                frames.append(nil)
                continue
            }
            let roll = Int.random(in: 0..<100, using: &random)
            if roll < 45 {
                frames.append(.next(Int.random(in: 1...7, using: &random)))
            } else if roll < 50 {
                frames.append(.completed)
                break
            } else if roll < 53 {
                frames.append(.error)
                break
            } else {
                frames.append(nil)
            }
        }
        return SourceSpec(frames: frames, isHot: hot)
    }

    private static func chain(maximum: Int, _ random: inout SeededGenerator) -> [UnaryOperator] {
        (0..<Int.random(in: 0...maximum, using: &random)).map { _ -> UnaryOperator in
            switch Int.random(in: 0..<5, using: &random) {
            case 0: .map(Int.random(in: 1...9, using: &random))
            case 1: .filter(Int.random(in: 2...3, using: &random))
            case 2: .take(Int.random(in: 1...4, using: &random))
            case 3: .skip(Int.random(in: 1...3, using: &random))
            default: .scan
            }
        }
    }

    /// What the reference model says a subscriber at frame 0 sees.
    var expected: Timeline {
        let leftLine = ReferenceModel.apply(leftChain, to: left.timeline(from: 0))
        guard let binary else { return ReferenceModel.apply(chain, to: leftLine) }
        let rightLine = ReferenceModel.apply(rightChain, to: right.timeline(from: 0))
        let combined = ReferenceModel.apply(binary, leftLine, rightLine) { start in
            ReferenceModel.apply(rightChain, to: right.timeline(from: start))
        }
        return ReferenceModel.apply(chain, to: combined)
    }

    /// What the framework delivers, and the grammar breaches the checker saw.
    func actual() throws -> (Timeline, [String]) {
        let scheduler = TestScheduler()
        func make(_ spec: SourceSpec) throws -> Signal<Int, ModelFailure> {
            if spec.isHot {
                return try scheduler.createHotSignal(
                    spec.marble, values: SourceSpec.values, error: ModelFailure())
            }
            return try scheduler.createColdSignal(
                spec.marble, values: SourceSpec.values, error: ModelFailure())
        }
        var signal = Self.apply(leftChain, to: try make(left))
        if let binary {
            let other = Self.apply(rightChain, to: try make(right))
            switch binary {
            case .merge: signal = signal.merge(other)
            case .concat: signal = signal.concat(other)
            case .zip: signal = signal.zip(with: other).map { $0 * 100 + $1 }
            case .combineLatest: signal = signal.combineLatest(with: other).map { $0 * 100 + $1 }
            case .takeUntil: signal = signal.take(until: other)
            }
        }
        signal = Self.apply(chain, to: signal)
        let recorder = scheduler.record(signal)
        let grammar = checked(signal)
        scheduler.run()
        // A source that never terminates keeps its subscription alive until it is disposed.
        defer {
            recorder.dispose()
            grammar.dispose()
        }
        let frame = scheduler.frames(1)
        let timeline = recorder.events.map { recorded -> Timed in
            let at = Int((recorded.time / frame).rounded())
            switch recorded.value {
            case .next(let value): return Timed(frame: at, event: .next(value))
            case .error: return Timed(frame: at, event: .error)
            case .completed: return Timed(frame: at, event: .completed)
            }
        }
        var breaches = grammar.checker.violations
        if grammar.checker.events.count != timeline.count {
            breaches.append("a second subscription saw \(grammar.checker.events.count) events")
        }
        return (timeline, breaches)
    }

    private static func apply(_ ops: [UnaryOperator], to signal: Signal<Int, ModelFailure>)
        -> Signal<Int, ModelFailure>
    {
        ops.reduce(signal) { signal, op in
            switch op {
            case .map(let offset): signal.map { $0 + offset }
            case .filter(let modulus): signal.filter { $0 % modulus != 0 }
            case .take(let count): signal.take(count)
            case .skip(let count): signal.skip(count)
            case .scan: signal.scan(0, +)
            }
        }
    }

    func fails() throws -> Bool {
        let (timeline, breaches) = try actual()
        return timeline != expected || !breaches.isEmpty
    }

    /// Smaller cases: one operator or one source event fewer, or a source cut short.
    var reductions: [DifferentialCase] {
        var smaller: [DifferentialCase] = []
        if binary != nil {
            var copy = self
            copy.binary = nil
            copy.chain = leftChain + chain
            copy.leftChain = []
            copy.rightChain = []
            smaller.append(copy)
        }
        for path in [\DifferentialCase.chain, \.leftChain, \.rightChain] {
            for index in self[keyPath: path].indices {
                var copy = self
                copy[keyPath: path].remove(at: index)
                smaller.append(copy)
            }
        }
        for path in [\DifferentialCase.left, \.right] {
            let spec = self[keyPath: path]
            for index in spec.frames.indices where spec.frames[index] != nil {
                var copy = self
                copy[keyPath: path].frames[index] = nil
                smaller.append(copy)
            }
            if spec.frames.count > 1 {
                var copy = self
                copy[keyPath: path].frames.removeLast()
                smaller.append(copy)
            }
        }
        return smaller
    }

    /// The smallest failing case reachable by repeated reductions.
    func shrunk() throws -> DifferentialCase {
        var current = self
        var steps = 0
        search: while steps < 500 {
            for candidate in current.reductions {
                guard try candidate.fails() else { continue }
                current = candidate
                steps += 1
                continue search
            }
            break
        }
        return current
    }
}

@Suite("Differential: the framework against a list-based reference model")
struct DifferentialTests {
    @Test("random marble sources and operator chains agree with the reference model")
    func randomCasesAgree() throws {
        let cases = ReliabilityEnvironment.integer("RAC_DIFF_CASES", default: 300)
        let seed = UInt64(ReliabilityEnvironment.integer("RAC_DIFF_SEED", default: 20_260_101))
        var random = SeededGenerator(seed: seed)
        var failures = 0
        var eventful = 0
        for index in 0..<cases where failures < 3 {
            let generated = DifferentialCase.random(using: &random)
            if generated.expected.contains(where: { if case .next = $0.event { true } else { false } }) {
                eventful += 1
            }
            guard try generated.fails() else { continue }
            failures += 1
            let small = try generated.shrunk()
            let (actual, breaches) = try small.actual()
            Issue.record(
                """
                case \(index) of seed \(seed) differs from the model; smallest failing case:
                \(small.description)
                expected: \(small.expected)
                actual:   \(actual)
                grammar:  \(breaches)
                """)
        }
        // The generator must not drift into trivial cases: a good share of cases deliver values.
        #expect(eventful * 3 > cases)
    }

    @Test("the model itself: a few hand-checked cases")
    func modelSanity() {
        let left: Timeline = [Timed(frame: 0, event: .next(1)), Timed(frame: 2, event: .completed)]
        let right: Timeline = [Timed(frame: 1, event: .next(2)), Timed(frame: 3, event: .completed)]
        #expect(
            ReferenceModel.apply(.zip, left, right) { _ in [] }
                == [Timed(frame: 1, event: .next(102)), Timed(frame: 2, event: .completed)])
        #expect(
            ReferenceModel.apply(.merge, left, right) { _ in [] }.map(\.frame) == [0, 1, 3])
        #expect(
            ReferenceModel.apply(.take(1), to: left)
                == [Timed(frame: 0, event: .next(1)), Timed(frame: 0, event: .completed)])
    }
}
