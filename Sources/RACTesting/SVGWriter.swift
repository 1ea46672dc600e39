/// Writes an SVG 1.1 document element by element, with integer coordinates and escaped text, so
/// that the same calls give the same bytes.
struct SVGWriter {
    private var lines: [String]

    /// Starts a document `width` × `height` pixels.
    init(width: Int, height: Int) {
        lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)" font-family="sans-serif">"#,
        ]
    }

    mutating func rect(x: Int, y: Int, width: Int, height: Int, fill: String, rounded: Int) {
        lines.append(
            #"<rect x="\#(x)" y="\#(y)" width="\#(width)" height="\#(height)" rx="\#(rounded)" fill="\#(fill)"/>"#
        )
    }

    /// A rectangle with round ends (a value too wide for a circle), with a `<title>` tooltip.
    mutating func pill(
        x: Int, y: Int, width: Int, height: Int, fill: String, stroke: String, title: String? = nil
    ) {
        let attributes =
            #"x="\#(x)" y="\#(y)" width="\#(width)" height="\#(height)" rx="\#(height / 2)" fill="\#(fill)" stroke="\#(stroke)" stroke-width="2""#
        element("rect", attributes, title: title)
    }

    mutating func line(
        x1: Int, y1: Int, x2: Int, y2: Int, stroke: String, width: Int, title: String? = nil
    ) {
        let attributes =
            #"x1="\#(x1)" y1="\#(y1)" x2="\#(x2)" y2="\#(y2)" stroke="\#(stroke)" stroke-width="\#(width)""#
        element("line", attributes, title: title)
    }

    mutating func circle(cx: Int, cy: Int, r: Int, fill: String, stroke: String, title: String? = nil) {
        element(
            "circle",
            #"cx="\#(cx)" cy="\#(cy)" r="\#(r)" fill="\#(fill)" stroke="\#(stroke)" stroke-width="2""#,
            title: title)
    }

    mutating func polygon(_ points: [(Int, Int)], fill: String) {
        let list = points.map { "\($0.0),\($0.1)" }.joined(separator: " ")
        lines.append(#"<polygon points="\#(list)" fill="\#(fill)"/>"#)
    }

    mutating func text(
        _ text: String, x: Int, y: Int, size: Int, anchor: String, fill: String, title: String? = nil
    ) {
        let attributes = #"x="\#(x)" y="\#(y)" font-size="\#(size)" text-anchor="\#(anchor)" fill="\#(fill)""#
        let tooltip =
            title.map { "<title>\(SVGText.escaped(SVGText.clipped($0, to: SVGText.titleLength)))</title>" }
            ?? ""
        lines.append("<text \(attributes)>\(tooltip)\(SVGText.escaped(text))</text>")
    }

    /// An element without content, or with a `<title>` (its tooltip) if `title` is given.
    private mutating func element(_ name: String, _ attributes: String, title: String?) {
        guard let title else {
            lines.append("<\(name) \(attributes)/>")
            return
        }
        let clipped = SVGText.escaped(SVGText.clipped(title, to: SVGText.titleLength))
        lines.append("<\(name) \(attributes)><title>\(clipped)</title></\(name)>")
    }

    /// The document, closed, ending with a newline.
    func finished() -> String {
        (lines + ["</svg>"]).joined(separator: "\n") + "\n"
    }
}

/// Text as it goes into SVG.
enum SVGText {
    /// The most characters of a tooltip.
    static let titleLength = 200

    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, and control characters (which XML 1.0
    /// forbids) replaced by `?`.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n": result += " "
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    result += "?"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// An estimate, in whole pixels and erring wide, of the width of `text` drawn in a
    /// sans-serif font of `fontSize` pixels (SVG cannot measure text): narrow punctuation, `i`
    /// and `l` at 0.3 em, `m`, `w`, `M`, `W` and `@` at 0.95 em, other capitals at 0.72 em,
    /// other ASCII at 0.58 em, anything else (CJK, emoji) at 1 em.
    static func width(of text: String, fontSize: Int) -> Int {
        var thousandths = 0
        for character in text {
            let scalar = character.unicodeScalars.first?.value ?? 0
            switch character {
            case " ", ".", ",", ":", ";", "'", "!", "|", "(", ")", "[", "]", "{", "}", "i", "l", "j", "I":
                thousandths += 300
            case "m", "w", "M", "W", "@":
                thousandths += 950
            case "A"..."Z":
                thousandths += 720
            default:
                thousandths += scalar < 0x80 ? 580 : 1000
            }
        }
        return (thousandths * fontSize + 999) / 1000
    }

    /// `text` if it has at most `length` characters, otherwise its first `length - 1` and `…`.
    static func clipped(_ text: String, to length: Int) -> String {
        text.count <= length ? text : String(text.prefix(length - 1)) + "…"
    }
}
