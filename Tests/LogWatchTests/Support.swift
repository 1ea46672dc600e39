import Foundation
import RACTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A health endpoint on 127.0.0.1 and a port the system picks: answers every request with
/// `status` (settable) and closes the connection. One connection at a time, on one thread.
final class HealthEndpoint: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let state = Locked((status: String?.some("200 OK"), requests: 0, held: [Int32]()))
    private let ended = DispatchSemaphore(value: 0)

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard ready else {
            let number = errno
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: number) ?? .EIO)
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in serve() }
    }

    /// The endpoint's URL.
    var url: String { "http://127.0.0.1:\(port)/health" }

    /// The status line answered from now on, e.g. `503 Service Unavailable`; `nil` holds each
    /// connection open without answering (a hanging endpoint).
    var status: String? {
        get { state.withValue { $0.status } }
        set { state.withValue { $0.status = newValue } }
    }

    /// How many requests were answered.
    var requests: Int { state.withValue { $0.requests } }

    /// Stops accepting and waits for the serving thread to end.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        ended.wait()
        close(listener)
        for connection in state.withValue({ $0.held }) { close(connection) }
    }

    private func serve() {
        defer { ended.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            if answer(connection) { close(connection) }
        }
    }

    /// Answers one request; returns `false` if the connection is held open unanswered.
    private func answer(_ connection: Int32) -> Bool {
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !String(decoding: head, as: UTF8.self).contains("\r\n\r\n") {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return true }
            head.append(contentsOf: buffer[0..<count])
        }
        let status = state.withValue { state in
            state.requests += 1
            if state.status == nil { state.held.append(connection) }
            return state.status
        }
        guard let status else { return false }
        let body = "\(status)\n"
        let response =
            "HTTP/1.1 \(status)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        var bytes = Array(response.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes {
                send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { return true }
            bytes = bytes.dropFirst(sent)
        }
        return true
    }
}

/// A running `rac-logwatch`, with pipes for its standard input, output and error.
final class LogWatchProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let streams = Locked((output: Data(), errors: Data(), ended: 0))

    /// Starts `rac-logwatch` with `arguments`.
    init(arguments: [String]) throws {
        process.executableURL = try BuiltProduct.executable("rac-logwatch")
        process.arguments = arguments
        process.environment = BuiltProduct.environmentWithoutLeakChecks
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        for (pipe, isError) in [(output, false), (errors, true)] {
            Thread.detachNewThread { [self] in
                while true {
                    let data = pipe.fileHandleForReading.availableData
                    streams.withValue { streams in
                        if data.isEmpty {
                            streams.ended += 1
                        } else if isError {
                            streams.errors.append(data)
                        } else {
                            streams.output.append(data)
                        }
                    }
                    if data.isEmpty { return }
                }
            }
        }
    }

    /// Everything written to standard output so far.
    var output: String { String(decoding: streams.withValue { $0.output }, as: UTF8.self) }

    /// Everything written to standard error so far.
    var errorOutput: String { String(decoding: streams.withValue { $0.errors }, as: UTF8.self) }

    /// Writes `text` to the program's standard input.
    func write(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Waits until the output contains `text` (a guard against hanging, not a timing check).
    func waitForOutput(containing text: String, timeout: Duration = .seconds(60)) throws {
        let found = eventually(timeout: timeout) { self.output.contains(text) || !self.process.isRunning }
        guard found, output.contains(text) else {
            throw ChildProcessError.missingOutput(text, program: "rac-logwatch", output: output + errorOutput)
        }
    }

    /// Closes standard input, waits for the program to exit and its output to end, and returns its
    /// exit status.
    func finish(timeout: Duration = .seconds(60)) throws -> Int32 {
        try input.fileHandleForWriting.close()
        let exited = eventually(timeout: timeout) {
            !self.process.isRunning && self.streams.withValue { $0.ended == 2 }
        }
        guard exited else {
            process.terminate()
            throw ChildProcessError.didNotExit("rac-logwatch", output: output)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
