import Foundation
import RACFoundationBridge
import RACTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread-safe list of the events one subscription received, for exact comparisons.
final class Recorder<Value, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Event<Value, Failure>] = []

    var events: [Event<Value, Failure>] { lock.withLock { recorded } }
    var values: [Value] { events.compactMap(\.value) }
    var count: Int { lock.withLock { recorded.count } }
    var terminal: Event<Value, Failure>? { events.last.flatMap { $0.isTerminal ? $0 : nil } }
    var isTerminated: Bool { terminal != nil }
    var error: Failure? { terminal?.error }

    /// A subscriber that appends every event it receives. In a test that checks releases, the
    /// subscriber must be released once the test has returned (see `ReleaseCheck`).
    func subscriber(sourceLocation: SourceLocation = #_sourceLocation) -> Subscriber<Value, Failure> {
        let subscriber = Subscriber<Value, Failure> { [self] event in
            lock.withLock { recorded.append(event) }
        }
        watchRelease(subscriber, "the Recorder's subscriber made here", sourceLocation: sourceLocation)
        return subscriber
    }

    /// Waits (polling, as a failure guard only) until a terminal event arrives.
    @discardableResult
    func waitForTerminal(timeout: Duration = .seconds(20)) -> Bool {
        eventually(timeout: timeout) { self.isTerminated }
    }

    /// Waits until at least `count` events arrived.
    @discardableResult
    func waitForCount(_ count: Int, timeout: Duration = .seconds(20)) -> Bool {
        eventually(timeout: timeout) { self.count >= count }
    }
}

/// Polls `condition` every millisecond until it holds or `timeout` passes (a guard against a hung
/// test, never a timing assertion); returns whether it held.
func eventually(timeout: Duration = .seconds(20), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        usleep(1_000)
    }
    return true
}

/// An object whose deallocation tests observe through a weak reference.
final class Token: @unchecked Sendable {}

/// Runs `body` on `count` threads at once and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            start.wait()
            body(index)
            group.leave()
        }
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    group.wait()
}

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
