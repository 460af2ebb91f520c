import XCTest

/// What FlipbookUIKit's isolation means to code in each language mode, type-checked as a
/// user's package compiles it (`swiftc -typecheck` against the modules built beside the
/// tests). docs/swift-api.md, "Isolation: what is on the main actor".
final class LanguageModeIsolationTests: CLITestCase {
    /// Type-checks `source` in language mode `version`; returns the exit status and the diagnostics.
    private func typecheck(_ source: String, swiftVersion version: Int) throws -> (status: Int32, diagnostics: String) {
        guard let swiftc = Self.onPath("swiftc"), let binary = Self.binary else {
            throw XCTSkip("needs swiftc on PATH and the package built (swift build --build-tests)")
        }
        let products = URL(fileURLWithPath: binary).deletingLastPathComponent()
        let modules = products.appendingPathComponent("Modules")
        // The module maps of the C targets the modules import, as SwiftPM hands them to a user's package.
        let moduleMaps = try FileManager.default.contentsOfDirectory(atPath: products.path)
            .filter { $0.hasSuffix(".build") }
            .map { products.appendingPathComponent($0).appendingPathComponent("module.modulemap").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
            .flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] }
        let file = work.appendingPathComponent("Program.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let result = try run(swiftc, ["-typecheck", "-swift-version", "\(version)", "-I", modules.path] + moduleMaps + [file.path])
        return (result.status, result.out + result.err)
    }

    func testCoreAnimationAndImagesInAFreeFunctionCompileCleanlyInBothModes() throws {
        let source = """
            import FlipbookUIKit

            func makeSpinner() -> CAShapeLayer {
                let arc = CAShapeLayer()
                arc.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40)).cgPath
                let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                spin.toValue = CGFloat.pi * 2
                spin.repeatCount = HUGE
                arc.add(spin, forKey: "spin")
                CATransaction.setDisableActions(true)
                arc.strokeEnd = 0.75
                _ = CACurrentMediaTime()
                return arc
            }

            func placeholder() -> UIImage? { UIImage(systemName: "star") }
            """

        for version in [5, 6] {
            let result = try typecheck(source, swiftVersion: version)

            XCTAssertEqual(result.status, 0, "Swift \(version): \(result.diagnostics)")
            XCTAssertFalse(result.diagnostics.contains("warning"), "Swift \(version): \(result.diagnostics)")
        }
    }

    func testNonisolatedCodeTouchingAViewIsQuietInSwift5AndDiagnosedInSwift6() throws {
        let source = """
            import FlipbookUIKit

            func fadeOut(_ view: UIView) { view.alpha = 0 }
            """

        let swift5 = try typecheck(source, swiftVersion: 5)
        let swift6 = try typecheck(source, swiftVersion: 6)

        XCTAssertEqual(swift5.status, 0, swift5.diagnostics)
        XCTAssertFalse(swift5.diagnostics.contains("main actor-isolated"), "as against the iOS SDK: \(swift5.diagnostics)")
        XCTAssertTrue(swift6.diagnostics.contains("main actor-isolated property 'alpha' can not be mutated from a nonisolated context"),
                      "iOS gives this as an error; a Swift module's @preconcurrency gives a warning: \(swift6.diagnostics)")
    }
}
