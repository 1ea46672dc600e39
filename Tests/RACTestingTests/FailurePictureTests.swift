import Foundation
import RACCore
import RACTestSupport
import RACTesting
import Testing

/// Issue 20, item 2: a failed expectation carries its picture (expected above actual, the first
/// differing frame marked); the text diff stays as it was.
@Suite("Failed expectations carry an SVG picture", .checksRelease)
struct FailurePictureTests {
    let scheduler = TestScheduler(checksRelease: true)

    @Test("a failed expect(_:toEmit:) carries the picture of its expected and actual events")
    func eventsPicture() throws {
        let capture = FailureCapture(scheduler)
        let source = try scheduler.createColdSignal("-a-b-|", values: ["a": 1, "b": 2])
        #expect(try !scheduler.expect(source, toEmit: "-a-(b|)", values: ["a": 1, "b": 2]))
        let failure = try #require(capture.all.first)
        #expect(capture.all.count == 1)
        #expect(!failure.message.contains("picture:"))
        let expected: [Recorded<Event<Int, Never>>] = [
            scheduler.next(atFrame: 1, 1), scheduler.next(atFrame: 3, 2), scheduler.completed(atFrame: 3),
        ]
        let actual: [Recorded<Event<Int, Never>>] = [
            scheduler.next(atFrame: 1, 1), scheduler.next(atFrame: 3, 2), scheduler.completed(atFrame: 5),
        ]
        let names = ["a", "b"]
        let picture = MarbleDiagram.expectation(expected: expected, actual: actual, on: scheduler) {
            names[$0 - 1]
        }
        #expect(picture.highlightedFrame == 3)
        #expect(failure.picture == picture.svg())
    }

    @Test("a failed expect(_:toHaveSubscriptions:) carries the picture of both sets of spans")
    func subscriptionsPicture() throws {
        let capture = FailureCapture(scheduler)
        let source = try scheduler.createColdSignal("-a-b-|")
        try scheduler.expect(source, toEmit: "-a-b-|")
        #expect(try !scheduler.expect(source, toHaveSubscriptions: ["^--!"]))
        let expected = [RecordedSubscription(subscribed: .zero, disposed: scheduler.frames(3))]
        let diagram = MarbleDiagram.subscriptions(
            expected: expected, actual: source.subscriptions, on: scheduler)
        #expect(diagram.highlightedFrame == 3)
        #expect(capture.all.map(\.picture) == [diagram.svg()])
    }

    @Test("a passing expectation and a leak report carry no picture")
    func noPicture() throws {
        let capture = FailureCapture(scheduler)
        let kept = Locked<[AnyObject]>([])
        let source = try scheduler.createColdSignal("-a-|")
        #expect(try scheduler.expect(source, toEmit: "-a-|"))
        let hoarding = Signal<String, Never> { subscriber in
            kept.withValue { $0.append(subscriber) }
            return source.subscribe(subscriber)
        }
        #expect(try !scheduler.expect(hoarding, toEmit: "----a-|"))
        #expect(capture.all.count == 1)
        #expect(capture.all.first?.picture == nil)
    }

    @Test("RAC_MARBLE_PICTURES: the picture is written as <file>-<line>.svg and its path returned")
    func writtenToFolder() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("rac-marble-pictures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = MarbleDiagram([.init("x", marks: [.init(.completed, frame: 1)])]).svg()
        let location = SourceLocation(
            fileID: "Module/SomeTests.swift", filePath: "/x/SomeTests.swift", line: 42, column: 5)
        let path = try #require(MarblePictures.write(svg, into: folder, for: location))
        #expect(path == folder.appendingPathComponent("SomeTests.swift-42.svg").path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == svg)
        let unwritable = URL(fileURLWithPath: "/dev/null/marbles")
        #expect(MarblePictures.write(svg, into: unwritable, for: location) == nil)
    }
}
