import Foundation
import RACTestSupport
import Testing

@testable import RACFoundationBridge

@Suite("FileHandle.rac.readInBackground(chunkSize:) and lines(chunkSize:)", .checksRelease)
struct FileHandleTests {
    /// Writes `data` to a fresh temporary file and opens it for reading.
    private func fileHandle(containing data: Data) throws -> (FileHandle, URL) {
        let url = temporaryFile("input")
        try data.write(to: url)
        return (try FileHandle(forReadingFrom: url), url)
    }

    private func concatenated(_ chunks: [Data]) -> Data {
        chunks.reduce(into: Data()) { $0.append($1) }
    }

    @Test("reads a pipe written by another thread, chunk by chunk, and completes when the writer closes it")
    func pipeFromAnotherThread() {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let recorder = EventLog<Data, FileHandleError>()
        let subscription = pipe.fileHandleForReading.rac.readInBackground().subscribe(recorder.subscriber())
        let expected = (0..<200).map { "piece \($0);" }.joined()
        let thread = Thread {
            for index in 0..<200 {
                writer.write(Data("piece \(index);".utf8))
            }
            try? writer.close()
        }
        thread.start()

        #expect(recorder.waitForTerminal())
        #expect(recorder.terminal == .completed)
        #expect(String(decoding: concatenated(recorder.values), as: UTF8.self) == expected)
        #expect(recorder.values.allSatisfy { !$0.isEmpty })
        subscription.dispose()
    }

    @Test("reads a file of several megabytes in chunks of at most chunkSize, then completes")
    func largeFile() throws {
        let contents = randomBytes(6_000_000)
        let (handle, url) = try fileHandle(containing: contents)
        defer { try? FileManager.default.removeItem(at: url) }
        let recorder = EventLog<Data, FileHandleError>()
        handle.rac.readInBackground(chunkSize: 65_536).subscribe(recorder.subscriber())

        #expect(recorder.waitForTerminal())
        #expect(recorder.terminal == .completed)
        #expect(concatenated(recorder.values) == contents)
        #expect(recorder.values.allSatisfy { $0.count <= 65_536 && !$0.isEmpty })
        // A regular file is read in full chunks: ceil(6_000_000 / 65_536) of them.
        #expect(recorder.values.count == 92)
    }

    @Test("an empty file completes at once without values")
    func emptyFile() throws {
        let (handle, url) = try fileHandle(containing: Data())
        defer { try? FileManager.default.removeItem(at: url) }
        let chunks = EventLog<Data, FileHandleError>()
        handle.rac.readInBackground().subscribe(chunks.subscriber())
        #expect(chunks.waitForTerminal())
        #expect(chunks.events == [.completed])
    }

