import Foundation
import RACTestSupport
import Testing

@testable import RACFoundationBridge

/// `followLines(atPath:…)` against real files written by a real writer thread. The writer and the
/// polls never race: the writer thread finishes its writes before the test advances the virtual
/// clock that runs the next poll (no sleep anywhere).
@Suite("FileManager.rac.followLines(atPath:…): tail -F", .checksRelease)
struct FileFollowTests {
    private let interval = Duration.seconds(1)

    /// A fresh file holding `text`.
    private func file(containing text: String) throws -> URL {
        let url = temporaryFile("follow")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Appends `text` to the file at `url` on a thread of its own, and returns once it is written.
    private func append(_ text: String, to url: URL) {
        onWriterThread {
            let handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
        }
    }

    private func follow(
        _ url: URL, from start: FollowStart = .beginning, on scheduler: TestScheduler,
        decoding: LineDecoding = .strict
    ) -> Signal<String, FileHandleError> {
        FileManager.default.rac.followLines(
            atPath: url.path, from: start, pollingEvery: interval, on: scheduler, decoding: decoding)
    }

    @Test("a line caught half-written is held until its newline arrives: abc, then def\\nghi\\n")
    func halfWrittenLine() throws {
        let url = try file(containing: "abc")
        defer { try? FileManager.default.removeItem(at: url) }
        let scheduler = TestScheduler()
        let log = EventLog<String, FileHandleError>()
        let subscription = follow(url, on: scheduler).subscribe(log.subscriber())
        scheduler.advance(by: .zero)  // the first poll: reads "abc", holds it
        #expect(log.events.isEmpty)
        append("def\nghi\n", to: url)
        scheduler.advance(by: interval)
        #expect(log.events == [.next("abcdef"), .next("ghi")])
        append("jk", to: url)
        scheduler.advance(by: interval)
        append("l\n", to: url)
        scheduler.advance(by: interval)
        #expect(log.events == [.next("abcdef"), .next("ghi"), .next("jkl")])
        subscription.dispose()
    }

    @Test("polls run once at subscription and then one interval apart, never sooner")
    func pollsNoFasterThanTheInterval() throws {
        let url = try file(containing: "one\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let scheduler = TestScheduler()
        let log = EventLog<String, FileHandleError>(timedBy: scheduler)
        let subscription = follow(url, on: scheduler).subscribe(log.subscriber())
        scheduler.advance(by: .zero)
        append("two\n", to: url)
        scheduler.advance(by: interval - .nanoseconds(1))
        #expect(log.events == [.next("one")])
        #expect(scheduler.pendingActionCount == 1)
        scheduler.advance(by: .nanoseconds(1))
        #expect(log.matches([(0, .next("one")), (1_000, .next("two"))]), "\(log.summary)")
        #expect(scheduler.pendingActionCount == 1)
        subscription.dispose()
        #expect(scheduler.isEmpty)
    }

    @Test("from: .end skips what the file held at subscription")
    func startAtEnd() throws {
        let url = try file(containing: "old\nolder\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let scheduler = TestScheduler()
        let log = EventLog<String, FileHandleError>()
        let subscription = follow(url, from: .end, on: scheduler).subscribe(log.subscriber())
        scheduler.advance(by: .zero)
        append("new\n", to: url)
        scheduler.advance(by: interval)
        #expect(log.events == [.next("new")])
        subscription.dispose()
    }

    @Test(
        "rotation: the old file is read to its end, its partial line sent, then the new file from its start")
    func rotation() throws {
        let url = try file(containing: "a\nhalf")
        let rotated = URL(fileURLWithPath: url.path + ".1")
        defer {
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(at: rotated)
        }
        let scheduler = TestScheduler()
        let log = EventLog<String, FileHandleError>()
        let subscription = follow(url, on: scheduler).subscribe(log.subscriber())
        scheduler.advance(by: .zero)
        #expect(log.events == [.next("a")])
        onWriterThread {
            // The writer keeps its handle across the rename, as a logger does until it reopens.
            let old = try FileHandle(forWritingTo: url)
            try old.seekToEnd()
            try FileManager.default.moveItem(at: url, to: rotated)
            try old.write(contentsOf: Data("way\nlast".utf8))
            try old.close()
            try Data("b\nc\n".utf8).write(to: url)
        }
        scheduler.advance(by: interval)
        #expect(log.events == [.next("a"), .next("halfway"), .next("last"), .next("b"), .next("c")])
        append("d\n", to: url)
        scheduler.advance(by: interval)
        #expect(log.values.last == "d")
        subscription.dispose()
    }

    @Test("truncation: the partial line is sent, and the file is read again from its start")
    func truncation() throws {
        let url = try file(containing: "one\ntwo\npart")
        defer { try? FileManager.default.removeItem(at: url) }
        let scheduler = TestScheduler()
        let log = EventLog<String, FileHandleError>()
        let subscription = follow(url, on: scheduler).subscribe(log.subscriber())
        scheduler.advance(by: .zero)
        onWriterThread {
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data("x\n".utf8))
            try handle.close()
        }
        scheduler.advance(by: interval)
        #expect(log.events == [.next("one"), .next("two"), .next("part"), .next("x")])
        append("y\n", to: url)
        scheduler.advance(by: interval)
        #expect(log.events == [.next("one"), .next("two"), .next("part"), .next("x"), .next("y")])
        subscription.dispose()
    }

    @Test("a removed file that is not replaced goes on being followed through its writer's handle")
    func removedNotReplaced() throws {
        let url = try file(containing: "a\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let scheduler = TestScheduler()
        let log = EventLog<String, FileHandleError>()
        let subscription = follow(url, on: scheduler).subscribe(log.subscriber())
        scheduler.advance(by: .zero)
        onWriterThread {
            let handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
            try FileManager.default.removeItem(at: url)
            try handle.write(contentsOf: Data("b\n".utf8))
            try handle.close()
        }
        scheduler.advance(by: interval)
        #expect(log.events == [.next("a"), .next("b")])
        subscription.dispose()
    }

    @Test("disposal cancels the next poll and closes the file; later appends are not read")
    func disposalClosesTheFile() throws {
        let url = try file(containing: "a\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let scheduler = TestScheduler()
        let log = EventLog<String, FileHandleError>()
        let subscription = follow(url, on: scheduler).subscribe(log.subscriber())
        #if os(Linux)
            #expect(openDescriptors(of: url) == 1)
        #endif
        scheduler.advance(by: .zero)
        subscription.dispose()
        #if os(Linux)
            #expect(openDescriptors(of: url) == 0)
        #endif
        #expect(scheduler.isEmpty)
        append("b\n", to: url)
        scheduler.advance(by: interval * 3)
        #expect(log.events == [.next("a")])
    }

    @Test("disposal from inside a poll (take(1)) stops reading; the poll closes the file as it returns")
    func disposalDuringAPoll() throws {
        let url = try file(containing: "a\nb\nc\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let scheduler = TestScheduler()
        let log = EventLog.of(follow(url, on: scheduler).take(1))
        scheduler.advance(by: .zero)
        #expect(log.events == [.next("a"), .completed])
        #if os(Linux)
            #expect(openDescriptors(of: url) == 0)
        #endif
        #expect(scheduler.isEmpty)
    }

    @Test(
        "disposal from another thread while a poll runs: the poll stops reading and closes the file as it returns"
    )
    func disposalFromAnotherThreadDuringAPoll() throws {
        let url = try file(containing: "a\nb\nc\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let scheduler = TestScheduler()
        let inPoll = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let pollReturned = DispatchSemaphore(value: 0)
        let log = EventLog<String, FileHandleError>()
        let subscription = follow(url, on: scheduler).subscribe(
            log.subscriber(onEvent: { event in
                if event.value == "a" {
                    inPoll.signal()  // the poll is delivering "a"…
                    proceed.wait()  // …and waits here while the test thread disposes
                }
            }))
        let poller = Thread {
            scheduler.advance(by: .zero)
            pollReturned.signal()
        }
        poller.start()
        inPoll.wait()
        subscription.dispose()
        #if os(Linux)
            #expect(openDescriptors(of: url) == 1)  // the running poll still owns the file
        #endif
        proceed.signal()
        pollReturned.wait()
        #if os(Linux)
            #expect(openDescriptors(of: url) == 0)
        #endif
        #expect(log.events == [.next("a")])  // b and c were not delivered after disposal
        #expect(scheduler.isEmpty)
    }

    @Test("stress: disposal racing polls on a real queue always closes the file")
    func disposalRacingPolls() throws {
        let url = try file(containing: String(repeating: "line\n", count: 2_000))
        defer { try? FileManager.default.removeItem(at: url) }
        let queue = QueueScheduler(name: "follow-dispose-stress")
        for round in 0..<200 {
            let log = EventLog<String, FileHandleError>()
            let subscription = FileManager.default.rac.followLines(
                atPath: url.path, pollingEvery: .milliseconds(1), on: queue, chunkSize: 64
            ).subscribe(log.subscriber())
            if round % 2 == 0 { _ = log.waitForCount(round % 50) }
            subscription.dispose()
        }
        #if os(Linux)
            #expect(eventually { openDescriptors(of: url) == 0 })
        #endif
    }

    @Test("the follower and its subscriber are released after disposal and after an error")
    func releasesAfterDisposalAndError() throws {
        let url = try file(containing: "a\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let scheduler = TestScheduler()
        weak var disposedLog: EventLog<String, FileHandleError>?
        weak var failedLog: EventLog<String, FileHandleError>?
        do {
            let log = EventLog<String, FileHandleError>()
            disposedLog = log
            let subscription = follow(url, on: scheduler).subscribe(log.subscriber())
            scheduler.advance(by: interval)
            subscription.dispose()
        }
        do {
            let log = EventLog<String, FileHandleError>()
            failedLog = log
            try Data([0x61, 0x0A]).write(to: url)
            follow(url, on: scheduler).subscribe(log.subscriber())
            scheduler.advance(by: .zero)
            onWriterThread {  // a line that is not UTF-8 ends the signal with an error
                let handle = try FileHandle(forWritingTo: url)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data([0xFF, 0x0A]))
                try handle.close()
            }
            scheduler.advance(by: interval)
            #expect(log.error == .invalidUTF8(line: 2, path: url.path))
        }
        #expect(disposedLog == nil)
        #expect(failedLog == nil)
        #expect(scheduler.isEmpty)
    }

    @Test("a file that cannot be opened fails at once with an error naming its path")
    func missingFile() {
        let url = temporaryFile("missing")
        let scheduler = TestScheduler()
        let log = EventLog.of(follow(url, on: scheduler))
        #expect(log.events == [.error(.openFailed(path: url.path, errno: ENOENT))])
        #expect(log.error?.path == url.path)
        #expect(log.error?.description == "cannot open \(url.path): No such file or directory (errno 2)")
        #expect(scheduler.isEmpty)
    }

    @Test("an empty file sends nothing until something is appended")
    func emptyFile() throws {
        let url = try file(containing: "")
        defer { try? FileManager.default.removeItem(at: url) }
        let scheduler = TestScheduler()
        let log = EventLog<String, FileHandleError>()
        let subscription = follow(url, on: scheduler).subscribe(log.subscriber())
        scheduler.advance(by: interval * 2)
        #expect(log.events.isEmpty)
        append("\n", to: url)
        scheduler.advance(by: interval)
        #expect(log.events == [.next("")])
        subscription.dispose()
    }

    @Test("an interval that is not positive stops with a message naming the call and the value")
    func zeroInterval() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = FileManager.default.rac.followLines(atPath: "/dev/null", pollingEvery: .zero, on: .immediate)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("followLines(atPath:from:pollingEvery:on:decoding:chunkSize:)"))
        #expect(message.contains("interval must be > 0, got 0.0 seconds"))
    }

    @Test("the immediate scheduler, which cannot wait between polls, stops with a message naming the call")
    func immediateScheduler() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = FileManager.default.rac.followLines(
                atPath: "/dev/null", pollingEvery: .seconds(1), on: .immediate)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("followLines(atPath:from:pollingEvery:on:decoding:chunkSize:)"))
        #expect(message.contains("the scheduler must be able to defer work, got ImmediateScheduler"))
    }

    @Test("stress: a writer appending in arbitrary pieces while a real queue polls every millisecond")
    func stress() throws {
        let url = try file(containing: "")
        defer { try? FileManager.default.removeItem(at: url) }
        let lines = (0..<3_000).map { "line \($0) " + String(repeating: "é", count: $0 % 40) }
        let bytes = Data((lines.joined(separator: "\n") + "\n").utf8)
        let log = EventLog<String, FileHandleError>()
        let subscription = FileManager.default.rac.followLines(
            atPath: url.path, pollingEvery: .milliseconds(1), on: QueueScheduler(name: "follow-stress"),
            chunkSize: 1_000
        ).subscribe(log.subscriber())
        onWriterThread {
            let handle = try FileHandle(forWritingTo: url)
            var offset = 0
            var step = 1
            while offset < bytes.count {
                let end = min(offset + step, bytes.count)
                try handle.write(contentsOf: bytes[offset..<end])
                offset = end
                step = step % 211 + 7
            }
            try handle.close()
        }
        #expect(log.waitForCount(lines.count))
        subscription.dispose()
        #expect(log.values == lines)
    }
}

/// Runs `body` on a new thread and returns when it has finished (recording what it threw).
func onWriterThread(_ body: @escaping @Sendable () throws -> Void) {
    let done = DispatchSemaphore(value: 0)
    let failure = Locked<(any Error)?>(nil)
    let thread = Thread {
        do { try body() } catch { failure.withValue { $0 = error } }
        done.signal()
    }
    thread.start()
    done.wait()
    if let error = failure.current {
        Issue.record("the writer thread failed: \(error)")
    }
}

#if os(Linux)
    /// How many of this process's descriptors are open on the file at `url`.
    func openDescriptors(of url: URL) -> Int {
        let directory = "/proc/self/fd"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let target = url.resolvingSymlinksInPath().path
        return entries.filter { entry in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\(entry)")) == target
        }.count
    }
#endif
