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
    /// all attempts together.
    ///
    /// ```
    /// request:           ------((data, response)|)
    /// timeout(3):        ---#(transport(timedOut))
    /// ```
    public func timeout(_ interval: Duration, on scheduler: Scheduler) -> Signal<Value, URLRequestError> {
        timeout(interval, on: scheduler, raising: .timedOut(after: interval))
    }
}
