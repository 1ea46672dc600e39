import Foundation
import RACFoundationBridge
import RACTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh path in the temporary directory.
func temporaryFile(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("rac-bridge-\(UUID().uuidString)-\(name)")
}

/// `count` random bytes from the system's generator.
func randomBytes(_ count: Int) -> Data {
    var bytes = Data(count: count)
    bytes.withUnsafeMutableBytes { raw in
        var generator = SystemRandomNumberGenerator()
        var offset = 0
        while offset < raw.count {
            var word = generator.next()
            let length = min(8, raw.count - offset)
            withUnsafeBytes(of: &word) {
                raw.baseAddress!.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: length)
            }
            offset += length
        }
    }
    return bytes
}
