import RACCore

/// A marble diagram as data: one labelled timeline per signal, in frames, ready to be drawn as
/// SVG (`svg()`, see `MarbleDiagram+SVG.swift`).
///
/// RAC: none (RxMarbles' and the ReactiveX documentation's pictures, made here from recorded
/// events). Build timelines from what a test recorded (`Timeline(_:events:on:)` from a
/// `TestRecorder`'s events, `Timeline(_:subscriptions:on:)` from a `TestSignal`'s subscriptions),
/// or the picture of a failed expectation with `expectation(expected:actual:on:name:)`.
///
/// ```
/// source  ──a───b───|──▶        Timeline("source", events: recorder.events, on: scheduler)
/// map     ──A───B───|──▶
/// ```
public struct MarbleDiagram: Sendable, Equatable {
    /// What a mark on a timeline shows. RAC: none.
    ///
    /// ```
    /// (a)  next      X  error      |  completed
    /// ```
    public enum Kind: Sendable, Equatable {
        /// A value: a circle with its text.
        case next
        /// An error: a cross, its text below.
        case error
        /// Completion: a vertical bar.
        case completed
    }

    /// One event drawn on a timeline. RAC: none.
    ///
    /// ```
    /// Mark(.next, frame: 2, text: "a")   ──(a)──
    /// ```
    public struct Mark: Sendable, Equatable {
        /// What it shows.
        public var kind: Kind
        /// The frame it happened at.
        public var frame: Int
        /// The value's (or error's) text; empty for completion.
        public var text: String

        /// A mark of `kind` at `frame`, showing `text`.
        ///
        /// ```
        /// Mark(.completed, frame: 3)   ───|
        /// ```
        public init(_ kind: Kind, frame: Int, text: String = "") {
            self.kind = kind
            self.frame = frame
            self.text = text
        }
    }

    /// A subscription's span: from the frame of `^` to that of `!` (`nil`: still active).
    /// RAC: none.
    ///
    /// ```
    /// ^---!   Span(from: 0, to: 4)
    /// ```
    public struct Span: Sendable, Equatable {
        /// The frame it began at (`^`).
        public var from: Int
        /// The frame it ended at (`!`), or `nil` if it was still active.
        public var to: Int?

        /// A span from `from` to `to`.
        ///
        /// ```
        /// Span(from: 2, to: nil)   --^------▶
        /// ```
        public init(from: Int, to: Int?) {
            self.from = from
            self.to = to
        }
    }

    /// One signal's line: a label, its events and, for a test signal, its subscriptions.
    /// RAC: none.
    ///
    /// ```
    /// label ──a──b──|──▶
    ///       ^-------!
    /// ```
    public struct Timeline: Sendable, Equatable {
        /// The text left of the line (clipped when drawn if long).
        public var label: String
        /// The events, in order; several at one frame are drawn side by side.
        public var marks: [Mark]
        /// The subscriptions drawn under the line.
        public var spans: [Span]

        /// A timeline called `label` with `marks` and `spans`.
        ///
        /// ```
        /// Timeline("s", marks: [Mark(.next, frame: 1, text: "a")])   s ─(a)──▶
        /// ```
        public init(_ label: String, marks: [Mark], spans: [Span] = []) {
            self.label = label
            self.marks = marks
            self.spans = spans
        }
    }

    /// The timelines, top to bottom.
    public var timelines: [Timeline]
    /// A frame to mark across every timeline (the first frame where an expectation failed).
    public var highlightedFrame: Int?

    /// A diagram of `timelines`, with `highlightedFrame` marked if given.
    ///
    /// ```
    /// MarbleDiagram([expected, actual], highlightedFrame: 3)
    /// ```
    public init(_ timelines: [Timeline], highlightedFrame: Int? = nil) {
        self.timelines = timelines
        self.highlightedFrame = highlightedFrame
    }

    /// The last frame any timeline draws something at (0 for an empty diagram).
    var lastFrame: Int {
        let frames = timelines.flatMap { timeline in
            timeline.marks.map(\.frame) + timeline.spans.flatMap { [$0.from, $0.to ?? $0.from] }
        }
        return max(frames.max() ?? 0, highlightedFrame ?? 0)
    }
}

