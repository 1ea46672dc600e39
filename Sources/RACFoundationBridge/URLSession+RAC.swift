import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RACExtension where Base: URLSession {
    /// Sends the body and the HTTP response of `request`, then completes; each subscription makes
    /// the request anew.
    ///
    /// RAC: `+[NSURLConnection rac_sendAsynchronousRequest:]`, which sent a `(response, data)`
    /// tuple. Here the pair is `(data, response)`, as `URLSession.data(for:)` returns it, and the
    /// response is an `HTTPURLResponse`. Any status is a success (a 404 with its page is a value);
    /// use `data(for:validatingStatus:)` to turn statuses into errors.
    ///
    /// Cold: every subscription starts one data task of this session (`dataTask(with:)`), and
    /// disposing the subscription cancels the task, so the connection is closed mid-transfer (RAC's
    /// dispose did not stop the request). The value and completion arrive on the session's
    /// delegate queue. A transport failure (connection refused, timeout, a malformed or
    /// unsupported URL, which swift-corelibs-foundation reports as `URLError`s such as
    /// `.unsupportedURL` and `.badURL` instead of crashing) is `URLRequestError.transport`; a non-HTTP
    /// response (`data:` URLs) is `URLRequestError.notHTTP`.
    ///
    /// Linux: requires `FoundationNetworking` (libcurl). Making a request on a session that was
    /// invalidated stops the process in swift-corelibs-foundation (Darwin raises an exception);
    /// that cannot be turned into a signal error, so do not use a session after invalidating it.
    ///
    /// ```
    /// 200:               ----((data, response)|)
    /// refused:           --#(transport(cannotConnectToHost))
    /// dispose at x:      --x          (task cancelled, nothing sent)
    /// ```
    public func data(for request: URLRequest) -> Signal<(Data, HTTPURLResponse), URLRequestError> {
        dataSignal(for: request, acceptedStatus: nil, call: "data(for:)")
    }

    /// Sends the body and the HTTP response of `request`, as `data(for:)` does, but fails with
    /// `URLRequestError.unacceptableStatus(code:body:response:)` when the status is not in
    /// `acceptable` (typically `200..<300`). The error carries the body the server sent with the
    /// status (an error page, a JSON problem report).
    ///
    /// RAC: `rac_sendAsynchronousRequest:` followed by the status check every caller wrote by hand
    /// (`NSURLConnection` did not check statuses either).
    ///
    /// ```
    /// 200 in 200..<300:  ----((data, response)|)
    /// 404:               ----#(unacceptableStatus(404, body))
    /// ```
    ///
    /// - Parameters:
    ///   - request: the request to make on each subscription.
    ///   - acceptable: the status codes that count as success.
    public func data(
        for request: URLRequest, validatingStatus acceptable: some RangeExpression<Int> & Sendable
    ) -> Signal<(Data, HTTPURLResponse), URLRequestError> {
        dataSignal(
            for: request, acceptedStatus: { acceptable.contains($0) }, call: "data(for:validatingStatus:)")
    }

    private func dataSignal(
        for request: URLRequest, acceptedStatus: (@Sendable (Int) -> Bool)?, call: String
    ) -> Signal<(Data, HTTPURLResponse), URLRequestError> {
        let session = base
        let name = SignalDebugNames.name("session.rac.\(call) \(request.url?.absoluteString ?? "nil")")
        return Signal(name: name) { subscriber in
            let task = session.dataTask(with: request) { data, response, error in
                if let error {
                    subscriber.sendError(URLRequestError(transport: error))
                    return
                }
                guard let response else {
                    subscriber.sendError(URLRequestError(transport: URLError(.badServerResponse)))
                    return
                }
                guard let httpResponse = response as? HTTPURLResponse else {
                    subscriber.sendError(.notHTTP(response))
                    return
                }
                let body = data ?? Data()
                if let acceptedStatus, !acceptedStatus(httpResponse.statusCode) {
                    subscriber.sendError(
                        .unacceptableStatus(code: httpResponse.statusCode, body: body, response: httpResponse)
                    )
                    return
                }
                subscriber.sendNext((body, httpResponse))
                subscriber.sendCompleted()
            }
            task.resume()
            return ActionDisposable {
                task.cancel()
            }
        }
    }

    /// Downloads `request` to a file, sending progress as bytes arrive and then the file's
    /// location and the response; each subscription downloads anew.
    ///
    /// RAC has no download signal (`NSURLConnection` only had the in-memory request); this is the
    /// progress-reporting companion of `data(for:)`.
    ///
    /// Values: zero or more `.progress(received:expected:)`, where `received` counts the bytes
    /// written so far and `expected` is the body's announced length (`nil` when the server did not
    /// announce one), then one `.finished(location:response:)`, then completed. The file at
    /// `location` is in the temporary directory and belongs to the subscriber: move or delete it.
    /// Any status is a success here; look at `response.statusCode`. Disposing cancels the download
    /// (a file already moved for a disposed subscription is deleted).
    ///
    /// Linux: swift-corelibs-foundation reports download progress only to a *session* delegate
    /// (`URLSessionDownloadDelegate`); it ignores per-task delegates and does not update
    /// `task.progress` while downloading, and the running total it passes (`totalBytesWritten`) is
    /// read from another thread and can lag. So each subscription runs its download on a private
    /// session made with this session's `configuration` (its cookie, cache and credential storage
    /// are shared, its delegate is not consulted), and `received` is the sum of the chunks
    /// reported. Events arrive on that private session's delegate queue.
    ///
    /// ```
    /// 5 MB body:   -p-p-p-…-p-(finished|)      p = progress(received:expected: 5_000_000)
    /// dispose at x: -p-p-x                      (task cancelled)
    /// ```
    public func download(for request: URLRequest) -> Signal<DownloadEvent, URLRequestError> {
        let session = base
        let name = SignalDebugNames.name("session.rac.download(for:) \(request.url?.absoluteString ?? "nil")")
        return Signal(name: name) { subscriber in
            let delegate = DownloadDelegate(subscriber: subscriber)
            let privateSession = URLSession(
                configuration: session.configuration, delegate: delegate, delegateQueue: nil)
            let task = privateSession.downloadTask(with: request)
            task.resume()
            // The private session releases the delegate once its only task has ended.
            privateSession.finishTasksAndInvalidate()
            return ActionDisposable {
                task.cancel()
            }
        }
    }
}

