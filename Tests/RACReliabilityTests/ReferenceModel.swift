/// A plain, list-based model of operator semantics over virtual time, to check the framework
/// against. A timeline is a list of events with their frames, in delivery order; every function
/// here reads a whole timeline and returns a whole timeline, with no scheduler and no state
/// beyond local variables.

/// The error the generated sources send.
struct ModelFailure: Error, Equatable, Sendable {}

enum ModelEvent: Equatable, Sendable, CustomStringConvertible {
    case next(Int)
    case error
    case completed

    var isTerminal: Bool { self == .error || self == .completed }

    var description: String {
        switch self {
        case .next(let value): "next(\(value))"
        case .error: "error"
        case .completed: "completed"
        }
    }
}

struct Timed: Equatable, Sendable, CustomStringConvertible {
    let frame: Int
    let event: ModelEvent

    var description: String { "\(frame):\(event)" }
}

typealias Timeline = [Timed]

/// Operators with one input.
enum UnaryOperator: Equatable, Sendable, CustomStringConvertible {
    case map(Int)
    case filter(Int)
    case take(Int)
    case skip(Int)
    case scan

    var description: String {
        switch self {
        case .map(let offset): ".map { $0 + \(offset) }"
        case .filter(let modulus): ".filter { $0 % \(modulus) != 0 }"
        case .take(let count): ".take(\(count))"
        case .skip(let count): ".skip(\(count))"
        case .scan: ".scan(0, +)"
        }
    }
}

/// Operators with two inputs; pairs are combined into one value as `left * 100 + right`.
enum BinaryOperator: CaseIterable, Equatable, Sendable {
    case merge, concat, zip, combineLatest, takeUntil

    func describe(_ left: String, _ right: String) -> String {
        switch self {
        case .merge: "\(left).merge(\(right))"
        case .concat: "\(left).concat(\(right))"
        case .zip: "\(left).zip(with: \(right)).map { $0 * 100 + $1 }"
        case .combineLatest: "\(left).combineLatest(with: \(right)).map { $0 * 100 + $1 }"
        case .takeUntil: "\(left).take(until: \(right))"
        }
    }
}

enum ReferenceModel {
    /// The timeline cut after its first terminal event.
    static func grammatical(_ timeline: Timeline) -> Timeline {
        guard let end = timeline.firstIndex(where: { $0.event.isTerminal }) else { return timeline }
        return Array(timeline[...end])
    }

    static func apply(_ op: UnaryOperator, to input: Timeline) -> Timeline {
        var output: Timeline = []
        switch op {
        case .map(let offset):
            for item in input {
                if case .next(let value) = item.event {
                    output.append(Timed(frame: item.frame, event: .next(value + offset)))
                } else {
                    output.append(item)
                }
            }
        case .filter(let modulus):
            output = input.filter { item in
                if case .next(let value) = item.event { return value % modulus != 0 }
                return true
            }
        case .take(let count):
            var taken = 0
            for item in input {
                output.append(item)
                if case .next = item.event {
                    taken += 1
                    if taken == count {
                        output.append(Timed(frame: item.frame, event: .completed))
                        break
                    }
                }
            }
        case .skip(let count):
            var seen = 0
            for item in input {
                if case .next = item.event, seen < count {
                    seen += 1
                    continue
                }
                output.append(item)
            }
        case .scan:
            var sum = 0
            for item in input {
                if case .next(let value) = item.event {
                    sum += value
                    output.append(Timed(frame: item.frame, event: .next(sum)))
                } else {
                    output.append(item)
                }
            }
        }
        return grammatical(output)
    }

    static func apply(_ ops: [UnaryOperator], to input: Timeline) -> Timeline {
        ops.reduce(grammatical(input)) { apply($1, to: $0) }
    }

    /// `left` and `right` as both are delivered, by frame; within a frame `right` (subscribed
    /// first where that matters) is not expected: the generator keeps the two on different frames.
    private static func interleave(_ left: Timeline, _ right: Timeline) -> [(isLeft: Bool, item: Timed)] {
        var merged: [(isLeft: Bool, item: Timed)] = []
        var leftIndex = 0
        var rightIndex = 0
        while leftIndex < left.count || rightIndex < right.count {
            let takeLeft =
                rightIndex == right.count
                || (leftIndex < left.count && left[leftIndex].frame <= right[rightIndex].frame)
            if takeLeft {
                merged.append((true, left[leftIndex]))
                leftIndex += 1
            } else {
                merged.append((false, right[rightIndex]))
                rightIndex += 1
            }
        }
        return merged
    }

    /// `left` and `right` subscribed at frame 0, except `concat`'s right, given by `rightAt`
    /// (its timeline when subscribed at a frame).
    static func apply(
        _ op: BinaryOperator, _ left: Timeline, _ right: Timeline, rightAt: (Int) -> Timeline
    ) -> Timeline {
        var output: Timeline = []
        switch op {
        case .concat:
            for item in left {
                if item.event == .completed { return grammatical(output + rightAt(item.frame)) }
                output.append(item)
            }
        case .merge:
            var completed = 0
            for (_, item) in interleave(left, right) {
                if item.event == .completed {
                    completed += 1
                    if completed == 2 { output.append(item) }
                } else {
                    output.append(item)
                }
            }
        case .zip:
            var queues: [[Int]] = [[], []]
            var done = [false, false]
            loop: for (isLeft, item) in interleave(left, right) {
                let side = isLeft ? 0 : 1
                switch item.event {
                case .error:
                    output.append(item)
                    break loop
                case .next(let value):
                    queues[side].append(value)
                    if !queues[0].isEmpty && !queues[1].isEmpty {
                        let pair = queues[0].removeFirst() * 100 + queues[1].removeFirst()
                        output.append(Timed(frame: item.frame, event: .next(pair)))
                    }
                case .completed:
                    done[side] = true
                }
                if (done[0] && queues[0].isEmpty) || (done[1] && queues[1].isEmpty) {
                    output.append(Timed(frame: item.frame, event: .completed))
                    break loop
                }
            }
        case .combineLatest:
            var latest: [Int?] = [nil, nil]
            var completed = 0
            for (isLeft, item) in interleave(left, right) {
                switch item.event {
                case .error:
                    output.append(item)
                case .next(let value):
                    latest[isLeft ? 0 : 1] = value
                    if let first = latest[0], let second = latest[1] {
                        output.append(Timed(frame: item.frame, event: .next(first * 100 + second)))
                    }
                case .completed:
                    completed += 1
                    if completed == 2 { output.append(item) }
                }
                if output.last?.event.isTerminal == true { break }
            }
        case .takeUntil:
            for (isLeft, item) in interleave(left, right) {
                if isLeft {
                    output.append(item)
                } else if item.event != .error {
                    output.append(Timed(frame: item.frame, event: .completed))
                }
                if output.last?.event.isTerminal == true { break }
            }
        }
        return grammatical(output)
    }
}
