import Foundation

/// Why reading a file failed: the error of the signals made by
/// `fileHandle.rac.readInBackground(chunkSize:)`, `fileHandle.rac.lines(chunkSize:decoding:)`,
/// `numberedLines(chunkSize:decoding:)` and `fileManager.rac.followLines(atPath:…)`.
///
/// RAC: `rac_readInBackground` had no error path (a failed read looked like end of file); here
/// a failure is a signal error that names the problem, and the file's path when it is known.
///
/// ```
/// closed handle:  #(closed)
/// read fails:     -a-b-#(systemCallFailed("read", EIO, "/mnt/disk/app.log"))
/// ```
public enum FileHandleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The handle was closed (`close()` was called on it) before or while it was being read.
    case closed
    /// A system call failed; `operation` names it (`"read"`, `"poll"`, `"pipe"`), `errno` is
    /// the error number it set, and `path` is the file's path when it is known (a handle open on a
    /// file or directory; not a pipe or socket).
    case systemCallFailed(operation: String, errno: Int32, path: String? = nil)
    /// Line `line` (counted from 1) is not valid UTF-8; only the line readers with
    /// `LineDecoding.strict` report it. `path` is the file's path when it is known.
    case invalidUTF8(line: Int, path: String? = nil)
    /// The file at `path` could not be opened (by `followLines(atPath:…)`, at subscription or
    /// after the file was replaced); `errno` is the error number `open(2)` set.
    case openFailed(path: String, errno: Int32)

    /// The path of the file concerned, when it is known.
    public var path: String? {
        switch self {
        case .closed: return nil
        case .systemCallFailed(_, _, let path): return path
        case .invalidUTF8(_, let path): return path
        case .openFailed(let path, _): return path
        }
    }

    /// A message naming the problem and the file, e.g.
    /// `FileHandle read failed for /var/log: Is a directory (errno 21)`.
    public var description: String {
        switch self {
        case .closed:
            return "FileHandle is closed: cannot read from a closed file handle"
        case .systemCallFailed(let operation, let number, let path):
            return "FileHandle \(operation) failed\(path.map { " for \($0)" } ?? ""): \(Self.message(number))"
        case .invalidUTF8(let line, let path):
            return "FileHandle line \(line)\(path.map { " of \($0)" } ?? "") is not valid UTF-8"
        case .openFailed(let path, let number):
            return "cannot open \(path): \(Self.message(number))"
        }
    }

    private static func message(_ number: Int32) -> String {
        "\(String(cString: strerror(number))) (errno \(number))"
    }
}