extension MarbleDiagram.Timeline {
    /// The timeline of recorded events, each at the frame of `scheduler` it happened in; values
    /// show `name(value)` (their description by default), errors their description.
    ///
    /// ```
    /// recorder.events of "-a-|"   ->   Timeline("source", marks: [next a @1, completed @3])
    /// ```
    public init<Value, Failure>(
        _ label: String, events: [Recorded<Event<Value, Failure>>], on scheduler: TestScheduler,
        name: (Value) -> String = { String(describing: $0) }
    ) {
        let marks = events.map { recorded in
            let frame = scheduler.position(of: recorded.time).frame
            switch recorded.value {
            case .next(let value): return MarbleDiagram.Mark(.next, frame: frame, text: name(value))
            case .error(let error): return MarbleDiagram.Mark(.error, frame: frame, text: "\(error)")
            case .completed: return MarbleDiagram.Mark(.completed, frame: frame)
            }
        }
        self.init(label, marks: marks)
    }

    /// The timeline of a test signal's events (played as its marble) and its subscriptions.
    ///
    /// ```
    /// cold "-a-|" subscribed at 0   ->   ──a──|──▶  over  ^--!
    /// ```
    public init(
        _ label: String, events marks: [MarbleDiagram.Mark] = [], subscriptions: [RecordedSubscription],
        on scheduler: TestScheduler
    ) {
        let spans = subscriptions.map { subscription in
            MarbleDiagram.Span(
                from: scheduler.position(of: subscription.subscribed).frame,
                to: subscription.disposed.map { scheduler.position(of: $0).frame })
        }
        self.init(label, marks: marks, spans: spans)
    }
}

extension MarbleDiagram {
    /// The picture of an expectation: the expected timeline above the actual one, the first frame
    /// where they differ highlighted (none if they agree).
    ///
    /// ```
    /// expected  ──a──(b|)──▶
    /// actual    ──a──b──|──▶     frame 3 highlighted
    /// ```
    public static func expectation<Value, Failure>(
        expected: [Recorded<Event<Value, Failure>>], actual: [Recorded<Event<Value, Failure>>],
        on scheduler: TestScheduler, name: (Value) -> String = { String(describing: $0) }
    ) -> MarbleDiagram {
        let expectedLine = Timeline("expected", events: expected, on: scheduler, name: name)
        let actualLine = Timeline("actual", events: actual, on: scheduler, name: name)
        return MarbleDiagram(
            [expectedLine, actualLine],
            highlightedFrame: firstDifference(expectedLine.marks, actualLine.marks))
    }

    /// The picture of a subscription expectation: expected spans above the actual ones.
    ///
    /// ```
    /// expected  ^--!
    /// actual    ^----!     frame 3 highlighted
    /// ```
    public static func subscriptions(
        expected: [RecordedSubscription], actual: [RecordedSubscription], on scheduler: TestScheduler
    ) -> MarbleDiagram {
        let expectedLine = Timeline("expected", subscriptions: expected, on: scheduler)
        let actualLine = Timeline("actual", subscriptions: actual, on: scheduler)
        // The first subscription that differs, at the earlier of its differing ends.
        let pairs = (0..<max(expected.count, actual.count)).map { index in
            (
                index < expectedLine.spans.count ? expectedLine.spans[index] : nil,
                index < actualLine.spans.count ? actualLine.spans[index] : nil
            )
        }
        let frame = pairs.first { $0.0 != $0.1 }.map { left, right -> Int in
            guard let left, let right else { return (left ?? right)?.from ?? 0 }
            if left.from != right.from { return min(left.from, right.from) }
            return [left.to, right.to].compactMap { $0 }.min() ?? left.from
        }
        return MarbleDiagram([expectedLine, actualLine], highlightedFrame: frame)
    }

    /// The first frame at which the two lists of marks differ, or `nil`.
    static func firstDifference(_ left: [Mark], _ right: [Mark]) -> Int? {
        let frames = Set(left.map(\.frame)).union(right.map(\.frame)).sorted()
        return frames.first { frame in
            left.filter { $0.frame == frame } != right.filter { $0.frame == frame }
        }
    }
}
