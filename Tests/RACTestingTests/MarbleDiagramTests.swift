import Foundation
import RACCore
import RACOperators
import RACTestSupport
import RACTesting
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Issue 20, items 1 and 4: SVG marble diagrams drawn from recorded events, compared with golden
/// files in Tests/Golden/MarbleDiagrams (regenerate with `RAC_UPDATE_GOLDEN=1 swift test --filter
/// MarbleDiagramTests`, then look at the pictures before committing them).
@Suite("MarbleDiagram: SVG pictures of recorded events", .checksRelease)
struct MarbleDiagramTests {
    let scheduler = TestScheduler(checksRelease: true)

    /// Checks `svg` against the golden file `name`.svg, or writes it when RAC_UPDATE_GOLDEN is set.
    func expectGolden(
        _ svg: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden/MarbleDiagrams/\(name).svg")
        if ProcessInfo.processInfo.environment["RAC_UPDATE_GOLDEN"] != nil {
            try svg.write(to: url, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(svg == golden, "\(name).svg differs from its golden file", sourceLocation: sourceLocation)
        #expect(parsesAsXML(svg), sourceLocation: sourceLocation)
    }

    /// Whether `svg` is well-formed XML whose root is an SVG 1.1 `svg` element with no script.
    func parsesAsXML(_ svg: String) -> Bool {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = ElementCollector()
        parser.delegate = collector
        return parser.parse() && collector.names.first == "svg" && !collector.names.contains("script")
            && collector.rootVersion == "1.1"
    }

    /// The events of `signal` (recorded until nothing is left to run) as a timeline.
    private func timeline<Value, Failure>(
        _ label: String, _ signal: Signal<Value, Failure>, disposeAt frame: Int? = nil
    ) -> (MarbleDiagram.Timeline, TestRecorder<Value, Failure>) {
        let recorder = scheduler.record(signal, disposeAt: frame)
        scheduler.run()
        return (MarbleDiagram.Timeline(label, events: recorder.events, on: scheduler), recorder)
    }

    @Test("map: the source above the mapped signal")
    func mapGolden() throws {
        let source = try scheduler.createColdSignal("-a-b-c-|", values: ["a": 1, "b": 2, "c": 3])
        let input = MarbleDiagram.Timeline(
            "source",
            marks: [
                .init(.next, frame: 1, text: "1"), .init(.next, frame: 3, text: "2"),
                .init(.next, frame: 5, text: "3"), .init(.completed, frame: 7),
            ])
        let (output, recorder) = timeline("map { $0 * 10 }", source.map { $0 * 10 })
        try expectGolden(MarbleDiagram([input, output]).svg(), "map")
        expectReleased(recorder, "the recorder")
    }

    @Test("merge: events of one frame are drawn side by side")
    func mergeGolden() throws {
        let left = try scheduler.createHotSignal("^-a---c-|")
        let right = try scheduler.createHotSignal("^-b-d-e-|")
        let (merged, recorder) = timeline("merge", Signal.merge([left, right]))
        let leftLine = MarbleDiagram.Timeline("left", subscriptions: left.subscriptions, on: scheduler)
        let diagram = MarbleDiagram([leftLine, merged])
        #expect(merged.marks.filter { $0.frame == 2 }.map(\.text) == ["a", "b"])
        try expectGolden(diagram.svg(), "merge")
        expectReleased(recorder, "the recorder")
    }

    @Test("an error: a cross with the error's text")
    func errorGolden() throws {
        let source = try scheduler.createColdSignal("-a-b#", error: TestError(7))
        let (line, recorder) = timeline("attempt", source)
        #expect(line.marks.last == MarbleDiagram.Mark(.error, frame: 4, text: "TestError(7)"))
        try expectGolden(MarbleDiagram([line]).svg(), "error")
        expectReleased(recorder, "the recorder")
    }

    @Test("a completion in a group: the value and the bar side by side at one frame")
    func groupGolden() throws {
        let source = try scheduler.createColdSignal("-a-(b|)")
        let (line, recorder) = timeline("-a-(b|)", source)
        #expect(
            line.marks == [
                .init(.next, frame: 1, text: "a"), .init(.next, frame: 3, text: "b"),
                .init(.completed, frame: 3),
            ])
        try expectGolden(MarbleDiagram([line]).svg(), "group")
        expectReleased(recorder, "the recorder")
    }

    @Test("a test signal's subscriptions: spans from ^ to !, open when still active")
    func subscriptionsGolden() throws {
        let source = try scheduler.createColdSignal("-a-b-c-d")
        let first = scheduler.record(source, disposeAt: 4)
        scheduler.advance(toFrame: 2)
        let second = scheduler.record(source)
        scheduler.advance(toFrame: 7)
        let line = MarbleDiagram.Timeline("cold -a-b-c-d", subscriptions: source.subscriptions, on: scheduler)
        #expect(line.spans == [.init(from: 0, to: 4), .init(from: 2, to: nil)])
        try expectGolden(MarbleDiagram([line]).svg(), "subscriptions")
        second.dispose()
        expectReleased(first, "the first recorder")
        expectReleased(second, "the second recorder")
    }

    @Test("an expectation's picture: expected above actual, the first differing frame highlighted")
    func expectationGolden() throws {
        let expected: [Recorded<Event<Int, Never>>] = [
            scheduler.next(atFrame: 1, 1), scheduler.next(atFrame: 3, 2), scheduler.completed(atFrame: 3),
        ]
        let actual: [Recorded<Event<Int, Never>>] = [
            scheduler.next(atFrame: 1, 1), scheduler.next(atFrame: 3, 2), scheduler.completed(atFrame: 5),
        ]
        let diagram = MarbleDiagram.expectation(expected: expected, actual: actual, on: scheduler)
        #expect(diagram.highlightedFrame == 3)
        #expect(
            MarbleDiagram.expectation(expected: expected, actual: expected, on: scheduler).highlightedFrame
                == nil)
        try expectGolden(diagram.svg(), "expectation")
        let spans = MarbleDiagram.subscriptions(
            expected: [RecordedSubscription(subscribed: .zero, disposed: scheduler.frames(2))],
            actual: [RecordedSubscription(subscribed: .zero, disposed: scheduler.frames(4))], on: scheduler)
        #expect(spans.highlightedFrame == 2)
    }

