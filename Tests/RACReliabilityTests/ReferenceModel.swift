/// A plain, list-based model of operator semantics over virtual time, to check the framework
/// against. A timeline is a list of events with their times, in delivery order; a model signal is
/// a function from the time of a subscription to the timeline that subscription sees. Every
/// function here reads whole timelines and returns whole timelines, with no scheduler and no
/// state beyond local variables.
///
/// Time is counted in ticks, a thousand to a marble frame. Sources send on whole frames; the timers
/// of a time operator and the events of a higher-order operator's inner signals are due at a
/// sub-frame offset of that operator's own (a distinct power of two ticks), so that independent
/// events are almost never due at the same instant. Where they are, the order is unspecified (RAC
/// runs on real clocks, where it is a race) and the model throws `AmbiguousOrder` rather than
/// guess; the test discards those cases. The one such order the model decides is between the inner
/// signals of one `flattenMap`, which virtual time runs in the order they were subscribed.

// Its own type, not `TestError`: the model throws it (no signal sends it) with the reason, and the
// differential tests catch exactly this type to discard the case.
/// Two independent events due at the same instant, where the result depends on their order.
struct AmbiguousOrder: Error, CustomStringConvertible {
    let reason: String

    var description: String { reason }
}

/// Virtual time in the model.
enum Ticks {
    /// One marble frame.
    static let perFrame = 1_000

    /// `time` as frames with the ticks as three decimals: `3005` is `3.005`.
    static func describe(_ time: Int) -> String {
        let (frame, tick) = time.quotientAndRemainder(dividingBy: perFrame)
        return tick == 0 ? "\(frame)" : "\(frame)." + String(String(perFrame + tick).dropFirst())
    }
}

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

    private static let names = ["a", "b", "c", "d", "e", "f", "g"]

    /// The marble of one event (or none) per frame; values 1…7 are the names `a`…`g`.
    static func marble<Frames: Sequence<ModelEvent?>>(_ frames: Frames) -> String {
        frames.map { event in
            switch event {
            case nil: "-"
            case .next(let value): names[value - 1]
            case .completed: "|"
            case .error: "#"
            }
        }.joined()
    }

    /// The values of the names in `marble(_:)`.
    static var marbleValues: [String: Int] {
        Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0 + 1) })
    }
}

struct Timed: Equatable, Sendable, CustomStringConvertible {
    /// Ticks since time zero.
    let time: Int
    let event: ModelEvent

    static func at(frame: Int, _ event: ModelEvent) -> Timed {
        Timed(time: frame * Ticks.perFrame, event: event)
    }

    var description: String { "\(Ticks.describe(time)):\(event)" }
}

typealias Timeline = [Timed]

/// The timeline a subscription made at the given time sees.
typealias ModelSignal = (Int) throws -> Timeline

/// A time span of whole frames plus a sub-frame offset in ticks.
struct Interval: Equatable, Sendable, CustomStringConvertible {
    let frames: Int
    let offset: Int

    var ticks: Int { frames * Ticks.perFrame + offset }

    var description: String { Ticks.describe(ticks) }
}

/// What a higher-order operator maps each value `v` to: a cold signal playing `frames`, one event
/// per frame, `offset` ticks after it is subscribed, sending `v * 10 + x` for each value `x`.
struct InnerSpec: Equatable, Sendable, CustomStringConvertible {
    var frames: [ModelEvent?]
    let offset: Int

    var description: String { "inner($0, \"\(ModelEvent.marble(frames))\", +\(Ticks.describe(offset)))" }

    func timeline(for value: Int, subscribedAt start: Int) -> Timeline {
        ReferenceModel.grammatical(
            frames.enumerated().compactMap { frame, event in
                event.map { event in
                    let time = start + frame * Ticks.perFrame + offset
                    if case .next(let x) = event { return Timed(time: time, event: .next(value * 10 + x)) }
                    return Timed(time: time, event: event)
                }
            })
    }
}

/// Operators with one input.
enum UnaryOperator: Equatable, Sendable, CustomStringConvertible {
    case map(Int)
    case filter(Int)
    case take(Int)
    case skip(Int)
    case scan
    case delay(Interval)
    case throttle(Interval)
    /// `buffer(for:on:)`, each batch sent on as `count * 1000 + sum`.
    case buffer(Interval)
    case flattenMap(InnerSpec)
    case switchToLatest(InnerSpec)
    case retry(Int)

