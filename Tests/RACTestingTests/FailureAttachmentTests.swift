import Foundation
import RACCore
import RACTestSupport
import RACTesting
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The environment variable that enables `FailureAttachmentFixture`: set only in the child
/// process that `FailureAttachmentTests` starts.
private let fixtureVariable = "RAC_ATTACHMENT_FIXTURE"

/// Whether this process is that child.
private let isFixtureRun = ProcessInfo.processInfo.environment[fixtureVariable] != nil

/// The failing expectation of the fixture: `-a-b-|` expected to emit `-a-(b|)`, which differs
/// from frame 3 on. `capture` lets the parent make the same failure without failing.
private func failExpectation(capturedBy capture: (TestScheduler) -> Void = { _ in }) throws {
    let scheduler = TestScheduler()
    capture(scheduler)
    let source = try scheduler.createColdSignal("-a-b-|", values: ["a": 1, "b": 2])
    try scheduler.expect(source, toEmit: "-a-(b|)", values: ["a": 1, "b": 2])
}

/// Issue 20, item 4: a failed expectation inside a Swift Testing test carries exactly one
/// attachment, its picture. Swift Testing keeps a test's attachments to itself, so the test runs
/// the fixture below in a child process (the same test binary, with `--testing-library
/// swift-testing --filter FailureAttachmentFixture --attachments-path <folder>`, the same
/// environment plus `RAC_ATTACHMENT_FIXTURE`) and reads the folder it wrote.
@Suite("A failed expectation inside a Swift Testing test carries one SVG attachment")
struct FailureAttachmentTests {
    @Test(
        "the fixture's failing expect(_:toEmit:) writes exactly one .svg: its picture, with both timelines",
        .enabled(if: !isFixtureRun, "not inside the fixture's own run"))
    func oneAttachment() throws {
        let run = try FixtureRun(filter: "FailureAttachmentFixture")
        #expect(run.status != 0, "the fixture fails on purpose")
        #expect(run.output.contains("expect(_:toEmit:) failed"))
        #expect(run.attachments.count == 1, "attachments: \(run.attachments.map(\.name))")
        let attachment = try #require(run.attachments.first)
        #expect(attachment.name.hasSuffix(".svg"))
        #expect(attachment.name.contains("expected-and-actual"))

        let texts = try #require(SVGTexts(attachment.content), "the attachment is not well-formed XML")
        #expect(texts.root == "svg")
        // Both timelines, expected above actual: the label, the frame numbers 0 and 5, a and b.
        #expect(texts.labels == ["expected", "0", "5", "a", "b", "actual", "0", "5", "a", "b"])

        // It is the failure's own picture: the same expectation, made here, captured.
        let capture = Locked<[TestFailure]>([])
        try failExpectation { scheduler in
            scheduler.failureReporter = FailureReporter { failure in
                capture.withValue { $0.append(failure) }
            }
        }
        let picture = try #require(capture.current.first?.picture)
        #expect(attachment.content == picture)
    }
}

/// Fails on purpose; enabled only in the child process of `FailureAttachmentTests`.
@Suite("Fixture: a failing expectation (runs only with RAC_ATTACHMENT_FIXTURE set)")
struct FailureAttachmentFixture {
    @Test(
        "expect(_:toEmit:) fails and attaches its picture",
        .enabled(if: isFixtureRun, "run by FailureAttachmentTests in a child process"))
    func failingExpectation() throws {
        try failExpectation()
    }
}

/// One finished run of this test binary on the tests matching `filter`, with Swift Testing's
/// attachments written to a temporary folder.
private struct FixtureRun {
    let status: Int32
    let output: String
    let attachments: [(name: String, content: String)]

    /// Runs the binary and waits for it; a run still going after `timeout` is killed and reported
    /// as an error.
    init(filter: String, timeout: Duration = .seconds(300)) throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("rac-attachment-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ChildProcessRun(
            executable,
            arguments: [
                "--testing-library", "swift-testing", "--filter", filter, "--attachments-path", folder.path,
            ],
            environment: [fixtureVariable: "1"], timeout: timeout)
        status = run.status
        output = run.output + run.errorOutput
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        attachments = try names.map { name in
            let content = try ChildProcessRun.contents(of: folder.appendingPathComponent(name))
            return (name, String(decoding: content, as: UTF8.self))
        }
    }
}

/// The root element's name and the texts of the `text` elements (without their `title`
/// tooltips) of an SVG document, or nil if it is not well-formed XML.
private final class SVGTexts: NSObject, XMLParserDelegate {
    private(set) var root: String?
    private(set) var labels: [String] = []
    private var current: String?
    private var inTitle = false

    init?(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        guard parser.parse() else { return nil }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if root == nil { root = elementName }
        if elementName == "text" { current = "" }
        if elementName == "title" { inTitle = true }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if !inTitle, current != nil { current? += string }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        if elementName == "title" { inTitle = false }
        if elementName == "text", let text = current {
            labels.append(text)
            current = nil
        }
    }
}
