import Foundation
import ShowcaseKit
import Testing

@Suite("rac-showcase tour, in process")
struct TourTests {
    @Test func everyDemoRunsAlone() async throws {
        for demo in Tour.demos {
            let output = Output.recording()
            try await Tour.run([demo.name], output: output)
            #expect(output.lines.prefix(2) == ["", "== \(demo.title) (\(demo.module)) =="])
            #expect(output.lines.count > 3, "the demo \(demo.name) printed nothing")
        }
    }

    @Test func theMarbleDemoShowsTheTimeOperators() async throws {
        let output = Output.recording()
        try await Tour.run(["marbles"], output: output)
        #expect(output.lines.contains("  throttle(3):  ------b------(d|)"))
        #expect(output.lines.contains("  delay(2):     ---a-b-----c-d-|"))
        #expect(!output.lines.contains { $0.contains("expectation failed") })
        let line = try #require(output.lines.last)
        let prefix = "  the three lines above as a picture: "
        #expect(line.hasPrefix(prefix))
        let svg = try String(contentsOfFile: String(line.dropFirst(prefix.count)), encoding: .utf8)
        #expect(
            svg.hasPrefix("<?xml") && svg.contains(">throttle(3)</text>") && svg.contains(">delay(2)</text>"))
    }

    @Test func theCommandDemoIsRefusedWhileBusy() async throws {
        let output = Output.recording()
        try await Tour.run(["command"], output: output)
        #expect(
            output.lines.contains(
                "  frame 1: execute(\"again\"): error(The command is disabled and cannot be executed)"))
        #expect(output.lines.suffix(2) == ["  frame 3: executing = false", "  frame 3: enabled = true"])
    }

    @Test func anUnknownDemoIsAnError() async {
        await #expect(throws: TourError.self) {
            try await Tour.run(["nope"], output: .recording())
        }
    }
}
