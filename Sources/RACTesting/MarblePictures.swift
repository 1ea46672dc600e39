import Foundation
import Testing

/// Where the pictures of failed expectations are written: the folder named by the environment
/// variable `RAC_MARBLE_PICTURES`, one file per failing `expect` call
/// (`<file>-<line>.svg`, overwritten by the next run).
///
/// RAC: none. Useful under XCTest, which has no attachments, and to open a picture in a browser.
///
/// ```
/// RAC_MARBLE_PICTURES=/tmp/marbles swift test
///   expect(_:toEmit:) failed: …
///     picture: /tmp/marbles/ExpectTests.swift-42.svg
/// ```
package enum MarblePictures {
    /// The folder named by `RAC_MARBLE_PICTURES`, if set and not empty.
    package static var folder: URL? {
        guard let path = ProcessInfo.processInfo.environment["RAC_MARBLE_PICTURES"], !path.isEmpty else {
            return nil
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// Writes `svg` into `folder` (created if needed) as the picture of the expectation at
    /// `location`; returns the file's path, or `nil` if it could not be written.
    package static func write(_ svg: String, into folder: URL, for location: SourceLocation) -> String? {
        let name = "\(location.fileName)-\(location.line).svg"
        let file = folder.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(svg.utf8).write(to: file)
            return file.path
        } catch {
            return nil
        }
    }
}
