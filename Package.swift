// swift-tools-version: 6.3
// 6.3: the toolchain the package is verified on. Key-path observation relies on Observation's
// `withObservationTracking(_:didSet:)` SPI as it behaves there, and the tests use exit tests
// (6.2). README.md, "Requirements", says the same.
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "ReactiveCocoaSwift",
    products: [
        .library(name: "RACCore", targets: ["RACCore"]),
        .library(name: "RACSchedulers", targets: ["RACSchedulers"]),
        .library(name: "RACOperators", targets: ["RACOperators"]),
        .library(name: "RACFoundationBridge", targets: ["RACFoundationBridge"]),
        .library(name: "RACTesting", targets: ["RACTesting"]),
        .executable(name: "rac-showcase", targets: ["RACShowcase"]),
        .executable(name: "rac-logwatch", targets: ["RACLogWatch"]),
    ],
    targets: [
        // Declares the Swift runtime's unowned reference counting for RACCore (see its header).
        .target(name: "RACRuntimeShims"),
        .target(name: "RACCore", dependencies: ["RACRuntimeShims"], swiftSettings: strict),
        .target(name: "RACSchedulers", dependencies: ["RACCore"], swiftSettings: strict),
        .target(name: "RACOperators", dependencies: ["RACSchedulers"], swiftSettings: strict),
        .target(name: "RACFoundationBridge", dependencies: ["RACOperators"], swiftSettings: strict),
        .target(name: "RACTesting", dependencies: ["RACOperators"], swiftSettings: strict),
        .target(
            name: "ShowcaseKit",
            dependencies: ["RACFoundationBridge", "RACTesting"],
            path: "Examples/ShowcaseKit",
            exclude: ["Resources/words-LICENSE.txt"],
            resources: [.copy("Resources/words.txt")],
            swiftSettings: strict
        ),
        .target(
            name: "LoginFormExample", dependencies: ["RACOperators", "RACFoundationBridge"],
            path: "Examples/LoginForm", swiftSettings: strict),
        .executableTarget(
            name: "RACShowcase",
            dependencies: ["ShowcaseKit"],
            path: "Examples/Showcase",
            swiftSettings: strict
        ),
        .target(
            name: "LogWatchKit", dependencies: ["RACFoundationBridge"], path: "Examples/LogWatchKit",
            swiftSettings: strict),
        .executableTarget(
            name: "RACLogWatch", dependencies: ["LogWatchKit"], path: "Examples/LogWatch", swiftSettings: strict),
        // Programs that need the real main thread and main queue (blocking the main thread on work
        // queued there, deliverOnMainThread() on a driven main queue), run as child processes by
        // RACOperatorsTests (CommandMainThreadTests, DeliverOnMainThreadTests); not a product.
        .executableTarget(
            name: "RACMainQueueProbe", dependencies: ["RACOperators"], path: "Tests/MainQueueProbe",
            swiftSettings: strict),
        // The release checks every test target uses (Tests/RACTestSupport); not a product.
        .target(
            name: "RACTestSupport", dependencies: ["RACTesting"], path: "Tests/RACTestSupport",
            swiftSettings: strict),
        .testTarget(name: "RACCoreTests", dependencies: ["RACCore", "RACTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "RACSchedulersTests", dependencies: ["RACSchedulers", "RACTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "RACOperatorsTests",
            dependencies: ["RACOperators", "RACTesting", "RACTestSupport", "RACMainQueueProbe"],
            swiftSettings: strict),
        .testTarget(
            name: "RACFoundationBridgeTests",
            dependencies: ["RACFoundationBridge", "RACTesting", "RACTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "RACTestingTests", dependencies: ["RACTesting", "RACTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "ShowcaseTests", dependencies: ["ShowcaseKit", "RACShowcase", "RACTesting", "RACTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "RACReliabilityTests", dependencies: ["RACOperators", "RACTesting", "RACTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "LogWatchTests", dependencies: ["LogWatchKit", "RACLogWatch", "RACTesting", "RACTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "LoginFormExampleTests", dependencies: ["LoginFormExample", "RACTesting", "RACTestSupport"],
            swiftSettings: strict),
    ]
)
