import Foundation
import RACTestSupport
import Testing

@testable import RACFoundationBridge

@Suite("readInBackground: a slow subscriber slows the reader; nothing queues in memory", .checksRelease)
struct ReadInBackgroundBackpressureTests {
    @Test(
        "while the subscriber is busy with a chunk the reader reads nothing, so a pipe's writer is held back by the kernel's buffer"
    )
    func slowSubscriberHoldsBackTheWriter() throws {
        let pipe = Pipe()
        let writeEnd = pipe.fileHandleForWriting.fileDescriptor
        // The writer must not block: a full pipe makes write(2) fail with EAGAIN instead.
        #expect(fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK) == 0)
        #if os(Linux)
            let capacity = Int(fcntl(writeEnd, 1032))  // F_GETPIPE_SZ, which Glibc does not export
        #else
            let capacity = 65_536  // Darwin's largest pipe buffer
        #endif
        #expect(capacity > 0)
        let busy = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let firstChunk = Locked(true)
        let recorder = EventLog<Data, FileHandleError>()
        let subscription = pipe.fileHandleForReading.rac.readInBackground(chunkSize: 4_096).subscribe(
            recorder.subscriber(onEvent: { _ in
                let first = firstChunk.withValue { first in
                    defer { first = false }
                    return first
                }
                if first {
                    busy.signal()
                    release.wait()  // the subscriber is busy with its first chunk
                }
            }))
        var byte: UInt8 = 1
        #expect(write(writeEnd, &byte, 1) == 1)
        #expect(busy.wait(timeout: .now() + 20) == .success)
        // The reader thread is inside sendNext: fill the pipe until the kernel refuses.
        let block = [UInt8](repeating: 2, count: 4_096)
        var written = 0
        while true {
            let count = block.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            if count < 0 {
                #expect(errno == EAGAIN)
                break
            }
            written += count
        }
        // Everything the writer got in is in the kernel's buffer: the reader took nothing ahead.
        #expect(written <= capacity)
        #expect(written > capacity - block.count)
        release.signal()
        try pipe.fileHandleForWriting.close()
        #expect(recorder.waitForTerminal())
        #expect(recorder.terminal == .completed)
        #expect(recorder.values.reduce(0) { $0 + $1.count } == 1 + written)
        subscription.dispose()
    }
}
