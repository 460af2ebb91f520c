// swift-tools-version: 6.0
import PackageDescription

/// A system library found through pkg-config, installed on Debian by `apt`.
func systemLibrary(_ name: String, pkgConfig: String, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkgConfig, providers: [.apt(apt)])
}

let package = Package(
    name: "Flipbook",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "flipbook", targets: ["flipbook"]),
        .library(name: "FlipbookUIKit", targets: ["FlipbookUIKit"]),
        .library(name: "FlipbookStage", targets: ["FlipbookStage"]),
        .library(name: "FlipbookScene", targets: ["FlipbookScene"]),
        .library(name: "FlipbookOutput", targets: ["FlipbookOutput"]),
        .library(name: "FlipbookRecorder", targets: ["FlipbookRecorder"]),
        .library(name: "FlipbookTesting", targets: ["FlipbookTesting"]),
        .library(name: "FlipbookGolden", targets: ["FlipbookGolden"]),
        // A product of its own, so that only its users build swift-snapshot-testing.
        .library(name: "FlipbookSnapshotTesting", targets: ["FlipbookSnapshotTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", exact: "1.19.7"),
        // A small HTTP server on Swift concurrency and BSD sockets, for `flipbook preview`.
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
    ],
    targets: [
        systemLibrary("CCairo", pkgConfig: "cairo", apt: ["libcairo2-dev"]),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: ["libpng-dev"]),
        systemLibrary("CZlib", pkgConfig: "zlib", apt: ["zlib1g-dev"]),
        systemLibrary("CPango", pkgConfig: "pangocairo", apt: ["libpango1.0-dev"]),
        systemLibrary("CPixman", pkgConfig: "pixman-1", apt: ["libpixman-1-dev"]),
        systemLibrary("CFreeType", pkgConfig: "freetype2", apt: ["libfreetype-dev"]),

        // The bilinear projective sampler for 3D layers: C for its vector types and its
        // control of floating-point contraction, fast in debug builds too.
        .target(name: "CProjectiveSampler"),

        // A hint to the processor to load memory ahead of its use, which Swift cannot give.
        .target(name: "CMemoryHints"),
        .target(name: "FlipbookQuartz", dependencies: ["CMemoryHints"]),
        .target(name: "FlipbookUIKit", dependencies: ["FlipbookQuartz"]),
        .target(name: "FlipbookRender", dependencies: ["FlipbookQuartz", "CCairo", "CPNG", "CZlib", "CPango", "CPixman", "CFreeType", "CProjectiveSampler"]),
        // A canvas, its root view and its clock: what every front end drives.
        .target(name: "FlipbookStage", dependencies: ["FlipbookUIKit", "FlipbookRender"]),
        .target(name: "FlipbookScene", dependencies: ["FlipbookStage", "FlipbookRender", .product(name: "Yams", package: "Yams")]),
        .target(name: "FlipbookOutput", dependencies: ["FlipbookRender"]),
        // `flipbook preview`: a scene served to a browser page, reloaded when its files change.
        .target(name: "FlipbookPreview", dependencies: [
            "FlipbookScene", "FlipbookUIKit", "FlipbookRender",
            .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
        ]),
        .target(name: "FlipbookGolden", dependencies: ["FlipbookRender", "FlipbookScene", "FlipbookOutput"]),
        // Code-first rendering: a view tree built in Swift, on a stage, through the pipeline (no Yams).
        .target(name: "FlipbookRecorder", dependencies: ["FlipbookStage", "FlipbookOutput"]),
        // Assertions on code-built animations for XCTest and Swift Testing: golden frames
        // beside the test, presentation values and the event log at virtual times.
        .target(name: "FlipbookTesting", dependencies: ["FlipbookRecorder", "FlipbookGolden"]),
        // Strategies for swift-snapshot-testing's assertSnapshot: frames, a view's part of a
        // frame, filmstrips and presentation values of a code-built animation at virtual times.
        .target(name: "FlipbookSnapshotTesting", dependencies: [
            "FlipbookTesting", "FlipbookGolden", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        .executableTarget(
            name: "flipbook",
            dependencies: [
                "FlipbookStage", "FlipbookScene", "FlipbookOutput", "FlipbookGolden", "FlipbookPreview",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["GitCommit"]
        ),
        // Writes the package's git commit into `flipbook` before each build (--version).
        .plugin(name: "GitCommit", capability: .buildTool()),
        // Mutated scenes run through the built flipbook: crashes, hangs and unlocated errors (scripts/fuzz.sh).
        .executableTarget(name: "flipbook-fuzz", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
                          path: "Sources/FlipbookFuzz"),
        // An animation written as an iOS developer writes it, rendered to an MP4.
        .executableTarget(name: "UIKitExample", dependencies: ["FlipbookUIKit", "FlipbookRecorder"],
                          path: "Examples/UIKitExample"),

        .testTarget(name: "FlipbookQuartzTests", dependencies: ["FlipbookQuartz"]),
        .testTarget(name: "FlipbookUIKitTests", dependencies: ["FlipbookUIKit"]),
        .testTarget(name: "FlipbookStageTests", dependencies: ["FlipbookStage"]),
        .testTarget(name: "FlipbookRenderTests", dependencies: ["FlipbookRender", "FlipbookUIKit"]),
        .testTarget(name: "FlipbookSceneTests", dependencies: ["FlipbookScene", "FlipbookOutput", "FlipbookGolden", "FlipbookRecorder"]),
        .testTarget(name: "FlipbookOutputTests", dependencies: ["FlipbookOutput", "FlipbookScene"]),
        .testTarget(name: "FlipbookGoldenTests", dependencies: ["FlipbookGolden"]),
        .testTarget(name: "FlipbookRecorderTests", dependencies: ["FlipbookRecorder", "FlipbookOutput", "FlipbookRender"]),
        .testTarget(name: "FlipbookTestingTests", dependencies: ["FlipbookTesting", "FlipbookOutput"], exclude: ["__Snapshots__"]),
        .testTarget(name: "FlipbookTestingXCTests", dependencies: ["FlipbookTesting"], exclude: ["__Snapshots__"]),
        .testTarget(name: "FlipbookSnapshotTestingTests", dependencies: ["FlipbookSnapshotTesting"], exclude: ["__Snapshots__"]),
        // The compatibility corpus: iOS animation code, one program per file in
        // Tests/Compatibility/Programs, compiled in the Swift 5 and the Swift 6 language mode
        // (each target's folder links to the same programs; Tests/Compatibility/README.md).
        .testTarget(name: "CompatibilitySwift5Tests", dependencies: ["FlipbookUIKit", "FlipbookTesting"],
                    path: "Tests/Compatibility/Swift5", exclude: ["Programs/__Snapshots__"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "CompatibilitySwift6Tests", dependencies: ["FlipbookUIKit", "FlipbookTesting"],
                    path: "Tests/Compatibility/Swift6", exclude: ["Programs/__Snapshots__"], swiftSettings: [.swiftLanguageMode(.v6)]),
        // Runs the built `flipbook` and `UIKitExample` binaries end to end (swift build --build-tests builds them).
        .testTarget(name: "FlipbookCLITests", dependencies: ["FlipbookRender", .product(name: "Yams", package: "Yams")],
                    exclude: ["FuzzRegressions"]),
    ]
)
