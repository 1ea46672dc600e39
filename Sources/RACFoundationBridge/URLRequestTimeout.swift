// A ready-made timed-out error for URL signals, and `timeout(_:on:)` that raises it.

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLRequestError {
    /// The error of a request that did not finish in `interval`: `transport(URLError(.timedOut))`,
    /// the same case URLSession reports when its own `timeoutInterval` runs out, so one `catch`
    /// (or one check of `urlErrorCode == .timedOut`) handles both.
    ///
    /// RAC: none (RAC's `-timeout:onScheduler:` sent `RACSignalErrorTimedOut`; a URL signal here
    /// fails with `URLRequestError`, so its timeout needs an error of that type).
    ///
    /// ```
    /// data(for: r).timeout(2 s, on: s, raising: .timedOut(after: 2 s)):  --#(transport(timedOut))
    /// ```
    ///
    /// - Parameters:
    ///   - interval: how long the request was given; it is part of the message.
    ///   - url: the request's URL, if known; it becomes the error's `failingURL`.
    public static func timedOut(after interval: Duration, url: URL? = nil) -> URLRequestError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: "timed out after \(interval)"]
        if let url {
            info[NSURLErrorFailingURLErrorKey] = url
        }
        return .transport(URLError(.timedOut, userInfo: info))
    }
}

extension Signal where Failure == URLRequestError {
    /// RAC: `-timeout:onScheduler:` for URL signals. Forwards the signal, but if it has not
    /// terminated `interval` after subscription, disposes it (which cancels the request) and fails
    /// with `URLRequestError.timedOut(after: interval)`.
    ///
    /// Put it before `retry(_:)` to give every attempt its own time, after `retry(_:)` to bound
    /// all attempts together. The operator does not know the request, so its error names no URL;
    /// `timeout(_:on:url:)` and `session.rac.data(for:timeout:on:)` name it.
    ///
    /// ```
    /// request:           ------((data, response)|)
    /// timeout(3):        ---#(transport(timedOut))
    /// ```
    public func timeout(_ interval: Duration, on scheduler: Scheduler) -> Signal<Value, URLRequestError> {
        timeout(interval, on: scheduler, raising: .timedOut(after: interval))
    }
}

extension Signal where Failure == URLRequestError {
    /// RAC: `-timeout:onScheduler:` for URL signals, naming the request. As `timeout(_:on:)`, but
    /// the timed-out error is `URLRequestError.timedOut(after: interval, url: url)`: its
    /// `failingURL` is `url` and its description names it, as URLSession's own errors (a refused
    /// connection, its own timeout) do. `session.rac.data(for:timeout:on:)` passes the request's
    /// URL for you.
    ///
    /// ```
    /// request:              ------((data, response)|)
    /// timeout(3, url: u):   ---#(transport(timedOut) for u)
    /// ```
    public func timeout(_ interval: Duration, on scheduler: Scheduler, url: URL?) -> Signal<
        Value, URLRequestError
    > {
        timeout(interval, on: scheduler, raising: .timedOut(after: interval, url: url))
    }
}

extension RACExtension where Base: URLSession {
    /// `data(for:)` with a deadline: fails with `URLRequestError.timedOut(after:url:)`, naming the
    /// request's URL, if the response has not arrived `interval` after subscription (the task is
    /// cancelled then). The clock runs on `scheduler`, so a `TestScheduler` drives it in tests.
    ///
    /// RAC: `+[NSURLConnection rac_sendAsynchronousRequest:]` followed by `-timeout:onScheduler:`.
    ///
    /// ```
    /// answers in time:  ----((data, response)|)
    /// too slow:         ---#(transport(timedOut) for http://127.0.0.1:8080/health)
    /// ```
    public func data(
        for request: URLRequest, timeout interval: Duration, on scheduler: Scheduler
    ) -> Signal<(Data, HTTPURLResponse), URLRequestError> {
        data(for: request).timeout(interval, on: scheduler, url: request.url)
    }

    /// `data(for:validatingStatus:)` with a deadline, as `data(for:timeout:on:)`: the timed-out
    /// error names the request's URL.
    ///
    /// RAC: `rac_sendAsynchronousRequest:`, a status check and `-timeout:onScheduler:`.
    ///
    /// ```
    /// 200 in time:      ----((data, response)|)
    /// 503 in time:      ----#(unacceptableStatus(503, body))
    /// too slow:         ---#(transport(timedOut) for http://127.0.0.1:8080/health)
    /// ```
    public func data(
        for request: URLRequest, validatingStatus acceptable: some RangeExpression<Int> & Sendable,
        timeout interval: Duration, on scheduler: Scheduler
    ) -> Signal<(Data, HTTPURLResponse), URLRequestError> {
        data(for: request, validatingStatus: acceptable).timeout(interval, on: scheduler, url: request.url)
    }
}