    @Test("lines: a file with no final newline sends its last line before completing; empty lines are kept")
    func linesWithoutFinalNewline() throws {
        let (handle, url) = try fileHandle(containing: Data("first\nsecond\n\nlast".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let recorder = EventLog<String, FileHandleError>()
        handle.rac.lines().subscribe(recorder.subscriber())
        #expect(recorder.waitForTerminal())
        #expect(recorder.events == [.next("first"), .next("second"), .next(""), .next("last"), .completed])
    }

    @Test("lines: a final newline ends the last line (no empty line after it); CRLF ends a line too")
    func linesWithFinalNewlineAndCRLF() throws {
        let (handle, url) = try fileHandle(containing: Data("one\r\ntwo\nthree\r\n".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let recorder = EventLog<String, FileHandleError>()
        handle.rac.lines().subscribe(recorder.subscriber())
        #expect(recorder.waitForTerminal())
        #expect(recorder.events == [.next("one"), .next("two"), .next("three"), .completed])
    }

    @Test("lines: lines and multi-byte characters split across tiny chunks are reassembled")
    func linesAcrossChunks() throws {
        let text = "héllo wörld\n日本語のテキスト\n\nemoji 🎉🎉\nend"
        let (handle, url) = try fileHandle(containing: Data(text.utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        for chunkSize in [1, 2, 3, 5, 7, 64] {
            try handle.seek(toOffset: 0)
            let recorder = EventLog<String, FileHandleError>()
            handle.rac.lines(chunkSize: chunkSize).subscribe(recorder.subscriber())
            #expect(recorder.waitForTerminal())
            #expect(
                recorder.events
                    == [
                        .next("héllo wörld"), .next("日本語のテキスト"), .next(""), .next("emoji 🎉🎉"), .next("end"),
                        .completed,
                    ],
                "chunkSize \(chunkSize)")
        }
    }

    @Test("lines: a pipe fed in pieces that cut lines anywhere yields whole lines")
    func linesFromPipe() {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let recorder = EventLog<String, FileHandleError>()
        pipe.fileHandleForReading.rac.lines().subscribe(recorder.subscriber())
        let lines = (0..<1_000).map { "line number \($0)" }
        let bytes = Data(lines.joined(separator: "\n").utf8)
        let thread = Thread {
            var offset = 0
            var step = 1
            while offset < bytes.count {
                let end = min(offset + step, bytes.count)
                writer.write(bytes[offset..<end])
                offset = end
                step = step % 97 + 13
            }
            try? writer.close()
        }
        thread.start()
        #expect(recorder.waitForTerminal())
        #expect(recorder.values == lines)
        #expect(recorder.terminal == .completed)
    }

    @Test("lines: many lines from a large file, in order")
    func linesFromLargeFile() throws {
        let lines = (0..<100_000).map { "row \($0) " + String(repeating: "x", count: $0 % 50) }
        let (handle, url) = try fileHandle(containing: Data((lines.joined(separator: "\n") + "\n").utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let recorder = EventLog<String, FileHandleError>()
        handle.rac.lines(chunkSize: 4_096).subscribe(recorder.subscriber())
        #expect(recorder.waitForTerminal())
        #expect(recorder.values == lines)
        #expect(recorder.terminal == .completed)
    }

    @Test("lines: a line that is not UTF-8 fails with an error naming the line")
    func invalidUTF8() throws {
        var bytes = Data("good\n".utf8)
        bytes.append(contentsOf: [0x62, 0x61, 0x64, 0xFF, 0xFE, 0x0A])
        bytes.append(Data("never sent\n".utf8))
        let (handle, url) = try fileHandle(containing: bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let recorder = EventLog<String, FileHandleError>()
        handle.rac.lines().subscribe(recorder.subscriber())
        #expect(recorder.waitForTerminal())
        let path = url.resolvingSymlinksInPath().path
        #expect(recorder.events == [.next("good"), .error(.invalidUTF8(line: 2, path: path))])
        #expect(recorder.error?.description == "FileHandle line 2 of \(path) is not valid UTF-8")
        #expect("\(FileHandleError.invalidUTF8(line: 2))" == "FileHandle line 2 is not valid UTF-8")
    }

    @Test("a closed handle fails with .closed, whose message names the problem, and does not crash")
    func closedHandle() throws {
        let (handle, url) = try fileHandle(containing: Data("data".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        try handle.close()
        let chunks = EventLog<Data, FileHandleError>()
        handle.rac.readInBackground().subscribe(chunks.subscriber())
        #expect(chunks.events == [.error(.closed)])
        let lines = EventLog<String, FileHandleError>()
        handle.rac.lines().subscribe(lines.subscriber())
        #expect(lines.events == [.error(.closed)])
        #expect("\(FileHandleError.closed)".contains("closed"))
    }

    @Test("a handle that cannot be read (opened for writing only) fails with the read error")
    func unreadableHandle() throws {
        let url = temporaryFile("write-only")
        try Data().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let recorder = EventLog<Data, FileHandleError>()
        handle.rac.readInBackground().subscribe(recorder.subscriber())
        #expect(recorder.waitForTerminal())
        #expect(recorder.events == [.error(.closed)])  // read(2) says EBADF: not open for reading
    }

    @Test("system-call errors name the call and the errno")
    func systemCallErrorDescription() {
        let error = FileHandleError.systemCallFailed(operation: "read", errno: EIO)
        #expect(error.description.hasPrefix("FileHandle read failed: "))
        #expect(error.description.hasSuffix("(errno \(EIO))"))
    }

    @Test("disposing while the reader waits on an idle pipe stops it at once and releases the handle")
    func disposeIdlePipeReleasesHandle() throws {
        weak var weakReader: FileHandle?
        let writer: FileHandle
        let recorder = EventLog<Data, FileHandleError>()
        let subscription: any Disposable
        do {
            let pipe = Pipe()
            writer = pipe.fileHandleForWriting
            weakReader = pipe.fileHandleForReading
            subscription = pipe.fileHandleForReading.rac.readInBackground().subscribe(recorder.subscriber())
        }
        writer.write(Data("before".utf8))
        #expect(recorder.waitForCount(1))
        #expect(weakReader != nil)  // the reader thread holds it while it waits for more

        subscription.dispose()
        #expect(eventually { weakReader == nil })  // the reader woke up, ended and let go
        #expect(recorder.events == [.next(Data("before".utf8))])
        try writer.close()
    }

    @Test("after dispose the reader reads nothing more: later bytes stay in the pipe")
    func disposeStopsReading() throws {
        let pipe = Pipe()
        let recorder = EventLog<Data, FileHandleError>()
        let subscription = pipe.fileHandleForReading.rac.readInBackground().subscribe(recorder.subscriber())
        pipe.fileHandleForWriting.write(Data("before".utf8))
        #expect(recorder.waitForCount(1))
        subscription.dispose()

        try pipe.fileHandleForWriting.write(contentsOf: Data("after".utf8))
        try pipe.fileHandleForWriting.close()
        // The bytes written after dispose are still there for someone else to read.
        #expect(try pipe.fileHandleForReading.readToEnd() == Data("after".utf8))
        #expect(recorder.events == [.next(Data("before".utf8))])
    }

    @Test("disposing from inside the first chunk's callback: exactly one chunk, nothing after")
    func disposeFromCallback() throws {
        let (handle, url) = try fileHandle(containing: Data(repeating: 7, count: 1_000_000))
        defer { try? FileManager.default.removeItem(at: url) }
        let recorder = EventLog<Data, FileHandleError>()
        let record = recorder.subscriber()
        nonisolated(unsafe) var itself: Subscriber<Data, FileHandleError>?
        let subscriber = Subscriber<Data, FileHandleError> { event in
            record.send(event)
            itself?.dispose()
        }
        itself = subscriber
        handle.rac.readInBackground(chunkSize: 1_000).subscribe(subscriber)
        #expect(eventually { subscriber.isDisposed })
        #expect(recorder.count == 1)
        #expect(recorder.events.first?.value?.count == 1_000)
        expectReleased(subscriber, "the subscriber that disposed itself, which captures itself until then")
    }

    @Test("a file is released when its reader ends and nothing else holds it")
    func handleReleasedAfterCompletion() throws {
        let url = temporaryFile("release")
        try Data("abc".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        weak var weakHandle: FileHandle?
        let recorder = EventLog<Data, FileHandleError>()
        do {
            let handle = try FileHandle(forReadingFrom: url)
            weakHandle = handle
            handle.rac.readInBackground().subscribe(recorder.subscriber())
        }
        #expect(recorder.waitForTerminal())
        #expect(recorder.events == [.next(Data("abc".utf8)), .completed])
        #expect(eventually { weakHandle == nil })
    }

    @Test("each subscription starts its own reader at the handle's current position")
    func coldSubscriptions() throws {
        let (handle, url) = try fileHandle(containing: Data("0123456789".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let signal = handle.rac.readInBackground()
        let first = EventLog<Data, FileHandleError>()
        signal.subscribe(first.subscriber())
        #expect(first.waitForTerminal())
        try handle.seek(toOffset: 4)
        let second = EventLog<Data, FileHandleError>()
        signal.subscribe(second.subscriber())
        #expect(second.waitForTerminal())
        #expect(first.events == [.next(Data("0123456789".utf8)), .completed])
        #expect(second.events == [.next(Data("456789".utf8)), .completed])
    }

    @Test("a chunk size of zero stops with a message naming the call and the value")
    func zeroChunkSize() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = FileHandle.nullDevice.rac.readInBackground(chunkSize: 0)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("readInBackground(chunkSize:)"))
        #expect(message.contains("got 0"))
    }
}

@Suite("LineSplitter", .checksRelease)
struct LineSplitterTests {
    @Test("splits, joins pieces and keeps the remainder for the end")
    func splitting() throws {
        var splitter = LineSplitter()
        #expect(splitter.append(Data("ab".utf8)).lines == [])
        #expect(splitter.append(Data("c\nd".utf8)).lines.map(\.text) == ["abc"])
        #expect(
            splitter.append(Data("\n\n".utf8)).lines == [
                NumberedLine(number: 2, text: "d"), NumberedLine(number: 3, text: ""),
            ])
        #expect(splitter.append(Data("tail".utf8)).lines == [])
        #expect(splitter.hasPartialLine)
        #expect(try splitter.finish().get() == NumberedLine(number: 4, text: "tail"))
        #expect(try splitter.finish().get() == nil)
        #expect(splitter.lineCount == 4)
    }
}
