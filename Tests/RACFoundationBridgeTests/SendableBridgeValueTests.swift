import Foundation
import RACFoundationBridge
import Testing

/// The bridge's public value types in `static let`s: under Swift 6 each line compiles only if the
/// value's type is `Sendable`.
private enum BridgeConfiguration {
    static let closed = FileHandleError.closed
    static let failedRead = FileHandleError.systemCallFailed(operation: "read", errno: 9)
    static let timedOut = URLRequestError.timedOut(after: .seconds(30))
    static let moveFailed = URLRequestError.fileSystem(reason: "no space left")
    static let progress = DownloadEvent.progress(received: 16_384, expected: nil)
}

/// Compiles only for a `Sendable` type.
private func requireSendable<Value: Sendable>(_: Value.Type) {}

@Suite("the bridge's public value types are Sendable")
struct SendableBridgeValueTests {
    @Test("FileHandleError, URLRequestError and DownloadEvent are Sendable (a compile-time check)")
    func valueTypes() {
        requireSendable(FileHandleError.self)
        requireSendable(URLRequestError.self)
        requireSendable(DownloadEvent.self)
    }

    @Test("the static values are read from another task")
    func acrossTasks() async {
        let read = await Task.detached {
            (
                BridgeConfiguration.closed, BridgeConfiguration.failedRead,
                BridgeConfiguration.timedOut.urlErrorCode,
                BridgeConfiguration.moveFailed.statusCode
            )
        }.value
        #expect(read.0 == .closed)
        #expect(read.1 == .systemCallFailed(operation: "read", errno: 9))
        #expect(read.2 == .timedOut)
        #expect(read.3 == nil)
        if case .progress(let received, let expected) = BridgeConfiguration.progress {
            #expect(received == 16_384 && expected == nil)
        }
    }
}
