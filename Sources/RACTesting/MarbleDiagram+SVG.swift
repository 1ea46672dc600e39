extension MarbleDiagram {
    /// The diagram as a standalone SVG 1.1 document: one horizontal line per timeline with its
    /// label, ticks per frame (numbered every five), a circle with the value's text for each
    /// `next` (a pill as wide as the text when it does not fit in a circle), a cross for an
    /// error, a bar for completion, events of one frame side by side, and subscription spans
    /// (`^` to `!`) under the line. No script, font file or link; an opaque background and dark
    /// strokes keep it readable in light and dark viewers. Deterministic: the same diagram gives
    /// the same bytes. Texts longer than 12 characters (48 for a label) are clipped (the whole
    /// text is the mark's tooltip) and every text is escaped. RAC: none.
    ///
    /// ```
    /// source  ─(a)──(b)──|──▶
    ///         ^----------!
    /// ```
    public func svg() -> String {
        SVGLayout(self).document()
    }
}

/// Where everything of a `MarbleDiagram` goes, in whole pixels.
///
/// Texts are measured with `SVGText.width(of:fontSize:)`, an estimate that errs wide: a value
/// that does not fit in a circle gets a pill as wide as its text, each frame is as wide as the
/// widest group of marks any frame holds (so marks of one frame stand side by side and never
/// reach the next frame's), and the label column is as wide as the widest label.
struct SVGLayout {
    let diagram: MarbleDiagram
    /// The width of one frame: wide enough for the widest group of marks any frame holds.
    let frameWidth: Int
    /// How many frames the axis shows.
    let frameCount: Int
    /// The width of the label column.
    let labelWidth: Int

    static let margin = 16
    static let minimumLabelWidth = 120
    static let rowHeight = 64
    static let spanHeight = 16
    static let markRadius = 13
    /// The space between two marks of one frame.
    static let markGap = 4
    static let valueFontSize = 11
    static let labelFontSize = 13
    /// The most characters of a value drawn in its mark, of a label, of an error's text.
    static let valueLength = 12
    static let labelLength = 48
    static let errorLength = 12

    init(_ diagram: MarbleDiagram) {
        self.diagram = diagram
        let groups = diagram.timelines.flatMap { timeline in
            Dictionary(grouping: timeline.marks, by: \.frame).values.map(Self.groupWidth(of:))
        }
        frameWidth = max(32, (groups.max() ?? 2 * Self.markRadius) + 2 * Self.markGap)
        frameCount = diagram.lastFrame + 2
        let labels = diagram.timelines.map {
            SVGText.width(of: SVGText.clipped($0.label, to: Self.labelLength), fontSize: Self.labelFontSize)
        }
        labelWidth = max(Self.minimumLabelWidth, (labels.max() ?? 0) + Self.margin)
    }

    /// The text a value's mark shows.
    static func valueText(of mark: MarbleDiagram.Mark) -> String {
        SVGText.clipped(mark.text, to: valueLength)
    }

    /// The width of a mark: a circle, or for a value whose text does not fit in one, a pill
    /// (an even number of pixels, so that marks stay on whole pixels).
    static func width(of mark: MarbleDiagram.Mark) -> Int {
        guard mark.kind == .next else { return 2 * markRadius }
        let text = SVGText.width(of: valueText(of: mark), fontSize: valueFontSize)
        if text <= 2 * markRadius - 6 { return 2 * markRadius }
        return text + 12 + text % 2
    }

    /// The width of the marks of one frame side by side.
    static func groupWidth(of marks: [MarbleDiagram.Mark]) -> Int {
        marks.map(width(of:)).reduce(0, +) + max(0, marks.count - 1) * markGap
    }

    var axisStart: Int { Self.margin + labelWidth }
    var axisEnd: Int { axisStart + frameCount * frameWidth }
    var width: Int { axisEnd + 12 + Self.margin }

    /// The height of one timeline's row (more with subscription spans).
    func height(of timeline: MarbleDiagram.Timeline) -> Int {
        Self.rowHeight + timeline.spans.count * Self.spanHeight
    }

    var height: Int {
        diagram.timelines.map(height(of:)).reduce(2 * Self.margin, +)
    }

    /// The x of the middle of `frame`'s start (frame 0 at the axis start).
    func x(ofFrame frame: Int) -> Int {
        axisStart + frame * frameWidth + frameWidth / 2
    }

