// swift-tools-version: 6.3
// Benchmarks for ReactiveCocoa for Swift, side by side with OpenCombine and hand-written loops.
// Its own package, so that the library itself keeps zero dependencies. Run `scripts/bench.sh`.
import Foundation
import PackageDescription

// The library is the package one directory up. A path dependency's identity is the name of its
// directory, which depends on where the repository was cloned, so it is computed here.
let libraryPath = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().path
let libraryIdentity = URL(fileURLWithPath: libraryPath).lastPathComponent.lowercased()

let package = Package(
    name: "RACBenchmarks",
    dependencies: [
        .package(path: libraryPath),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        // Counts heap allocations and live heap bytes by interposing malloc and friends.
        .target(name: "AllocationCounter"),
        .executableTarget(
            name: "RACBenchmarks",
            dependencies: [
                "AllocationCounter",
                .product(name: "RACCore", package: libraryIdentity),
                .product(name: "RACSchedulers", package: libraryIdentity),
                .product(name: "RACOperators", package: libraryIdentity),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
