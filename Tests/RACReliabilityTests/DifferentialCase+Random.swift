/// Random cases.
extension DifferentialCase {
    static func random(using random: inout SeededGenerator) -> DifferentialCase {
        let binary: BinaryOperator? =
            Bool.random(using: &random) ? BinaryOperator.allCases.randomElement(using: &random) : nil
        // With two inputs, the left one sends on even frames and the right one on odd frames, so
        // that the order of events due in the same frame never depends on scheduling order.
        let left = source(parity: binary == nil ? nil : 0, hot: Bool.random(using: &random), &random)
        let right = source(parity: 1, hot: Bool.random(using: &random), &random)
        // Every operator of the case gets its own sub-frame offset, 2^n ticks for the n-th one (at
        // most 8 operators: 255 ticks in all, a quarter of a frame). The time and higher-order
        // operators use it, so that their timers and inner signals fall neither on whole frames
        // nor, but by rare coincidence, on each other's instants (the model declines those cases).
        var slot = 0
        let leftChain = binary == nil ? [] : chain(maximum: 2, slot: &slot, &random)
        let rightChain = binary == nil ? [] : chain(maximum: 2, slot: &slot, &random)
        return DifferentialCase(
            left: left, right: right, leftChain: leftChain, rightChain: rightChain,
            binary: binary, chain: chain(maximum: 4, slot: &slot, &random))
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

    private static func chain(maximum: Int, slot: inout Int, _ random: inout SeededGenerator)
        -> [UnaryOperator]
    {
        (0..<Int.random(in: 0...maximum, using: &random)).map { _ -> UnaryOperator in
            let offset = 1 << slot
            slot += 1
            return op(offset: offset, &random)
        }
    }

    private static func op(offset: Int, _ random: inout SeededGenerator) -> UnaryOperator {
        func interval(_ frames: ClosedRange<Int>) -> Interval {
            Interval(frames: Int.random(in: frames, using: &random), offset: offset)
        }
        return switch UnaryOperator.Kind.allCases.randomElement(using: &random)! {
        case .map: .map(Int.random(in: 1...9, using: &random))
        case .filter: .filter(Int.random(in: 2...3, using: &random))
        case .take: .take(Int.random(in: 1...4, using: &random))
        case .skip: .skip(Int.random(in: 1...3, using: &random))
        case .scan: .scan
        case .delay: .delay(interval(0...3))
        case .throttle: .throttle(interval(1...3))
        case .buffer: .buffer(interval(1...3))
        case .flattenMap: .flattenMap(inner(offset: offset, &random))
        case .switchToLatest: .switchToLatest(inner(offset: offset, &random))
        case .retry: .retry(Int.random(in: 1...3, using: &random))
        }
    }

    /// A short inner signal: one to four frames, mostly values, sometimes ending (rarely failing).
    private static func inner(offset: Int, _ random: inout SeededGenerator) -> InnerSpec {
        var frames: [ModelEvent?] = []
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let roll = Int.random(in: 0..<100, using: &random)
            if roll < 50 {
                frames.append(.next(Int.random(in: 1...7, using: &random)))
            } else if roll < 65 {
                frames.append(.completed)
                break
            } else if roll < 69 {
                frames.append(.error)
                break
            } else {
                frames.append(nil)
            }
        }
        return InnerSpec(frames: frames, offset: offset)
    }
}
