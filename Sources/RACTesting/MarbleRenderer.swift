import RACCore

/// Writes recorded events and subscriptions back as marbles, for failure messages.
enum MarbleRenderer {
    /// The marble token for a value name: the character itself, or the name in braces.
    static func token(forName name: String) -> String {
        if name.count == 1, let character = name.first, character.isLetter || character.isNumber {
            return name
        }
        return "{\(name)}"
    }

    /// The marble token of `event`.
    static func token<Value, Failure>(for event: Event<Value, Failure>, name: (Value) -> String) -> String {
        switch event {
        case .next(let value): return token(forName: name(value))
        case .completed: return "|"
        case .error: return "#"
        }
    }

    /// The tokens of each frame that has events, by frame.
    static func cells<Value, Failure>(
        of events: [Recorded<Event<Value, Failure>>], on scheduler: TestScheduler, name: (Value) -> String
    ) -> [Int: [String]] {
        var cells: [Int: [String]] = [:]
        for recorded in events {
            cells[scheduler.position(of: recorded.time).frame, default: []].append(
                token(for: recorded.value, name: name))
        }
        return cells
    }

    /// One frame as written: `-` for none, the token for one, a group for several.
    static func text(ofCell tokens: [String]?) -> String {
        guard let tokens, !tokens.isEmpty else { return "-" }
        return tokens.count == 1 ? tokens[0] : "(\(tokens.joined()))"
    }

    /// A subscription as a marble in frames from time zero: `--^--!`, `-(^!)`, `^`.
    static func subscriptionMarble(_ subscription: RecordedSubscription, on scheduler: TestScheduler)
        -> String
    {
        let start = scheduler.position(of: subscription.subscribed).frame
        let lead = String(repeating: "-", count: start)
        guard let disposed = subscription.disposed else { return lead + "^" }
        let end = scheduler.position(of: disposed).frame
        if end <= start { return lead + "(^!)" }
        return lead + "^" + String(repeating: "-", count: end - start - 1) + "!"
    }

    /// `frame 3`, or `frame 3 + 0.0005 seconds` for a time inside a frame.
    static func frameLabel(of time: Duration, on scheduler: TestScheduler) -> String {
        let (frame, offset) = scheduler.position(of: time)
        return offset == .zero ? "frame \(frame)" : "frame \(frame) + \(offset)"
    }
}
