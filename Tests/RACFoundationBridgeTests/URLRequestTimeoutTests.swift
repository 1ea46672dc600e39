import Foundation
import RACFoundationBridge
import RACTestSupport
import RACTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLRequestError.timedOut and timeout(_:on:) for URL signals", .checksRelease)
struct URLRequestTimeoutTests {
    @Test("timedOut(after:url:) is the transport case URLSession uses, with the interval and URL")
    func timedOutError() throws {
        let url = try #require(URL(string: "http://127.0.0.1:9/poll"))
        let error = URLRequestError.timedOut(after: .seconds(2), url: url)
        #expect(error.urlErrorCode == .timedOut)
        #expect(error.statusCode == nil)
        guard case .transport(let urlError) = error else {
            Issue.record("expected transport, got \(error)")
            return
        }
        #expect(urlError.failingURL == url)
        #expect(
            error.description
                == "URL request failed (URLError -1001) for \(url.absoluteString): timed out after 2.0 seconds"
        )
        #expect(
            URLRequestError.timedOut(after: .milliseconds(5)).description
                == "URL request failed (URLError -1001): timed out after 0.005 seconds")
    }

    @Test("values before the deadline pass; a signal still running at the deadline fails with timedOut")
    func virtualTimeTimeout() {
        let scheduler = TestScheduler()
        let source = Subject<Int, URLRequestError>()
        let log = EventLog<Int, URLRequestError>.of(source.timeout(scheduler.frames(3), on: scheduler))
        scheduler.advance(frames: 1)
        source.sendNext(1)
        scheduler.advance(frames: 2)
        source.sendNext(2)  // after the deadline: the subscription is gone
        #expect(log.values == [1])
        #expect(log.error?.urlErrorCode == .timedOut)
        #expect(log.error?.description.hasSuffix("timed out after 0.003 seconds") == true)
        #expect(log.count == 2)
    }

    @Test("a signal that terminates in time is forwarded unchanged: completion, error, empty")
    func terminatesInTime() {
        let scheduler = TestScheduler()
        let completing = EventLog<Int, URLRequestError>.of(
            Signal<Int, URLRequestError>(value: 7).timeout(scheduler.frames(1), on: scheduler))
        let failing = EventLog<Int, URLRequestError>.of(
            Signal<Int, URLRequestError>(error: .fileSystem(reason: "disk full"))
                .timeout(scheduler.frames(1), on: scheduler))
        let empty = EventLog<Int, URLRequestError>.of(
            Signal<Int, URLRequestError>.empty.timeout(scheduler.frames(1), on: scheduler))
        scheduler.run()
        #expect(completing.descriptions == ["7", "|"])
        #expect(failing.error?.description == "URL download could not keep the downloaded file: disk full")
        #expect(failing.count == 1)
        #expect(empty.descriptions == ["|"])
    }

    @Test("disposing before the deadline sends nothing and cancels the timer")
    func disposal() {
        let scheduler = TestScheduler()
        let log = EventLog<Int, URLRequestError>()
        let subscription = Signal<Int, URLRequestError>.never.timeout(scheduler.frames(2), on: scheduler)
            .subscribe(log.subscriber())
        scheduler.advance(frames: 1)
        subscription.dispose()
        scheduler.run()
        #expect(log.count == 0)
        #expect(scheduler.isEmpty)
    }

    @Test("timeout before retry gives each attempt its own time against a real, slow server")
    func timeoutThenRetryAgainstSlowServer() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        let attempts = Locked(0)
        let request = URLRequest(url: server.url("/slow"))
        let poll = Signal.defer {
            attempts.withValue { $0 += 1 }
            return session.rac.data(for: request)
        }
        .timeout(.milliseconds(150), on: QueueScheduler(name: "timeout-test"))
        .retry(2)
        let log = EventLog.of(poll)
        #expect(log.waitForTerminal())
        #expect(log.values.isEmpty)
        #expect(log.error?.urlErrorCode == .timedOut)
        #expect(attempts.withValue { $0 } == 3)
        #expect(eventually { server.paths == ["/slow", "/slow", "/slow"] })
    }
}
