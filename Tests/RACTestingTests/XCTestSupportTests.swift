import RACTestSupport
import RACTesting
import XCTest

/// The same API from XCTest: `expect` fails through `XCTFail` at the call site when no Swift
/// Testing test is running; here the failing case goes to an injected reporter instead.
final class XCTestSupportTests: XCTestCase {
    func testPassingExpectation() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-a-b-|", values: ["a": 1, "b": 2])
        let passed = try scheduler.expect(source, toEmit: "-a-b-|", values: ["a": 1, "b": 2])
        XCTAssertTrue(passed)
        XCTAssertTrue(try scheduler.expect(source, toHaveSubscriptions: ["^----!"]))
    }

    func testFailingExpectationGoesToTheInjectedReporter() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let capture = FailureCapture(scheduler)
        let source = try scheduler.createColdSignal("-a-b-|")
        let line = #line + 1
        let passed = try scheduler.expect(source, toEmit: "-a-b|")
        XCTAssertFalse(passed)
        XCTAssertEqual(
            capture.messages,
            [
                """
                expect(_:toEmit:) failed: the events differ from frame 4 on
                  expected: -a-b|
                  actual:   -a-b-|
                                ^
                    expected events       actual events
                    frame 1: next(a)      frame 1: next(a)
                    frame 3: next(b)      frame 3: next(b)
                  * frame 4: completed    frame 5: completed
                """
            ])
        XCTAssertEqual(capture.all.first?.line, UInt(line))
        XCTAssertTrue("\(capture.all.first?.file ?? "")".hasSuffix("XCTestSupportTests.swift"))
    }

    func testMalformedMarbleThrows() throws {
        let scheduler = TestScheduler()
        XCTAssertThrowsError(try scheduler.createColdSignal("-a-|-b")) { error in
            XCTAssertEqual(
                error as? MarbleError,
                MarbleError(marble: "-a-|-b", column: 6, problem: .eventAfterTermination("b")))
        }
    }
}
