import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for the URLSession tests: real
/// sockets, real requests, no external network. Each connection is served on a thread of its own
/// and closed after one response.
///
/// Routes:
/// - `/hello` → 200, `hello, world`
/// - `/missing` → 404, `no such page: /missing`
/// - `/big` → 200, `bigBody` (3 MB, with a Content-Length)
/// - `/slow` → 200 announcing `slowLength` bytes, sent 1 KiB at a time every 10 ms, until the client
///   goes away (counted in `clientsGone`) or everything is sent
/// - anything else → 404
final class HTTPTestServer: @unchecked Sendable {
    /// The `/big` body (a copy of `bigBytes`).
    static var bigBody: Data { Data(bigBytes) }
    /// The bytes of `bigBody`, kept as an array rather than a static `Data`: a `Data` of this size
    /// stores its buffer's pointer with its enum case tag in the pointer's spare high bits, which
    /// LeakSanitizer cannot follow, so a static `Data` would be reported as leaked.
    private static let bigBytes = [UInt8](randomBytes(3_000_000))
    static let slowLength = 50_000_000

    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var requestPaths: [String] = []
    private var slowBytesSent = 0
    private var goneCount = 0
    private var stopping = false
    private let acceptLoopEnded = DispatchSemaphore(value: 0)

    /// The paths requested so far, in arrival order.
    var paths: [String] { lock.withLock { requestPaths } }
    /// Bytes of `/slow` bodies sent so far.
    var slowBytes: Int { lock.withLock { slowBytesSent } }
    /// How many `/slow` clients closed the connection before the body was complete.
    var clientsGone: Int { lock.withLock { goneCount } }

    init() throws {
        let descriptor = try loopbackSocket()
        guard listen(descriptor, 64) == 0 else {
            let number = errno
            closeDescriptor(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: number) ?? .EIO)
        }
        listener = descriptor
        port = localPort(of: descriptor)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The URL of `path` on this server.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Stops accepting connections and waits for the accept loop to end; slow responses stop at
    /// their next chunk.
    func stop() {
        lock.withLock { stopping = true }
        shutdown(listener, Int32(SHUT_RDWR))
        acceptLoopEnded.wait()
        close(listener)
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func acceptLoop() {
        defer { acceptLoopEnded.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR && !isStopping { continue }
                return
            }
            let thread = Thread { [self] in
                serve(connection)
                close(connection)
            }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        guard let path = readRequestPath(connection) else { return }
        lock.withLock { requestPaths.append(path) }
        switch path {
        case "/hello":
            respond(connection, status: "200 OK", body: Data("hello, world".utf8))
        case "/big":
            respond(connection, status: "200 OK", body: Self.bigBody)
        case "/slow":
            serveSlowly(connection)
        default:
            respond(connection, status: "404 Not Found", body: Data("no such page: \(path)".utf8))
        }
    }

    /// Reads the request head and returns the path of its request line.
    private func readRequestPath(_ connection: Int32) -> String? {
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Array("\r\n\r\n".utf8)
        while !containsSubsequence(head, end) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            head.append(contentsOf: buffer[0..<count])
        }
        let requestLine = String(decoding: head, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = requestLine.split(separator: " ")
        return parts.count >= 2 ? String(parts[1]) : nil
    }

    private func containsSubsequence(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        guard bytes.count >= pattern.count else { return false }
        return (0...(bytes.count - pattern.count)).contains {
            bytes[$0..<$0 + pattern.count].elementsEqual(pattern)
        }
    }

    private func header(status: String, length: Int) -> Data {
        Data(
            "HTTP/1.1 \(status)\r\nContent-Length: \(length)\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n"
                .utf8)
    }

    private func respond(_ connection: Int32, status: String, body: Data) {
        _ = sendAll(connection, header(status: status, length: body.count))
        _ = sendAll(connection, body)
    }

    private func serveSlowly(_ connection: Int32) {
        guard sendAll(connection, header(status: "200 OK", length: Self.slowLength)) else { return }
        let chunk = Data(repeating: UInt8(ascii: "s"), count: 1024)
        var sent = 0
        while sent < Self.slowLength && !isStopping {
            guard sendAll(connection, chunk) else {
                lock.withLock { goneCount += 1 }
                return
            }
            sent += chunk.count
            lock.withLock { slowBytesSent += chunk.count }
            usleep(10_000)
        }
    }

    /// Sends every byte of `data`; `false` if the peer went away.
    private func sendAll(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = send(
                    connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
    }
}

/// A port on 127.0.0.1 that refuses connections: a socket bound to it that does not listen. Keep
/// the value alive while using the port; `release()` frees it.
final class RefusingPort: @unchecked Sendable {
    let port: UInt16
    private let socketDescriptor: Int32

    init() throws {
        socketDescriptor = try loopbackSocket()
        port = localPort(of: socketDescriptor)
    }

    func release() {
        closeDescriptor(socketDescriptor)
    }
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

/// A TCP socket bound to 127.0.0.1 on a port the system picks.
private func loopbackSocket() throws -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard bound == 0 else {
        let number = errno
        closeDescriptor(descriptor)
        throw POSIXError(POSIXErrorCode(rawValue: number) ?? .EIO)
    }
    return descriptor
}

/// The port a bound socket got.
private func localPort(of descriptor: Int32) -> UInt16 {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return UInt16(bigEndian: address.sin_port)
}
