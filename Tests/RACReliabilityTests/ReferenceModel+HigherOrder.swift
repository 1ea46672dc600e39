/// The model of the operators that subscribe to other signals as events arrive.
extension ReferenceModel {
    /// Where an event comes from: the outer signal (`nil`) or the inner signal of its n-th value.
    private typealias Sourced = (inner: Int?, item: Timed)

    /// The events of `outer` and of `inners` (the inner signal of each outer value, in order) in
    /// delivery order. An outer and an inner event at the same instant are unordered (the inners'
    /// sub-frame offset makes that rare). Inner events at the same instant come in the order the
    /// inners were subscribed: each inner schedules all its events when it is subscribed, and the
    /// scheduler runs actions due together in the order they were scheduled.
    private static func ordered(_ outer: Timeline, _ inners: [Timeline]) -> [Sourced] {
        var all: [Sourced] = outer.map { (nil, $0) }
        for (index, inner) in inners.enumerated() {
            all += inner.map { (index, $0) }
        }
        // By time; at one instant the outer events, then the inners' by index, each in its order.
        return all.enumerated().sorted { first, second in
            let (one, two) = (first.element, second.element)
            if one.item.time != two.item.time { return one.item.time < two.item.time }
            if (one.inner ?? -1) != (two.inner ?? -1) { return (one.inner ?? -1) < (two.inner ?? -1) }
            return first.offset < second.offset
        }.map(\.element)
    }

    /// Throws if the event at `index` and the next one are an outer and an inner event due together.
    private static func checkOrder(_ events: [Sourced], at index: Int) throws {
        guard index + 1 < events.count else { return }
        let (one, two) = (events[index], events[index + 1])
        if one.item.time == two.item.time, (one.inner == nil) != (two.inner == nil) {
            throw AmbiguousOrder(
                reason: "outer and inner events at the same instant: \(one.item), \(two.item)")
        }
    }

    /// The outer values up to its terminal event, with their times.
    private static func values(_ outer: Timeline) -> [(time: Int, value: Int)] {
        outer.compactMap { item in
            if case .next(let value) = item.event { return (item.time, value) }
            return nil
        }
    }

    /// RAC `-flattenMap:` (`RACStream.m -flattenMap:` on `RACSignal.m -bind:`): each value's inner
    /// signal is subscribed at once and their values merged; the result completes when the outer
    /// and every inner signal have completed; an error from any of them is forwarded at once and
    /// ends everything.
    static func flattenMap(_ outer: Timeline, _ inner: InnerSpec) throws -> Timeline {
        let inners = values(outer).map { inner.timeline(for: $0.value, subscribedAt: $0.time) }
        let events = ordered(outer, inners)
        var output: Timeline = []
        var running = Set<Int>()
        var outerDone = false
        var started = 0
        for (index, (source, item)) in events.enumerated() {
            try checkOrder(events, at: index)
            switch (source, item.event) {
            case (_, .error):
                return output + [item]
            case (nil, .next):
                running.insert(started)
                started += 1
            case (.some, .next):
                output.append(item)
            case (nil, .completed):
                outerDone = true
            case (.some(let number), .completed):
                running.remove(number)
            }
            if item.event == .completed && outerDone && running.isEmpty {
                return output + [item]
            }
        }
        return output
    }

    /// RAC `-switchToLatest` (`RACSignal+Operations.m -switchToLatest`): each outer value disposes
    /// the current inner signal and subscribes its own; completing the outer signal does not cut the
    /// current inner one, and the result completes when both have completed; errors from either are
    /// forwarded.
    static func switchToLatest(_ outer: Timeline, _ inner: InnerSpec) throws -> Timeline {
        let starts = values(outer)
        // Each inner signal is seen until the next outer value disposes it (an event due with that
        // value is kept, for `checkOrder` to see the tie).
        let inners = starts.indices.map { index in
            let seen = inner.timeline(for: starts[index].value, subscribedAt: starts[index].time)
            guard index + 1 < starts.count else { return seen }
            return seen.filter { $0.time <= starts[index + 1].time }
        }
        let events = ordered(outer, inners)
        var output: Timeline = []
        var innerActive = false
        var outerDone = false
        for (index, (source, item)) in events.enumerated() {
            try checkOrder(events, at: index)
            switch (source, item.event) {
            case (_, .error):
                return output + [item]
            case (nil, .next):
                innerActive = true
            case (.some, .next):
                output.append(item)
            case (nil, .completed):
                outerDone = true
            case (.some, .completed):
                innerActive = false
            }
            if item.event == .completed && outerDone && !innerActive {
                return output + [item]
            }
        }
        return output
    }

    /// RAC `-retry:`: on an error, resubscribes to the upstream at that instant, up to `count`
    /// times; the error after the last retry is forwarded. A cold source starts again; a hot one
    /// is seen from that instant on (and, if it has terminated, sends its end at once).
    static func retry(_ count: Int, _ upstream: @escaping ModelSignal) -> ModelSignal {
        { start in
            var output: Timeline = []
            var attemptStart = start
            var remaining = count
            while true {
                let attempt = grammatical(try upstream(attemptStart))
                guard let last = attempt.last, last.event == .error, remaining > 0 else {
                    return output + attempt
                }
                output += attempt.dropLast()
                attemptStart = last.time
                remaining -= 1
            }
        }
    }
}
