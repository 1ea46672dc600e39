import Foundation
import RACFoundationBridge
import RACTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Each test starts its own server on an ephemeral port of 127.0.0.1 and stops it at the end.
@Suite("URLSession.rac against a real HTTP server on 127.0.0.1", .checksRelease)
struct URLSessionTests {
    private let session = URLSession(configuration: .ephemeral)

    @Test("data(for:) sends (body, HTTP response) then completes")
    func success() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let recorder = EventLog<(Data, HTTPURLResponse), URLRequestError>()
        session.rac.data(for: URLRequest(url: server.url("/hello"))).subscribe(recorder.subscriber())

        #expect(recorder.waitForTerminal())
        #expect(recorder.events.count == 2)
        let (body, response) = try #require(recorder.values.first)
        #expect(String(decoding: body, as: UTF8.self) == "hello, world")
        #expect(response.statusCode == 200)
        #expect(response.url == server.url("/hello"))
        guard case .completed = recorder.events.last else {
            Issue.record("expected completed, got \(recorder.events)")
            return
        }
    }

    @Test("the signal is cold: every subscription makes the request again")
    func oneRequestPerSubscription() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let signal = session.rac.data(for: URLRequest(url: server.url("/hello")))
        #expect(server.paths == [])  // nothing before subscribing
        for _ in 0..<3 {
            let recorder = EventLog<(Data, HTTPURLResponse), URLRequestError>()
            signal.subscribe(recorder.subscriber())
            #expect(recorder.waitForTerminal())
            #expect(recorder.values.map { String(decoding: $0.0, as: UTF8.self) } == ["hello, world"])
        }
        #expect(server.paths == ["/hello", "/hello", "/hello"])
    }

    @Test("data(for:) treats a 404 as a value; data(for:validatingStatus:) fails with its status and body")
    func notFound() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let request = URLRequest(url: server.url("/missing"))

        let plain = EventLog<(Data, HTTPURLResponse), URLRequestError>()
        session.rac.data(for: request).subscribe(plain.subscriber())
        #expect(plain.waitForTerminal())
        #expect(plain.values.map(\.1.statusCode) == [404])
        #expect(plain.values.map { String(decoding: $0.0, as: UTF8.self) } == ["no such page: /missing"])

        let validated = EventLog<(Data, HTTPURLResponse), URLRequestError>()
        session.rac.data(for: request, validatingStatus: 200..<300).subscribe(validated.subscriber())
        #expect(validated.waitForTerminal())
        #expect(validated.events.count == 1)
        let error = try #require(validated.error)
        guard case .unacceptableStatus(let code, let body, let response) = error else {
            Issue.record("expected unacceptableStatus, got \(error)")
            return
        }
        #expect(code == 404)
        #expect(String(decoding: body, as: UTF8.self) == "no such page: /missing")
        #expect(response.statusCode == 404)
        #expect(error.statusCode == 404)
        #expect(error.description.contains("HTTP status 404"))
    }

    @Test("data(for:validatingStatus:) lets an accepted status through, with a closed range too")
    func validatedSuccess() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let recorder = EventLog<(Data, HTTPURLResponse), URLRequestError>()
        session.rac.data(for: URLRequest(url: server.url("/hello")), validatingStatus: 200...299)
            .subscribe(recorder.subscriber())
        #expect(recorder.waitForTerminal())
        #expect(recorder.values.map(\.1.statusCode) == [200])
        #expect(recorder.error == nil)
    }

    @Test("connection refused fails with a transport error naming it")
    func connectionRefused() throws {
        let refusing = try RefusingPort()
        defer { refusing.release() }
        let url = URL(string: "http://127.0.0.1:\(refusing.port)/")!
        let recorder = EventLog<(Data, HTTPURLResponse), URLRequestError>()
        session.rac.data(for: URLRequest(url: url)).subscribe(recorder.subscriber())
        #expect(recorder.waitForTerminal())
        #expect(recorder.events.count == 1)
        let error = try #require(recorder.error)
        #expect(error.urlErrorCode == .cannotConnectToHost)
        #expect(error.description.contains("URLError -1004"))
        #expect(error.description.contains("127.0.0.1:\(refusing.port)"))
    }

    @Test(
        "malformed requests fail with a transport error that names the problem, not a crash",
        arguments: [
            ("relative/path", URLError.Code.unsupportedURL, "unsupported URL"),
            ("gopher-ish://host/x", URLError.Code.unsupportedURL, "unsupported URL"),
            ("http:///no-host", URLError.Code.badURL, "must have a host"),
        ])
    func malformedRequest(url: String, code: URLError.Code, message: String) throws {
        let recorder = EventLog<(Data, HTTPURLResponse), URLRequestError>()
        session.rac.data(for: URLRequest(url: try #require(URL(string: url)))).subscribe(
            recorder.subscriber())
        #expect(recorder.waitForTerminal())
        let error = try #require(recorder.error)
        #expect(error.urlErrorCode == code)
        #expect(error.description.contains(message), "\(error)")
    }

    @Test("a non-HTTP response (a data: URL) fails with notHTTP")
    func nonHTTPResponse() throws {
        let recorder = EventLog<(Data, HTTPURLResponse), URLRequestError>()
        session.rac.data(for: URLRequest(url: URL(string: "data:text/plain,hi")!)).subscribe(
            recorder.subscriber())
        #expect(recorder.waitForTerminal())
        let error = try #require(recorder.error)
        guard case .notHTTP = error else {
            Issue.record("expected notHTTP, got \(error)")
            return
        }
        #expect(error.description.contains("non-HTTP response"))
    }

    @Test("disposing mid-download cancels the task: the server sees the client go, nothing is sent")
    func disposeCancelsDataTask() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        weak var weakToken: Token?
        let recorder = EventLog<(Data, HTTPURLResponse), URLRequestError>()
        let subscription: any Disposable
        do {
            let token = Token()
            weakToken = token
            let record = recorder.subscriber()
            subscription = session.rac.data(for: URLRequest(url: server.url("/slow"))).subscribe(
                Subscriber { event in withExtendedLifetime(token) { record.send(event) } })
        }
        #expect(eventually { server.slowBytes >= 4_096 })  // the body is flowing
        subscription.dispose()
        #expect(weakToken == nil)  // the subscriber's closures are released at once
        #expect(eventually { server.clientsGone == 1 })  // the connection was really closed
        #expect(server.slowBytes < HTTPTestServer.slowLength)
        #expect(recorder.events.isEmpty)
    }

    @Test("download(for:) reports progress that adds up to the body, then the file and the response")
    func downloadWithProgress() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let recorder = EventLog<DownloadEvent, URLRequestError>()
        session.rac.download(for: URLRequest(url: server.url("/big"))).subscribe(recorder.subscriber())
        #expect(recorder.waitForTerminal())
        #expect(recorder.error == nil)

        var progress: [(received: Int64, expected: Int64?)] = []
        var finished: (URL, HTTPURLResponse)?
        for event in recorder.values {
            switch event {
            case .progress(let received, let expected):
                #expect(finished == nil, "progress after finished")
                progress.append((received, expected))
            case .finished(let location, let response):
                #expect(finished == nil, "finished twice")
                finished = (location, response)
            }
        }
        let size = Int64(HTTPTestServer.bigBody.count)
        #expect(!progress.isEmpty)
        #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.received < $1.received })
        #expect(progress.last?.received == size)
        #expect(progress.allSatisfy { $0.expected == size })
        let (location, response) = try #require(finished)
        defer { try? FileManager.default.removeItem(at: location) }
        #expect(response.statusCode == 200)
        #expect(try Data(contentsOf: location) == HTTPTestServer.bigBody)
    }

    @Test("download(for:) of a refused connection fails with the transport error")
    func downloadRefused() throws {
        let refusing = try RefusingPort()
        defer { refusing.release() }
        let recorder = EventLog<DownloadEvent, URLRequestError>()
        session.rac.download(for: URLRequest(url: URL(string: "http://127.0.0.1:\(refusing.port)/")!))
            .subscribe(recorder.subscriber())
        #expect(recorder.waitForTerminal())
        #expect(recorder.events.count == 1)
        #expect(recorder.error?.urlErrorCode == .cannotConnectToHost)
    }

    @Test("disposing a download mid-way cancels it: the server sees the client go, nothing more is sent")
    func disposeCancelsDownload() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        weak var weakToken: Token?
        let recorder = EventLog<DownloadEvent, URLRequestError>()
        let subscription: any Disposable
        do {
            let token = Token()
            weakToken = token
            let record = recorder.subscriber()
            subscription = session.rac.download(for: URLRequest(url: server.url("/slow"))).subscribe(
                Subscriber { event in withExtendedLifetime(token) { record.send(event) } })
        }
        #expect(recorder.waitForCount(1))  // progress is arriving
        subscription.dispose()
        let countAtDispose = recorder.count
        // Progress arrives on another thread: a delivery already running when dispose() is called
        // may finish (dispose() never waits), and its closures are released when it returns. No
        // delivery starts afterwards.
        #expect(eventually { weakToken == nil })
        #expect(eventually { server.clientsGone == 1 })
        #expect(recorder.count <= countAtDispose + 1)
        #expect(
            recorder.values.allSatisfy {
                if case .progress(_, let expected) = $0 {
                    return expected == Int64(HTTPTestServer.slowLength)
                }
                return false
            })
    }
}
