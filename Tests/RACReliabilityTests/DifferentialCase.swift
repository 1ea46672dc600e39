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

    /// The marble. A hot source gets two past frames before `^`, never seen by a subscriber.
    var marble: String {
        isHot ? "g-^" + ModelEvent.marble(frames.dropFirst()) : ModelEvent.marble(frames)
    }

    /// What a subscription made at `start` sees: a cold source plays from `start`; a hot one
    /// plays in absolute time, so the subscription sees the events after `start`, or its end at
    /// once if it has ended by then (the framework's subjects replay their terminal event; RAC's
    /// subjects do not, see Docs/Concepts.md).
    func timeline(subscribedAt start: Int) throws -> Timeline {
        let events = ReferenceModel.grammatical(
            frames.enumerated().compactMap { frame, event in event.map { Timed.at(frame: frame, $0) } })
        guard isHot else { return events.map { Timed(time: start + $0.time, event: $0.event) } }
        var seen: Timeline = []
        for item in events {
            if item.time <= start && item.event.isTerminal { return [Timed(time: start, event: item.event)] }
            if item.time == start {
                throw AmbiguousOrder(reason: "a hot source subscribed at the instant it sends \(item)")
            }
            if item.time > start { seen.append(item) }
        }
        return seen
    }
}

/// A generated case: `chain(binary(leftChain(left), rightChain(right)))`, or without the binary
/// operator `chain(left)`.
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

    /// The operators the case uses, by name.
    var operatorNames: Set<String> {
        var names = Set((leftChain + rightChain + chain).map(\.kind.rawValue))
        if let binary { names.insert("\(binary)") }
        return names
    }

    /// Every operator the generator can produce, by name.
    static let allOperatorNames = Set(
        UnaryOperator.Kind.allCases.map(\.rawValue) + BinaryOperator.allCases.map { "\($0)" })

    /// What the reference model says a subscriber at time zero sees; throws `AmbiguousOrder` when
    /// that depends on the order of independent events due at the same instant.
    func expected() throws -> Timeline {
        let leftSignal = ReferenceModel.apply(leftChain, to: left.timeline(subscribedAt:))
        guard let binary else { return try ReferenceModel.apply(chain, to: leftSignal)(0) }
        let rightSignal = ReferenceModel.apply(rightChain, to: right.timeline(subscribedAt:))
        return try ReferenceModel.apply(chain, to: ReferenceModel.apply(binary, leftSignal, rightSignal))(0)
    }

    /// Whether the framework disagrees with the model (never for a case the model cannot decide).
    func fails() throws -> Bool {
        let expected: Timeline
        do {
            expected = try self.expected()
        } catch is AmbiguousOrder {
            return false
        }
        let (timeline, breaches) = try actual()
        return timeline != expected || !breaches.isEmpty
    }
}

extension UnaryOperator {
    /// The operators by name, without their parameters.
    enum Kind: String, CaseIterable {
        case map, filter, take, skip, scan, delay, throttle, buffer, flattenMap, switchToLatest, retry
    }

    var kind: Kind {
        switch self {
        case .map: .map
        case .filter: .filter
        case .take: .take
        case .skip: .skip
        case .scan: .scan
        case .delay: .delay
        case .throttle: .throttle
        case .buffer: .buffer
        case .flattenMap: .flattenMap
        case .switchToLatest: .switchToLatest
        case .retry: .retry
        }
    }
}
