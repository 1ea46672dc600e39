import Foundation
import Testing

/// The toolchain the package asks for (`swift-tools-version` of both manifests) is the one README's
/// "Requirements" names (issue 17, item 8), so that neither drifts from the other.
@Suite("The manifests and README name the same minimum toolchain")
struct ToolchainRequirementTests {
    /// The root of the package, found from this file.
    private static var root: URL {
        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root = root.deletingLastPathComponent()
        }
        return root
    }

    /// The version of the first line `// swift-tools-version: X.Y` of a manifest.
    private static func toolsVersion(_ manifest: String) throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent(manifest), encoding: .utf8)
        let first = try #require(text.split(separator: "\n").first)
        let prefix = "// swift-tools-version: "
        try #require(first.hasPrefix(prefix), "\(manifest) does not start with \(prefix)")
        return String(first.dropFirst(prefix.count))
    }

    @Test("Package.swift, Benchmarks/Package.swift and README's Requirements agree on 6.3")
    func manifestsAndReadmeAgree() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let requirements = try #require(readme.components(separatedBy: "## Requirements").dropFirst().first)
        #expect(try Self.toolsVersion("Package.swift") == "6.3")
        #expect(try Self.toolsVersion("Benchmarks/Package.swift") == "6.3")
        #expect(requirements.contains("Swift 6.3 or newer"))
        #expect(requirements.contains("`swift-tools-version: 6.3`"))
    }

}
