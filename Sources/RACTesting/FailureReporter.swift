import Testing
import XCTest

/// An expectation that did not hold: the message (with its marble diff) and where the
/// expectation was written.
///
/// RxTest and RAC's specs report through `XCTAssertEqual`/`expect`; a `TestFailure` is what a
/// `FailureReporter` receives, so a test can also capture it instead of failing.
///
/// ```
/// scheduler.expect(signal, toEmit: "-a-|")   // fails: TestFailure(message: "expect(_:toEmit:) ...")
/// ```
public struct TestFailure: Sendable, CustomStringConvertible {
    /// The whole message: the expectation, the side-by-side marbles and the events
    /// (`expected: -a-|` above `actual:   -a--|`, and so on).
    public let message: String
    /// Where the expectation was written, for Swift Testing (the `expect` call's file, line and
    /// column).
    public let sourceLocation: SourceLocation
    /// The file of the expectation, for XCTest (`#filePath` at the call site).
    public let file: StaticString
    /// The line of the expectation, for XCTest (`#line` at the call site).
    public let line: UInt
    /// The failure as a picture: an SVG marble diagram with the expected timeline above the actual
    /// one and the first differing frame marked (`MarbleDiagram`), if the expectation has one.
    public let picture: String?

    /// Creates a failure to report, e.g. from a helper that checks marbles of its own, with the
    /// SVG `picture` of it if there is one.
    public init(
        message: String, sourceLocation: SourceLocation, file: StaticString, line: UInt,
        picture: String? = nil
    ) {
        self.message = message
        self.sourceLocation = sourceLocation
        self.file = file
        self.line = line
        self.picture = picture
    }

    /// The message, starting `expect(_:toEmit:) failed: …`.
    public var description: String { message }
}

/// Where a failed expectation goes: Swift Testing, XCTest, or a closure of yours.
///
/// There is no RAC or RxTest equivalent (both are tied to XCTest). `.automatic`, the default of
/// every `TestScheduler`, looks at run time: inside a Swift Testing test (`Test.current != nil`)
/// it records an `Issue` at the expectation's `sourceLocation`; otherwise it calls `XCTFail` with
/// the call site's `file` and `line`. A custom reporter lets a test check the failure message.
///
/// ```
/// scheduler.failureReporter = FailureReporter { failures.append($0) }
/// scheduler.expect(signal, toEmit: "-a-|")   // -a--|  -> one TestFailure, no failed test
/// ```
public struct FailureReporter: Sendable {
    private let body: @Sendable (TestFailure) -> Void

    /// A reporter that hands every failure to `report` (for example, appends it to a list the
    /// test then checks).
    public init(_ report: @escaping @Sendable (TestFailure) -> Void) {
        body = report
    }

    /// Reports `failure`: `expect` calls it once per failed expectation.
    public func report(_ failure: TestFailure) {
        body(failure)
    }

    /// Swift Testing inside a Swift Testing test, XCTest otherwise.
    ///
    /// ```
    /// @Test func t() { … }          -> Issue.record(…, sourceLocation:)
    /// func testT() { … } (XCTest)   -> XCTFail(…, file:, line:)
    /// ```
    public static let automatic = FailureReporter { failure in
        if Test.current != nil {
            swiftTesting.report(failure)
        } else {
            xcTest.report(failure)
        }
    }

    /// Records a Swift Testing `Issue` with the message as its comment, at `sourceLocation`, and
    /// attaches the failure's picture (`expected-and-actual.svg`) to the test if it has one.
    ///
    /// ```
    /// expect(… toEmit: "-a-|") fails  -> Issue at the line of the expect call, + one SVG attachment
    /// ```
    public static let swiftTesting = FailureReporter { failure in
        if let picture = failure.picture {
            Attachment.record(
                picture, named: "expected-and-actual.svg", sourceLocation: failure.sourceLocation)
        }
        Issue.record(Comment(rawValue: failure.message), sourceLocation: failure.sourceLocation)
    }

    /// Calls `XCTFail` with the message, at `file` and `line`.
    ///
    /// ```
    /// expect(… toEmit: "-a-|") fails  -> XCTFail at the line of the expect call
    /// ```
    public static let xcTest = FailureReporter { failure in
        XCTFail(failure.message, file: failure.file, line: failure.line)
    }
}
