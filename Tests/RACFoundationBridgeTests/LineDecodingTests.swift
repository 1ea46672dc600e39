import Foundation
import RACTestSupport
import Testing

@testable import RACFoundationBridge

/// `LineDecoding` (`.strict`, the default, and `.lenient`) and `numberedLines(chunkSize:decoding:)`.
@Suite("Line readers: strict and lenient UTF-8 decoding, numbered lines", .checksRelease)
struct LineDecodingTests {
    /// "good\n", "bad\xFF\xFE\n", "after\n": the second line is not UTF-8.
    // Computed, not stored: LeakSanitizer does not see a global `Data`'s tagged storage pointer
    // and reported the stored one as leaked.
    private static var badSecondLine: Data {
        var bytes = Data("good\n".utf8)
        bytes.append(contentsOf: [0x62, 0x61, 0x64, 0xFF, 0xFE, 0x0A])
        bytes.append(Data("after\n".utf8))
        return bytes
    }

    /// A fresh temporary file holding `data`, opened for reading.
    private func reading(_ data: Data) throws -> (FileHandle, URL) {
        let url = temporaryFile("decoding")
        try data.write(to: url)
        return (try FileHandle(forReadingFrom: url), url)
    }

    @Test("strict is the default: the bad line fails the signal and later lines are lost")
    func strictByDefault() throws {
        let (handle, url) = try reading(Self.badSecondLine)
        defer { try? FileManager.default.removeItem(at: url) }
        let log = EventLog.of(handle.rac.lines())
        #expect(log.waitForTerminal())
        #expect(
            log.events == [
                .next("good"), .error(.invalidUTF8(line: 2, path: url.resolvingSymlinksInPath().path)),
            ])
    }

    @Test("lenient: bad bytes become U+FFFD and every later line is delivered")
    func lenientLines() throws {
        let (handle, url) = try reading(Self.badSecondLine)
        defer { try? FileManager.default.removeItem(at: url) }
        let log = EventLog.of(handle.rac.lines(decoding: .lenient))
        #expect(log.waitForTerminal())
        #expect(log.events == [.next("good"), .next("bad\u{FFFD}\u{FFFD}"), .next("after"), .completed])
    }

    @Test("numberedLines: numbers from 1, marks the repaired line; strict fails naming the number")
    func numbered() throws {
        for chunkSize in [1, 2, 65_536] {
            let (handle, url) = try reading(Self.badSecondLine)
            defer { try? FileManager.default.removeItem(at: url) }
            let lenient = EventLog.of(handle.rac.numberedLines(chunkSize: chunkSize, decoding: .lenient))
            #expect(lenient.waitForTerminal())
            #expect(
                lenient.events == [
                    .next(NumberedLine(number: 1, text: "good")),
                    .next(NumberedLine(number: 2, text: "bad\u{FFFD}\u{FFFD}", isRepaired: true)),
                    .next(NumberedLine(number: 3, text: "after")), .completed,
                ], "chunkSize \(chunkSize)")
            try handle.seek(toOffset: 0)
            let strict = EventLog.of(handle.rac.numberedLines(chunkSize: chunkSize))
            #expect(strict.waitForTerminal())
            #expect(
                strict.events == [
                    .next(NumberedLine(number: 1, text: "good")),
                    .error(.invalidUTF8(line: 2, path: url.resolvingSymlinksInPath().path)),
                ])
        }
        #expect(
            "\(NumberedLine(number: 2, text: "b\u{FFFD}", isRepaired: true))" == "2: b\u{FFFD} (repaired)")
        #expect("\(NumberedLine(number: 7, text: "ok"))" == "7: ok")
    }

    @Test("lenient: valid characters cut across one-byte chunks are not repaired; a cut-off final one is")
    func multiByteAcrossChunks() throws {
        var bytes = Data("héllo\n日本\n".utf8)
        bytes.append(contentsOf: [0x61, 0xC3])  // "a" and the first byte of "é", then end of file
        let (handle, url) = try reading(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let log = EventLog.of(handle.rac.numberedLines(chunkSize: 1, decoding: .lenient))
        #expect(log.waitForTerminal())
        #expect(
            log.events == [
                .next(NumberedLine(number: 1, text: "héllo")), .next(NumberedLine(number: 2, text: "日本")),
                .next(NumberedLine(number: 3, text: "a\u{FFFD}", isRepaired: true)), .completed,
            ])
    }

    @Test("empty input: numberedLines completes without values in both modes")
    func empty() throws {
        for decoding in [LineDecoding.strict, .lenient] {
            let (handle, url) = try reading(Data())
            defer { try? FileManager.default.removeItem(at: url) }
            let log = EventLog.of(handle.rac.numberedLines(decoding: decoding))
            #expect(log.waitForTerminal())
            #expect(log.events == [.completed])
        }
    }

    @Test("followLines: strict fails naming the line and the path; lenient repairs and goes on")
    func following() throws {
        let url = temporaryFile("follow-decoding")
        try Self.badSecondLine.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let scheduler = TestScheduler()
        let strict = EventLog.of(
            FileManager.default.rac.followLines(atPath: url.path, pollingEvery: .seconds(1), on: scheduler))
        let lenient = EventLog<String, FileHandleError>()
        let subscription = FileManager.default.rac.followLines(
            atPath: url.path, pollingEvery: .seconds(1), on: scheduler, decoding: .lenient
        ).subscribe(lenient.subscriber())
        scheduler.advance(by: .zero)
        #expect(strict.events == [.next("good"), .error(.invalidUTF8(line: 2, path: url.path))])
        #expect(strict.error?.description == "FileHandle line 2 of \(url.path) is not valid UTF-8")
        #expect(lenient.events == [.next("good"), .next("bad\u{FFFD}\u{FFFD}"), .next("after")])
        subscription.dispose()
        #expect(scheduler.isEmpty)
    }
}
