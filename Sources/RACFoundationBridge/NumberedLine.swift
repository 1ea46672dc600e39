import Foundation

/// How the line readers (`fileHandle.rac.lines(chunkSize:decoding:)`, `numberedLines`, and
/// `fileManager.rac.followLines(atPath:…)`) treat a line whose bytes are not valid UTF-8.
///
/// RAC: none (RAC had no line reader).
///
/// ```
/// bytes:     "ok\n" "b\xFFd\n" "after\n"
/// .strict:   -"ok"-#(invalidUTF8(line: 2))
/// .lenient:  -"ok"-"b\u{FFFD}d"-"after"-|
/// ```
public enum LineDecoding: Sendable, Hashable {
    /// The default: a line that is not valid UTF-8 fails the signal with
    /// `FileHandleError.invalidUTF8(line:path:)`; the lines before it are delivered, none after.
    case strict
    /// Each invalid byte sequence becomes U+FFFD (the replacement character, `�`) and the line is
    /// delivered like any other; reading goes on. `NumberedLine.isRepaired` tells such a line.
    case lenient
}

/// One line read from a file handle, with its place in the input: what
/// `fileHandle.rac.numberedLines(chunkSize:decoding:)` sends.
///
/// RAC: none.
///
/// ```
/// "a\nb\xFF\n", .lenient:  -(1, "a")-(2, "b�", repaired)-|
/// ```
public struct NumberedLine: Sendable, Hashable, CustomStringConvertible {
    /// The line's number, counted from 1 (every line counts, empty or repaired ones too).
    public let number: Int
    /// The line's text, without its newline (nor a `\r` before it).
    public let text: String
    /// Whether the line's bytes were not valid UTF-8 and invalid sequences were replaced by U+FFFD
    /// (only with `LineDecoding.lenient`).
    public let isRepaired: Bool

    /// A line numbered `number` with `text`; `isRepaired` says whether bytes were replaced.
    public init(number: Int, text: String, isRepaired: Bool = false) {
        self.number = number
        self.text = text
        self.isRepaired = isRepaired
    }

    /// `number: text`, with ` (repaired)` after a repaired line.
    public var description: String {
        "\(number): \(text)" + (isRepaired ? " (repaired)" : "")
    }
}
