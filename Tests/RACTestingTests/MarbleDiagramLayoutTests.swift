import Foundation
import RACCore
import RACOperators
import RACTestSupport
import RACTesting
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Issue 20, the review of the pictures: a value wider than a circle is drawn whole in a pill (it
/// was cut to three characters, so `(1, a)` read `(1…`), marks of one frame and of neighbouring
/// frames never overlap, a label is shown whole up to 48 characters (it was cut at 16, hiding
/// the operator's name), and a subscription disposed in the frame it began in shows `^` and `!`
/// side by side.
extension MarbleDiagramTests {
    @Test("combineLatest's tuples: whole values in pills, side by side at one frame, golden")
    func wideValuesGolden() throws {
        let left = try scheduler.createColdSignal("-a---b--|", values: ["a": 1, "b": 2])
        let right = try scheduler.createColdSignal("--x-(yz)---|", values: ["x": "x", "y": "y", "z": "z"])
        let leftLine = MarbleDiagram.Timeline(
            "left",
            marks: [
                .init(.next, frame: 1, text: "1"), .init(.next, frame: 5, text: "2"),
                .init(.completed, frame: 8),
            ])
        let rightLine = MarbleDiagram.Timeline(
            "right",
            marks: [
                .init(.next, frame: 2, text: "x"), .init(.next, frame: 4, text: "y"),
                .init(.next, frame: 4, text: "z"), .init(.completed, frame: 8),
            ])
        let recorder = scheduler.record(left.combineLatest(with: right))
        scheduler.run()
        let output = MarbleDiagram.Timeline(
            "combineLatest(with: right)", events: recorder.events, on: scheduler,
            name: { "(\($0.0), \($0.1))" })
        #expect(output.marks.map(\.text) == ["(1, x)", "(1, y)", "(1, z)", "(2, z)", ""])
        let svg = MarbleDiagram([leftLine, rightLine, output]).svg()
        try expectGolden(svg, "wide-values")
        let picture = try #require(SVGPicture(svg))
        #expect(picture.texts.contains("(1, y)") && picture.texts.contains("(2, z)"))
        #expect(picture.texts.contains("combineLatest(with: right)"))
        expectMarksApart(picture)
        expectReleased(recorder, "the recorder")
    }

    @Test("marks never overlap and stay on the axis, in every committed picture")
    func committedPicturesHaveNoOverlap() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var checked = 0
        for folder in ["Tests/Golden/MarbleDiagrams", "Docs/marbles"] {
            let directory = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            where name.hasSuffix(".svg") {
                let handle = try FileHandle(forReadingFrom: directory.appendingPathComponent(name))
                defer { try? handle.close() }
                let svg = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
                let picture = try #require(SVGPicture(svg), "\(folder)/\(name) is not well-formed XML")
                expectMarksApart(picture, "\(folder)/\(name)")
                checked += 1
            }
        }
        #expect(checked >= 60)
    }

    @Test("a label is shown whole up to 48 characters, and the axis starts after it")
    func longLabel() {
        let label = "distinctUntilChanged(by: caseInsensitive)"
        let svg = MarbleDiagram([.init(label, marks: [.init(.next, frame: 0, text: "a")])]).svg()
        let picture = SVGPicture(svg)
        #expect(picture?.texts.first == label)
        let axis = picture?.elements.first { $0.name == "line" && $0.number("stroke-width") == 2 }
        // Drawn in Helvetica or Arial at 13 pixels, this label is 238 pixels wide (the sum of its
        // glyphs' advance widths); it starts at x 16, and the axis after it.
        #expect((axis?.number("x1") ?? 0) > 16 + 238)
    }

    @Test("a subscription disposed in the frame it began in: ^ and ! side by side, as (^!)")
    func zeroLengthSpan() throws {
        let source = try scheduler.createColdSignal("-a-|")
        let recorder = scheduler.record(source, subscribeAt: 2, disposeAt: 2)
        scheduler.run()
        let line = MarbleDiagram.Timeline("source", subscriptions: source.subscriptions, on: scheduler)
        #expect(line.spans == [.init(from: 2, to: 2)])
        let picture = try #require(SVGPicture(MarbleDiagram([line]).svg()))
        let caret = try #require(picture.elements.first { $0.text == "^" }?.number("x"))
        let bang = try #require(picture.elements.first { $0.text == "!" }?.number("x"))
        #expect(caret < bang)
        expectReleased(recorder, "the recorder")
    }

    /// Checks that on each timeline of `picture` the marks (circles, pills, completion bars and
    /// error crosses) do not overlap one another and lie right of the axis start.
    private func expectMarksApart(
        _ picture: SVGPicture, _ name: String = "the picture",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let axisStart = picture.elements.first { $0.name == "line" && $0.number("stroke-width") == 2 }?
            .number("x1")
        var rows: [Int: [ClosedRange<Int>]] = [:]
        for element in picture.elements {
            guard let (row, extent) = element.markExtent else { continue }
            rows[row, default: []].append(extent)
        }
        for (row, extents) in rows {
            let sorted = extents.sorted { $0.lowerBound < $1.lowerBound }
            for (left, right) in zip(sorted, sorted.dropFirst()) {
                #expect(
                    left.upperBound < right.lowerBound,
                    "\(name): marks \(left) and \(right) overlap on the row at y \(row)",
                    sourceLocation: sourceLocation)
            }
            if let first = sorted.first, let axisStart {
                #expect(
                    first.lowerBound > axisStart, "\(name): a mark left of the axis",
                    sourceLocation: sourceLocation)
            }
        }
    }
}

/// The elements of a parsed SVG document: name, attributes and own text (without `title`s).
private final class SVGPicture: NSObject, XMLParserDelegate {
    struct Element {
        let name: String
        let attributes: [String: String]
        var text = ""

        func number(_ attribute: String) -> Int? { attributes[attribute].flatMap { Int($0) } }

        /// The row (the axis's y) and horizontal extent of a mark: a value's circle or pill (yellow),
        /// a completion bar (a black vertical line), an error's cross (red; its first arm, the one
        /// going down to the right, stands for both).
        var markExtent: (Int, ClosedRange<Int>)? {
            switch name {
            case "circle" where attributes["fill"] == "#ffd54f":
                guard let x = number("cx"), let y = number("cy"), let r = number("r") else { return nil }
                return (y, (x - r)...(x + r))
            case "rect" where attributes["fill"] == "#ffd54f":
                guard let x = number("x"), let y = number("y"), let width = number("width"),
                    let height = number("height")
                else { return nil }
                return (y + height / 2, x...(x + width))
            case "line":
                guard let x1 = number("x1"), let x2 = number("x2"), let y1 = number("y1"),
                    let y2 = number("y2")
                else { return nil }
                if attributes["stroke"] == "#222222", x1 == x2 { return ((y1 + y2) / 2, (x1 - 1)...(x1 + 1)) }
                if attributes["stroke"] == "#c62828", y1 < y2 { return ((y1 + y2) / 2, x1...x2) }
                return nil
            default:
                return nil
            }
        }
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []
    private var inTitle = false

    /// The texts of the `text` elements, in order.
    var texts: [String] { elements.filter { $0.name == "text" }.map(\.text) }

    init?(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        guard parser.parse() else { return nil }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if elementName == "title" {
            inTitle = true
            return
        }
        open.append(elements.count)
        elements.append(Element(name: elementName, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if !inTitle, let index = open.last { elements[index].text += string }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        if elementName == "title" {
            inTitle = false
        } else {
            open.removeLast()
        }
    }
}