    func document() -> String {
        var svg = SVGWriter(width: width, height: height)
        svg.rect(x: 0, y: 0, width: width, height: height, fill: "#ffffff", rounded: 6)
        if let frame = diagram.highlightedFrame {
            svg.rect(
                x: x(ofFrame: frame) - frameWidth / 2, y: Self.margin / 2, width: frameWidth,
                height: height - Self.margin, fill: "#f6c9c4", rounded: 3)
        }
        var top = Self.margin
        for timeline in diagram.timelines {
            draw(timeline, at: top + 28, into: &svg)
            top += height(of: timeline)
        }
        return svg.finished()
    }

    /// Draws one timeline whose axis is at `y`.
    private func draw(_ timeline: MarbleDiagram.Timeline, at y: Int, into svg: inout SVGWriter) {
        svg.text(
            SVGText.clipped(timeline.label, to: Self.labelLength), x: Self.margin, y: y + 4,
            size: Self.labelFontSize, anchor: "start", fill: "#222222", title: timeline.label)
        svg.line(x1: axisStart, y1: y, x2: axisEnd, y2: y, stroke: "#444444", width: 2)
        svg.polygon([(axisEnd + 10, y), (axisEnd, y - 5), (axisEnd, y + 5)], fill: "#444444")
        for frame in 0..<frameCount {
            let tick = x(ofFrame: frame)
            svg.line(x1: tick, y1: y - 3, x2: tick, y2: y + 3, stroke: "#444444", width: 1)
            if frame % 5 == 0 {
                svg.text("\(frame)", x: tick, y: y + 26, size: 9, anchor: "middle", fill: "#555555")
            }
        }
        for (frame, marks) in Dictionary(grouping: timeline.marks, by: \.frame).sorted(by: { $0.key < $1.key }
        ) {
            // Left to right in the order they happened, the group centred on the frame.
            var left = x(ofFrame: frame) - Self.groupWidth(of: marks) / 2
            for mark in marks {
                let width = Self.width(of: mark)
                draw(mark, x: left + width / 2, y: y, into: &svg)
                left += width + Self.markGap
            }
        }
        for (index, span) in timeline.spans.enumerated() {
            draw(span, at: y + 36 + index * Self.spanHeight, into: &svg)
        }
    }

    private func draw(_ mark: MarbleDiagram.Mark, x: Int, y: Int, into svg: inout SVGWriter) {
        let radius = Self.markRadius
        switch mark.kind {
        case .next:
            let width = Self.width(of: mark)
            if width == 2 * radius {
                svg.circle(cx: x, cy: y, r: radius, fill: "#ffd54f", stroke: "#222222", title: mark.text)
            } else {
                svg.pill(
                    x: x - width / 2, y: y - radius, width: width, height: 2 * radius, fill: "#ffd54f",
                    stroke: "#222222", title: mark.text)
            }
            svg.text(
                Self.valueText(of: mark), x: x, y: y + 4, size: Self.valueFontSize, anchor: "middle",
                fill: "#111111")
        case .completed:
            svg.line(
                x1: x, y1: y - radius, x2: x, y2: y + radius, stroke: "#222222", width: 3, title: "completed")
        case .error:
            let arm = radius - 4
            svg.line(x1: x - arm, y1: y - arm, x2: x + arm, y2: y + arm, stroke: "#c62828", width: 3)
            svg.line(
                x1: x - arm, y1: y + arm, x2: x + arm, y2: y - arm, stroke: "#c62828", width: 3,
                title: "error: \(mark.text)")
            svg.text(
                SVGText.clipped(mark.text, to: Self.errorLength), x: x, y: y - radius - 4, size: 9,
                anchor: "middle", fill: "#c62828")
        }
    }

    /// Draws a subscription span at `y`: a bar from `^` to `!` (to the arrow if still active).
    private func draw(_ span: MarbleDiagram.Span, at y: Int, into svg: inout SVGWriter) {
        let start = x(ofFrame: span.from)
        let end = span.to.map { x(ofFrame: $0) } ?? axisEnd
        svg.line(x1: start, y1: y, x2: end, y2: y, stroke: "#1e63b8", width: 2)
        // A subscription disposed in the frame it began in: `^` and `!` side by side, as `(^!)`.
        let together = span.to.map { $0 <= span.from } ?? false
        let shift = together ? 4 : 0
        svg.text("^", x: start - shift, y: y + 5, size: 11, anchor: "middle", fill: "#1e63b8")
        if span.to != nil {
            svg.text("!", x: end + shift, y: y + 5, size: 11, anchor: "middle", fill: "#1e63b8")
        }
    }
}
