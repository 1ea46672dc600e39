import Foundation

/// Where the tests find the package's executables and how they start them: the shared part of
/// ShowcaseTests' `ShowcaseProcess` and LogWatchTests' `LogWatchProcess`.
package enum BuiltProduct {
    /// Where SwiftPM put the products: the directory of the running test bundle.
    package static var directory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
            return Bundle.main.bundleURL
        #else
            return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
                .deletingLastPathComponent()
        #endif
    }

    /// The executable `name` of this build; `ChildProcessError.notBuilt` if it is missing.
    package static func executable(_ name: String) throws -> URL {
        let executable = directory.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw ChildProcessError.notBuilt(executable.path)
        }
        return executable
    }

    /// This process's environment for a child that checks no leaks under AddressSanitizer (the
    /// test process itself, where the library's chains live, is still checked).
    package static var environmentWithoutLeakChecks: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["ASAN_OPTIONS"] = (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
        return environment
    }
}