    var description: String {
        switch self {
        case .map(let offset): ".map { $0 + \(offset) }"
        case .filter(let modulus): ".filter { $0 % \(modulus) != 0 }"
        case .take(let count): ".take(\(count))"
        case .skip(let count): ".skip(\(count))"
        case .scan: ".scan(0, +)"
        case .delay(let interval): ".delay(\(interval))"
        case .throttle(let interval): ".throttle(\(interval))"
        case .buffer(let interval):
            ".buffer(for: \(interval)).map { $0.count * 1000 + $0.reduce(0, +) }"
        case .flattenMap(let inner): ".flattenMap { \(inner) }"
        case .switchToLatest(let inner): ".map { \(inner) }.switchToLatest()"
        case .retry(let count): ".retry(\(count))"
        }
    }
}

/// Operators with two inputs; pairs are combined into one value as `left * 100 + right`.
enum BinaryOperator: CaseIterable, Equatable, Sendable {
    case merge, concat, zip, combineLatest, takeUntil, `catch`

    func describe(_ left: String, _ right: String) -> String {
        switch self {
        case .merge: "\(left).merge(\(right))"
        case .concat: "\(left).concat(\(right))"
        case .zip: "\(left).zip(with: \(right)).map { $0 * 100 + $1 }"
        case .combineLatest: "\(left).combineLatest(with: \(right)).map { $0 * 100 + $1 }"
        case .takeUntil: "\(left).take(until: \(right))"
        case .catch: "\(left).catch { _ in \(right) }"
        }
    }
}

enum ReferenceModel {
    /// The timeline cut after its first terminal event.
    static func grammatical(_ timeline: Timeline) -> Timeline {
        guard let end = timeline.firstIndex(where: { $0.event.isTerminal }) else { return timeline }
        return Array(timeline[...end])
    }

    static func apply(_ ops: [UnaryOperator], to source: @escaping ModelSignal) -> ModelSignal {
        ops.reduce(source) { apply($1, to: $0) }
    }

    static func apply(_ op: UnaryOperator, to upstream: @escaping ModelSignal) -> ModelSignal {
        /// An operator that only needs the timeline of the one upstream subscription it makes.
        func lift(_ body: @escaping (Timeline) throws -> Timeline) -> ModelSignal {
            { start in grammatical(try body(grammatical(try upstream(start)))) }
        }
        switch op {
        case .map(let offset): return lift { mapValues($0) { $0 + offset } }
        case .filter(let modulus): return lift { filter($0) { $0 % modulus != 0 } }
        case .take(let count): return lift { take(count, $0) }
        case .skip(let count): return lift { skip(count, $0) }
        case .scan: return lift { scan($0) }
        case .delay(let interval): return lift { try delay(interval.ticks, $0) }
        case .throttle(let interval): return lift { try throttle(interval.ticks, $0) }
        case .buffer(let interval):
            return lift { try buffer(interval.ticks, $0) { $0.count * 1000 + $0.reduce(0, +) } }
        case .flattenMap(let inner): return lift { try flattenMap($0, inner) }
        case .switchToLatest(let inner): return lift { try switchToLatest($0, inner) }
        case .retry(let count): return retry(count, upstream)
        }
    }

    static func mapValues(_ input: Timeline, _ transform: (Int) -> Int) -> Timeline {
        input.map { item in
            guard case .next(let value) = item.event else { return item }
            return Timed(time: item.time, event: .next(transform(value)))
        }
    }

    static func filter(_ input: Timeline, _ isIncluded: (Int) -> Bool) -> Timeline {
        input.filter { item in
            if case .next(let value) = item.event { return isIncluded(value) }
            return true
        }
    }

    /// Completes right after the `count`-th value, in the same instant.
    static func take(_ count: Int, _ input: Timeline) -> Timeline {
        var output: Timeline = []
        var taken = 0
        for item in input {
            output.append(item)
            if case .next = item.event {
                taken += 1
                if taken == count {
                    output.append(Timed(time: item.time, event: .completed))
                    break
                }
            }
        }
        return output
    }

    static func skip(_ count: Int, _ input: Timeline) -> Timeline {
        var output: Timeline = []
        var seen = 0
        for item in input {
            if case .next = item.event, seen < count {
                seen += 1
                continue
            }
            output.append(item)
        }
        return output
    }

    static func scan(_ input: Timeline) -> Timeline {
        var sum = 0
        return mapValues(input) { value in
            sum += value
            return sum
        }
    }
}
