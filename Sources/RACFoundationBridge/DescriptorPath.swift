import Foundation

/// The path of the file open as `descriptor`, when the system can tell it and it is a path (a
/// regular file, a directory, a device), or `nil` (a pipe, a socket, a closed descriptor).
///
/// Linux reads the link `/proc/self/fd/<descriptor>` (a file removed since it was opened reads
/// `<path> (deleted)`); Darwin asks `fcntl(F_GETPATH)`.
func descriptorPath(_ descriptor: Int32) -> String? {
    guard descriptor >= 0 else { return nil }
    #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #elseif canImport(Darwin)
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
        guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
        let path = String(cString: buffer)
    #else
        let path = ""
    #endif
    return path.hasPrefix("/") ? path : nil
}
