import Foundation

/// Where the showcase writes its lines: standard output in the program, an array in tests.
///
/// Lines may come from any thread (the tour's queue schedulers, the live search's interface
/// scheduler); each line is written whole, in the order `write(_:)` was called.
public final class Output: @unchecked Sendable {
    private let lock = NSLock()
    private let sink: (String) -> Void
    private var written: [String] = []
    private let keepsLines: Bool

    /// An output that passes each line to `sink`, one at a time.
    public init(_ sink: @escaping (String) -> Void) {
        self.sink = sink
        self.keepsLines = false
    }

    private init(keepingLines: Void) {
        self.sink = { _ in }
        self.keepsLines = true
    }

    /// Standard output, unbuffered, so that a line shows at once in a terminal and in a pipe.
    public static func standardOutput() -> Output {
        Output { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }

    /// An output that keeps every line, for tests: read them with `lines`.
    public static func recording() -> Output {
        Output(keepingLines: ())
    }

    /// Writes one line (without its newline).
    public func write(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        if keepsLines {
            written.append(line)
        } else {
            sink(line)
        }
    }

    /// The lines written so far, when made by `recording()`.
    public var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return written
    }
}
