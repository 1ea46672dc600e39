/// Shrinking a failing case.
extension DifferentialCase {
    /// Smaller cases: one operator fewer or simpler, one source event fewer, or a source cut short.
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
                for simpler in self[keyPath: path][index].reductions {
                    copy = self
                    copy[keyPath: path][index] = simpler
                    smaller.append(copy)
                }
            }
        }
        for path in [\DifferentialCase.left, \.right] {
            for frames in Self.reductions(of: self[keyPath: path].frames) {
                var copy = self
                copy[keyPath: path].frames = frames
                smaller.append(copy)
            }
        }
        return smaller
    }

    /// `frames` with one event blanked, or without its last frame.
    static func reductions(of frames: [ModelEvent?]) -> [[ModelEvent?]] {
        var smaller: [[ModelEvent?]] = []
        for index in frames.indices where frames[index] != nil {
            var copy = frames
            copy[index] = nil
            smaller.append(copy)
        }
        if frames.count > 1 { smaller.append(Array(frames.dropLast())) }
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

extension UnaryOperator {
    /// The same operator with a smaller parameter: a shorter interval or inner signal, fewer retries.
    var reductions: [UnaryOperator] {
        func shorter(_ interval: Interval, _ make: (Interval) -> UnaryOperator) -> [UnaryOperator] {
            interval.frames == 0 ? [] : [make(Interval(frames: interval.frames - 1, offset: interval.offset))]
        }
        func smaller(_ inner: InnerSpec, _ make: (InnerSpec) -> UnaryOperator) -> [UnaryOperator] {
            DifferentialCase.reductions(of: inner.frames).map {
                make(InnerSpec(frames: $0, offset: inner.offset))
            }
        }
        switch self {
        case .map, .filter, .take, .skip, .scan: return []
        case .delay(let interval): return shorter(interval, UnaryOperator.delay)
        case .throttle(let interval): return shorter(interval, UnaryOperator.throttle)
        case .buffer(let interval): return shorter(interval, UnaryOperator.buffer)
        case .flattenMap(let inner): return smaller(inner, UnaryOperator.flattenMap)
        case .switchToLatest(let inner): return smaller(inner, UnaryOperator.switchToLatest)
        case .retry(let count): return count > 1 ? [.retry(count - 1)] : []
        }
    }
}
