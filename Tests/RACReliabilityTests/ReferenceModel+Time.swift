/// The model of the time operators. Each one's timer is due at a sub-frame offset of its own, so a
/// timer and an event of the input are almost never due together; when they are, which comes first
/// is unspecified and the model throws `AmbiguousOrder`.
extension ReferenceModel {
    /// RAC `-delay:`: each value and the completion `interval` later, in their order; an error at
    /// once, dropping whatever is still waiting.
    static func delay(_ interval: Int, _ input: Timeline) throws -> Timeline {
        var output: Timeline = []
        for item in input {
            let due = item.time + interval
            if item.event == .error {
                if let late = output.first(where: { $0.time == item.time }) {
                    throw AmbiguousOrder(reason: "delay: \(late) due with the error \(item)")
                }
                return output.filter { $0.time < item.time } + [item]
            }
            output.append(Timed(time: due, event: item.event))
        }
        return output
    }

    /// RAC `-throttle:`: a value is held; it is sent `interval` after it arrived unless a newer one
    /// arrives first (which replaces it). Completion sends the held value at once, then completes;
    /// an error drops it.
    static func throttle(_ interval: Int, _ input: Timeline) throws -> Timeline {
        var output: Timeline = []
        var held: Timed?
        for item in input {
            if let waiting = held {
                let due = waiting.time + interval
                if due == item.time {
                    throw AmbiguousOrder(reason: "throttle: the timer of \(waiting) is due with \(item)")
                }
                if due < item.time {
                    output.append(Timed(time: due, event: waiting.event))
                    held = nil
                }
            }
            switch item.event {
            case .next:
                held = item
            case .completed:
                if let waiting = held { output.append(Timed(time: item.time, event: waiting.event)) }
                return output + [item]
            case .error:
                return output + [item]
            }
        }
        if let waiting = held { output.append(Timed(time: waiting.time + interval, event: waiting.event)) }
        return output
    }

    /// RAC `-bufferWithTime:`: the first value of a batch starts a timer; when it fires, the batch
    /// is sent as one value (`batchValue` of it). Completion sends the pending batch at once, then
    /// completes; an error drops it. Empty batches are never sent.
    static func buffer(_ interval: Int, _ input: Timeline, batchValue: ([Int]) -> Int) throws -> Timeline {
        var output: Timeline = []
        var batch: [Int] = []
        var due = 0
        for item in input {
            if !batch.isEmpty {
                if due == item.time {
                    throw AmbiguousOrder(reason: "buffer: the timer of \(batch) is due with \(item)")
                }
                if due < item.time {
                    output.append(Timed(time: due, event: .next(batchValue(batch))))
                    batch = []
                }
            }
            switch item.event {
            case .next(let value):
                if batch.isEmpty { due = item.time + interval }
                batch.append(value)
            case .completed:
                if !batch.isEmpty { output.append(Timed(time: item.time, event: .next(batchValue(batch)))) }
                return output + [item]
            case .error:
                return output + [item]
            }
        }
        if !batch.isEmpty { output.append(Timed(time: due, event: .next(batchValue(batch)))) }
        return output
    }
}
