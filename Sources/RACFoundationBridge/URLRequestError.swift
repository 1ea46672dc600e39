import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a request made through `session.rac` failed: the error of `data(for:)`,
/// `data(for:validatingStatus:)` and `download(for:)`.
///
/// RAC: `rac_sendAsynchronousRequest:` sent the `NSError` of `NSURLConnection` (or a nil-response
/// error); here the cases tell a transport failure from a bad status.
///
/// ```
/// connection refused:    #(transport(cannotConnectToHost))
/// 404, validated:        #(unacceptableStatus(404, body))
/// ```
public enum URLRequestError: Error, CustomStringConvertible {
    /// The request did not produce a response: the transport failed (connection refused, timeout,
    /// unsupported or malformed URL, cancelled…). Errors that are not in `NSURLErrorDomain` are
    /// wrapped in `URLError(.unknown)` with the original under `NSUnderlyingErrorKey`.
    case transport(URLError)
    /// The URL's scheme gave a response that is not an `HTTPURLResponse` (a `data:` URL, say);
    /// these signals only speak HTTP(S).
    case notHTTP(URLResponse)
    /// The server answered with a status outside the accepted range (only
    /// `data(for:validatingStatus:)` reports it). `body` is the data that came with the answer.
    case unacceptableStatus(code: Int, body: Data, response: HTTPURLResponse)
    /// `download(for:)` received the file but could not move it out of URLSession's temporary
    /// location; `reason` is the file system's message.
    case fileSystem(reason: String)

    /// The HTTP status code, for `unacceptableStatus`; `nil` otherwise.
    public var statusCode: Int? {
        if case .unacceptableStatus(let code, _, _) = self { return code }
        return nil
    }

    /// The `URLError` code, for `transport`; `nil` otherwise.
    public var urlErrorCode: URLError.Code? {
        if case .transport(let error) = self { return error.code }
        return nil
    }

    /// A message naming the problem, e.g. `URL request failed (URLError -1004): Could not connect`.
    public var description: String {
        switch self {
        case .transport(let error):
            let url = error.failingURL.map { " for \($0.absoluteString)" } ?? ""
            let message = (error.userInfo[NSLocalizedDescriptionKey] as? String) ?? "\(error.code)"
            return "URL request failed (URLError \(error.code.rawValue))\(url): \(message)"
        case .notHTTP(let response):
            let url = response.url.map { " from \($0.absoluteString)" } ?? ""
            return "URL request got a non-HTTP response\(url) (\(type(of: response)))"
        case .unacceptableStatus(let code, let body, let response):
            let url = response.url.map { " from \($0.absoluteString)" } ?? ""
            return "URL request got HTTP status \(code)\(url) with a body of \(body.count) bytes"
        case .fileSystem(let reason):
            return "URL download could not keep the downloaded file: \(reason)"
        }
    }

    /// Wraps any error a URLSession task reports.
    init(transport error: any Error) {
        if let urlError = error as? URLError {
            self = .transport(urlError)
            return
        }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            self = .transport(
                URLError(URLError.Code(rawValue: nsError.code) ?? .unknown, userInfo: nsError.userInfo))
        } else {
            self = .transport(
                URLError(
                    .unknown,
                    userInfo: [
                        NSUnderlyingErrorKey: nsError,
                        NSLocalizedDescriptionKey: nsError.localizedDescription,
                    ]))
        }
    }
}