    @Test("the same events render to the same bytes twice")
    func deterministic() throws {
        /// The picture of one recording of the same marble, on a scheduler of its own.
        func picture() throws -> String {
            let scheduler = TestScheduler()
            let recorder = scheduler.record(try scheduler.createColdSignal("-a-(bc)-#", error: TestError(1)))
            scheduler.run()
            return MarbleDiagram([.init("source", events: recorder.events, on: scheduler)]).svg()
        }
        let first = try picture()
        #expect(first == (try picture()))
        #expect(first.contains("<title>bc</title>") == false && first.contains("<title>b</title>"))
    }

    @Test("labels and values with <, & or a very long text are escaped and clipped, not broken")
    func escaping() throws {
        let long = String(repeating: "x", count: 500)
        let diagram = MarbleDiagram([
            MarbleDiagram.Timeline(
                "a < b && \"c\" > 'd' and a label far too long to be shown whole",
                marks: [
                    .init(.next, frame: 0, text: "<&>"), .init(.next, frame: 2, text: long),
                    .init(.error, frame: 4, text: "bad <error> & \u{1}worse"),
                ])
        ])
        let svg = diagram.svg()
        #expect(parsesAsXML(svg))
        #expect(svg.contains(">&lt;&amp;&gt;</text>"))
        #expect(svg.contains("<title>&lt;&amp;&gt;</title>"))
        #expect(
            svg.contains(
                ">a &lt; b &amp;&amp; &quot;c&quot; &gt; &apos;d&apos; and a label far too long to …</text>"))
        #expect(svg.contains(">\(String(repeating: "x", count: 11))…</text>"))
        #expect(!svg.contains(String(repeating: "x", count: 201)))
        #expect(!svg.contains("<error>") && !svg.contains("\u{1}"))
    }

    @Test("an empty diagram and an empty timeline are still valid pictures")
    func empty() {
        #expect(parsesAsXML(MarbleDiagram([]).svg()))
        #expect(parsesAsXML(MarbleDiagram([.init("never", marks: [])]).svg()))
    }
}

/// Collects the element names of a parsed document, and the root's `version`.
private final class ElementCollector: NSObject, XMLParserDelegate {
    var names: [String] = []
    var rootVersion: String?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if names.isEmpty { rootVersion = attributes["version"] }
        names.append(elementName)
    }
}
