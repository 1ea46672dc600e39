import Foundation

/// Cuts a stream of byte chunks into lines: a line ends at `\n` (a `\r` before it is dropped too),
/// a line may span any number of chunks, and the bytes after the last `\n` form a final line.
/// Lines are decoded as `decoding` says and numbered from 1.
struct LineSplitter {
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// How lines that are not valid UTF-8 are treated.
    let decoding: LineDecoding
    /// The path of the file read, when known: invalid-UTF-8 errors name it.
    let path: String?
    /// The bytes of the line being assembled (no newline in it).
    private var pending: [UInt8] = []
    /// How many lines have been produced so far.
    private(set) var lineCount = 0

    init(decoding: LineDecoding = .strict, path: String? = nil) {
        self.decoding = decoding
        self.path = path
    }

    /// Whether bytes of a line whose newline has not arrived yet are held.
    var hasPartialLine: Bool { !pending.isEmpty }

    /// The lines completed by `chunk`, in order, and the error for the first line that is not valid
    /// UTF-8 under strict decoding, if any (the lines before it are returned; nothing after it is
    /// looked at).
    mutating func append(_ chunk: Data) -> (lines: [NumberedLine], error: FileHandleError?) {
        var lines: [NumberedLine] = []
        var lineStart = chunk.startIndex
        var index = chunk.startIndex
        while let newlineIndex = chunk[index...].firstIndex(of: Self.newline) {
            pending.append(contentsOf: chunk[lineStart..<newlineIndex])
            switch takeLine() {
            case .success(let line): lines.append(line)
            case .failure(let error): return (lines, error)
            }
            index = chunk.index(after: newlineIndex)
            lineStart = index
        }
        pending.append(contentsOf: chunk[lineStart...])
        return (lines, nil)
    }

    /// The final line (the bytes after the last newline), or `nil` if there are none.
    mutating func finish() -> Result<NumberedLine?, FileHandleError> {
        guard !pending.isEmpty else { return .success(nil) }
        return takeLine().map { Optional($0) }
    }

    private mutating func takeLine() -> Result<NumberedLine, FileHandleError> {
        lineCount += 1
        var bytes = pending[...]
        if bytes.last == Self.carriageReturn {
            bytes = bytes.dropLast()
        }
        defer { pending.removeAll(keepingCapacity: true) }
        if let text = String(validating: bytes, as: UTF8.self) {
            return .success(NumberedLine(number: lineCount, text: text, isRepaired: false))
        }
        switch decoding {
        case .strict:
            return .failure(.invalidUTF8(line: lineCount, path: path))
        case .lenient:
            let text = String(decoding: bytes, as: UTF8.self)
            return .success(NumberedLine(number: lineCount, text: text, isRepaired: true))
        }
    }
}