/// What `session.rac.download(for:)` sends: progress while the body arrives, then the file.
///
/// RAC: none (RAC 2 had no download signal). See `download(for:)`.
///
/// ```
/// -progress(16384, 5000000)-progress(32768, 5000000)-…-finished(location, response)-|
/// ```
public enum DownloadEvent: Sendable {
    /// `received` bytes of the body have been written so far; `expected` is the announced length of
    /// the body, or `nil` if the server did not announce one.
    case progress(received: Int64, expected: Int64?)
    /// The download is complete: the body is in the file at `location` (the subscriber's to move or
    /// delete), and `response` is the server's answer.
    case finished(location: URL, response: HTTPURLResponse)
}

/// The session delegate of one `download(for:)` subscription.
private final class DownloadDelegate: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
    private let lock = PthreadLock()
    private var subscriber: Subscriber<DownloadEvent, URLRequestError>?
    private var received: Int64 = 0
    private var kept: Result<URL, URLRequestError>?

    init(subscriber: Subscriber<DownloadEvent, URLRequestError>) {
        self.subscriber = subscriber
    }

    private var current: Subscriber<DownloadEvent, URLRequestError>? {
        lock.withLock { subscriber }
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        let total: Int64 = lock.withLock {
            received += bytesWritten
            return received
        }
        let expected = totalBytesExpectedToWrite >= 0 ? totalBytesExpectedToWrite : nil
        current?.sendNext(.progress(received: total, expected: expected))
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
    ) {
        guard let subscriber = current, !subscriber.isDisposed else { return }
        // URLSession deletes `location` when this method returns, so the file moves now.
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("RACDownload-\(UUID().uuidString).tmp")
        let outcome: Result<URL, URLRequestError>
        do {
            try FileManager.default.moveItem(at: location, to: destination)
            outcome = .success(destination)
        } catch {
            outcome = .failure(.fileSystem(reason: "\(error)"))
        }
        lock.withLock { kept = outcome }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (subscriber, outcome) = lock.withLock {
            defer {
                self.subscriber = nil
                kept = nil
            }
            return (self.subscriber, kept)
        }
        guard let subscriber else { return }
        let location = try? outcome?.get()
        if subscriber.isDisposed || error != nil, let location {
            try? FileManager.default.removeItem(at: location)
        }
        if let error {
            subscriber.sendError(URLRequestError(transport: error))
            return
        }
        guard let response = task.response else {
            subscriber.sendError(URLRequestError(transport: URLError(.badServerResponse)))
            return
        }
        guard let httpResponse = response as? HTTPURLResponse else {
            if let location { try? FileManager.default.removeItem(at: location) }
            subscriber.sendError(.notHTTP(response))
            return
        }
        switch outcome {
        case .success(let location):
            subscriber.sendNext(.finished(location: location, response: httpResponse))
            subscriber.sendCompleted()
        case .failure(let failure):
            subscriber.sendError(failure)
        case nil:
            subscriber.sendError(.fileSystem(reason: "URLSession finished without handing over a file"))
        }
    }
}
