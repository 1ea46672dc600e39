import Foundation

/// Why reading a `FileHandle` in the background failed: the error of the signals made by
/// `fileHandle.rac.readInBackground(chunkSize:)` and `fileHandle.rac.lines(chunkSize:)`.
///
/// RAC: `rac_readInBackground` had no error path (a failed read looked like end of file); here
/// a failure is a signal error that names the problem.
///
/// ```
/// closed handle:  #(closed)
/// read fails:     -a-b-#(readFailed)
/// ```
public enum FileHandleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The handle was closed (`close()` was called on it) before or while it was being read.
    case closed
    /// A system call failed; `operation` names it (`"read"`, `"poll"`, `"pipe"`) and `errno` is
    /// the error number it set.
    case systemCallFailed(operation: String, errno: Int32)
    /// Line `line` (counted from 1) is not valid UTF-8; only `lines(chunkSize:)` reports it.
    case invalidUTF8(line: Int)

    /// A message naming the problem, e.g. `FileHandle read failed: Bad file descriptor (errno 9)`.
    public var description: String {
        switch self {
        case .closed:
            return "FileHandle is closed: cannot read from a closed file handle"
        case .systemCallFailed(let operation, let number):
            return "FileHandle \(operation) failed: \(String(cString: strerror(number))) (errno \(number))"
        case .invalidUTF8(let line):
            return "FileHandle line \(line) is not valid UTF-8"
        }
    }
}
