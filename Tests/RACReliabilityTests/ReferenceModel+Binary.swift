/// The model of the operators with two inputs.
extension ReferenceModel {
    /// `left` and `right` subscribed together, except that `concat` subscribes `right` when `left`
    /// completes and `catch` when `left` fails.
    static func apply(_ op: BinaryOperator, _ left: @escaping ModelSignal, _ right: @escaping ModelSignal)
        -> ModelSignal
    {
        { start in
            let leftLine = grammatical(try left(start))
            func both() throws -> [Side] { try interleave(leftLine, grammatical(try right(start))) }
            switch op {
            case .concat: return try switchOnEnd(leftLine, at: .completed, to: right)
            case .catch: return try switchOnEnd(leftLine, at: .error, to: right)
            case .merge: return grammatical(merge(try both()))
            case .zip: return grammatical(zip(try both()))
            case .combineLatest: return grammatical(combineLatest(try both()))
            case .takeUntil: return grammatical(takeUntil(try both()))
            }
        }
    }

    /// An event and the input it came from.
    typealias Side = (isLeft: Bool, item: Timed)

    /// `input` until its terminal event `end`, then `next` subscribed at that instant.
    private static func switchOnEnd(_ input: Timeline, at end: ModelEvent, to next: ModelSignal) throws
        -> Timeline
    {
        guard let last = input.last, last.event == end else { return input }
        return grammatical(input.dropLast() + (try next(last.time)))
    }

    /// `left` and `right` as both are delivered, by time. The generator keeps the two apart (left
    /// sources send on even frames, right sources on odd ones, and each time operator has its own
    /// sub-frame offset); an event of each at the same instant would be delivered in an unspecified
    /// order.
    private static func interleave(_ left: Timeline, _ right: Timeline) throws -> [Side] {
        var merged: [Side] = []
        var leftIndex = 0
        var rightIndex = 0
        while leftIndex < left.count || rightIndex < right.count {
            if leftIndex < left.count, rightIndex < right.count,
                left[leftIndex].time == right[rightIndex].time
            {
                throw AmbiguousOrder(
                    reason: "left \(left[leftIndex]) and right \(right[rightIndex]) at the same instant")
            }
            let takeLeft =
                rightIndex == right.count
                || (leftIndex < left.count && left[leftIndex].time < right[rightIndex].time)
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

    private static func merge(_ both: [Side]) -> Timeline {
        var output: Timeline = []
        var completed = 0
        for (_, item) in both {
            if item.event == .completed {
                completed += 1
                if completed == 2 { output.append(item) }
            } else {
                output.append(item)
            }
        }
        return output
    }

    private static func zip(_ both: [Side]) -> Timeline {
        var output: Timeline = []
        var queues: [[Int]] = [[], []]
        var done = [false, false]
        for (isLeft, item) in both {
            let side = isLeft ? 0 : 1
            switch item.event {
            case .error:
                output.append(item)
                return output
            case .next(let value):
                queues[side].append(value)
                if !queues[0].isEmpty && !queues[1].isEmpty {
                    let pair = queues[0].removeFirst() * 100 + queues[1].removeFirst()
                    output.append(Timed(time: item.time, event: .next(pair)))
                }
            case .completed:
                done[side] = true
            }
            if (done[0] && queues[0].isEmpty) || (done[1] && queues[1].isEmpty) {
                output.append(Timed(time: item.time, event: .completed))
                return output
            }
        }
        return output
    }

    private static func combineLatest(_ both: [Side]) -> Timeline {
        var output: Timeline = []
        var latest: [Int?] = [nil, nil]
        var completed = 0
        for (isLeft, item) in both {
            switch item.event {
            case .error:
                output.append(item)
            case .next(let value):
                latest[isLeft ? 0 : 1] = value
                if let first = latest[0], let second = latest[1] {
                    output.append(Timed(time: item.time, event: .next(first * 100 + second)))
                }
            case .completed:
                completed += 1
                if completed == 2 { output.append(item) }
            }
            if output.last?.event.isTerminal == true { break }
        }
        return output
    }

    /// The trigger's value or completion completes the result; its error is ignored.
    private static func takeUntil(_ both: [Side]) -> Timeline {
        var output: Timeline = []
        for (isLeft, item) in both {
            if isLeft {
                output.append(item)
            } else if item.event != .error {
                output.append(Timed(time: item.time, event: .completed))
            }
            if output.last?.event.isTerminal == true { break }
        }
        return output
    }
}
