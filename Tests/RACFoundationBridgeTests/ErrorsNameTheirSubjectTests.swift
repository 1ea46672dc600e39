import Foundation
import RACTestSupport
import Testing

@testable import RACFoundationBridge

/// Errors that say what failed: a URL request's timeout names its URL, as a refused connection
/// does; a file handle's error names its file when one is known.
@Suite("Errors name the URL or file that failed", .checksRelease)
struct ErrorsNameTheirSubjectTests {
    @Test("timeout(_:on:url:) fails with a timed-out error whose failingURL and message are the URL")
    func timeoutNamingTheURL() throws {
        let url = try #require(URL(string: "http://127.0.0.1:9/health"))
        let scheduler = TestScheduler()
        let log = EventLog.of(
            Signal<Int, URLRequestError>.never.timeout(scheduler.frames(2), on: scheduler, url: url))
        scheduler.advance(frames: 1)
        #expect(log.count == 0)
        scheduler.advance(frames: 1)
        #expect(log.count == 1)
        let error = try #require(log.error)
        #expect(error.urlErrorCode == .timedOut)
        guard case .transport(let urlError) = error else {
            Issue.record("expected transport, got \(error)")
            return
        }
        #expect(urlError.failingURL == url)
        #expect(
            error.description
                == "URL request failed (URLError -1001) for \(url): timed out after 0.002 seconds")
        #expect(scheduler.isEmpty)
    }

    @Test("session.rac.data(for:timeout:on:) against a real slow server names the request's URL")
    func dataWithTimeoutAgainstSlowServer() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        let url = server.url("/slow")
        let scheduler = QueueScheduler(name: "timeout-names-url")
        let plain = EventLog.of(
            session.rac.data(for: URLRequest(url: url), timeout: .milliseconds(100), on: scheduler))
        let validated = EventLog.of(
            session.rac.data(
                for: URLRequest(url: url), validatingStatus: 200..<300, timeout: .milliseconds(100),
                on: scheduler))
        for log in [plain, validated] {
            #expect(log.waitForTerminal())
            #expect(log.values.isEmpty)
            #expect(log.error?.urlErrorCode == .timedOut)
            #expect(
                log.error?.description
                    == "URL request failed (URLError -1001) for \(url): timed out after 0.1 seconds")
        }
    }

    @Test("an answer in time is forwarded unchanged by data(for:timeout:on:)")
    func dataWithTimeoutInTime() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        let log = EventLog.of(
            session.rac.data(
                for: URLRequest(url: server.url("/missing")), validatingStatus: 200..<300,
                timeout: .seconds(30),
                on: QueueScheduler(name: "timeout-in-time")))
        #expect(log.waitForTerminal())
        #expect(log.error?.statusCode == 404)
        #expect(log.error?.description.contains(server.url("/missing").absoluteString) == true)
    }

    @Test("reading a directory fails with the read error, naming the directory")
    func readErrorNamesThePath() throws {
        let directory = temporaryFile("directory")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let handle = try #require(FileHandle(forReadingAtPath: directory.path))
        defer { try? handle.close() }
        let log = EventLog.of(handle.rac.readInBackground())
        #expect(log.waitForTerminal())
        let path = directory.resolvingSymlinksInPath().path
        #expect(log.events == [.error(.systemCallFailed(operation: "read", errno: EISDIR, path: path))])
        #expect(log.error?.path == path)
        #expect(log.error?.description == "FileHandle read failed for \(path): Is a directory (errno 21)")
    }

    @Test("a handle with no path (a pipe) names none; an error made without a path reads as before")
    func noPathWhenNoneIsKnown() {
        let pipe = Pipe()
        #expect(descriptorPath(pipe.fileHandleForReading.fileDescriptor) == nil)
        #expect(descriptorPath(-1) == nil)
        let error = FileHandleError.systemCallFailed(operation: "read", errno: EIO)
        #expect(error.path == nil)
        #expect(error.description == "FileHandle read failed: Input/output error (errno 5)")
        #expect(FileHandleError.closed.path == nil)
    }
}
