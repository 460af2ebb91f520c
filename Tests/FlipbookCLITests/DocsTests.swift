import Foundation
import XCTest

/// The documentation stays true without rendering it again: every scene under
/// `scenes/docs/` loads, has the GIF `scripts/make-docs.sh` renders from it, and every
/// image a page shows exists.
final class DocsTests: CLITestCase {
    /// GIFs the docs carry stay small enough to read on a slow connection.
    private let largestGIF = 300 * 1024

    private var docsScenes: [URL] {
        get throws {
            let folder = root.appendingPathComponent("scenes/docs")
            return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "yaml" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        }
    }

    /// docs/*.md and the README, the pages that show images.
    private var pages: [URL] {
        get throws {
            let docs = root.appendingPathComponent("docs")
            return try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "md" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
                + [root.appendingPathComponent("README.md")]
        }
    }

    func testEveryDocsSceneValidates() throws {
        let scenes = try docsScenes.map { "scenes/docs/" + $0.lastPathComponent }

        let result = try flipbook(["validate"] + scenes)

        XCTAssertFalse(scenes.isEmpty, "scenes/docs/ holds the docs' scenes")
        XCTAssertEqual(result.status, 0, result.err)
        for scene in scenes {
            XCTAssertTrue(result.out.contains("\(scene): ok ("), "\(scene) does not validate:\n\(result.out)\(result.err)")
        }
    }

    func testEveryDocsSceneHasASmallGIFAndEveryGIFHasItsScene() throws {
        let images = root.appendingPathComponent("docs/images")
        let sceneNames = try docsScenes.map { $0.deletingPathExtension().lastPathComponent }
        let gifNames = try FileManager.default.contentsOfDirectory(atPath: images.path)
            .filter { $0.hasSuffix(".gif") }.map { String($0.dropLast(".gif".count)) }

        XCTAssertEqual(Set(gifNames), Set(sceneNames),
                       "docs/images/<name>.gif for each scenes/docs/<name>.yaml: run scripts/make-docs.sh, or delete a stale GIF")
        for name in sceneNames {
            let gif = images.appendingPathComponent("\(name).gif")
            guard let data = FileManager.default.contents(atPath: gif.path) else { continue }
            XCTAssertEqual(data.prefix(6), Data("GIF89a".utf8), "\(gif.path) is not a GIF")
            XCTAssertLessThanOrEqual(data.count, largestGIF, "\(gif.path) is over 300 KB")
        }
    }

    func testEveryImageThePagesShowExists() throws {
        var shown: [(page: URL, target: String)] = []
        for page in try pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            shown += Self.imageTargets(in: text).map { (page, $0) }
        }

        XCTAssertFalse(shown.isEmpty, "the pages show images")
        for (page, target) in shown where !target.contains("://") {
            let file = page.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.path),
                          "\(page.lastPathComponent) shows \(target), which does not exist")
        }
    }

    func testEveryDocsGIFIsShownOnAPage() throws {
        let text = try pages.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        let shown = Set(Self.imageTargets(in: text).map { URL(fileURLWithPath: $0).lastPathComponent })

        let names = try docsScenes.map { $0.deletingPathExtension().lastPathComponent + ".gif" }

        XCTAssertFalse(names.isEmpty)
        for name in names {
            XCTAssertTrue(shown.contains(name), "no page shows images/\(name)")
        }
    }

    /// The targets of Markdown images, `![alt](target "title")`, and HTML `<img src="target">`.
    static func imageTargets(in markdown: String) -> [String] {
        let patterns = [#"!\[[^\]]*\]\(\s*<?([^)\s>]+)"#, #"<img[^>]*\ssrc\s*=\s*"([^"]+)""#]
        return patterns.flatMap { pattern -> [String] in
            let regex = try! NSRegularExpression(pattern: pattern)
            let range = NSRange(markdown.startIndex..., in: markdown)
            return regex.matches(in: markdown, range: range).compactMap { match in
                Range(match.range(at: 1), in: markdown).map { String(markdown[$0]) }
            }
        }
    }
}
