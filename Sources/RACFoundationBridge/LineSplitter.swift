import Foundation

/// Cuts a stream of byte chunks into lines: a line ends at `\n` (a `\r` before it is dropped too),
/// a line may span any number of chunks, and the bytes after the last `\n` form a final line.
struct LineSplitter {
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// The bytes of the line being assembled (no newline in it).
    private var pending: [UInt8] = []
    /// How many lines have been produced so far.
    private(set) var lineCount = 0

    /// The lines completed by `chunk`, in order, and the error for the first line that is not valid
    /// UTF-8, if any (the lines before it are returned; nothing after it is looked at).
    mutating func append(_ chunk: Data) -> (lines: [String], error: FileHandleError?) {
        var lines: [String] = []
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
    mutating func finish() -> Result<String?, FileHandleError> {
        guard !pending.isEmpty else { return .success(nil) }
        return takeLine().map { Optional($0) }
    }

    private mutating func takeLine() -> Result<String, FileHandleError> {
        lineCount += 1
        var bytes = pending[...]
        if bytes.last == Self.carriageReturn {
            bytes = bytes.dropLast()
        }
        defer { pending.removeAll(keepingCapacity: true) }
        guard let line = String(validating: bytes, as: UTF8.self) else {
            return .failure(.invalidUTF8(line: lineCount))
        }
        return .success(line)
    }
}
