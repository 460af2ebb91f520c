import Foundation
import XCTest

/// The documentation stays true: every scene under `scenes/docs/` loads and has the GIF
/// `scripts/make-docs.sh` renders from it, byte for byte what the scene renders now (a
/// change of behaviour shows in the docs' pictures, or fails here); every image a page
/// shows exists, and every behaviour id the code cites is in `docs/behaviours.md`.
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

    func testEveryDocsPictureIsWhatItsSceneRendersNow() throws {
        let images = root.appendingPathComponent("docs/images")
        // Byte for byte only with the libraries and ffmpeg the pictures were made with.
        let made = try String(contentsOf: images.appendingPathComponent("VERSIONS.txt"), encoding: .utf8)
        let here = try flipbook("--version").out.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            .joined(separator: "\n")
        guard made == here else {
            throw XCTSkip("docs/images was made with other libraries:\n\(made)here:\n\(here)")
        }
        var pictures = try docsScenes.map { scene in
            let name = scene.deletingPathExtension().lastPathComponent
            return (picture: "\(name).gif",
                    command: ["render", "scenes/docs/\(scene.lastPathComponent)", "--format", "gif", "--progress", "none", "-o"])
        }
        pictures.append((picture: "hello-sheet.png", command: ["sheet", "scenes/docs/hello.yaml", "-o"]))

        for (picture, command) in pictures {
            let fresh = work.appendingPathComponent(picture)
            let result = try flipbook(command + [fresh.path])
            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertTrue(FileManager.default.contents(atPath: fresh.path) == FileManager.default.contents(
                              atPath: images.appendingPathComponent(picture).path),
                          "docs/images/\(picture) is not what its scene renders now: look at the change, then run "
                          + "scripts/make-docs.sh and commit the picture")
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

    func testEveryBehaviourIdCitedInSourcesAndTestsIsInTheCatalogue() throws {
        let catalogue = try String(contentsOf: root.appendingPathComponent("docs/behaviours.md"), encoding: .utf8)
        var citations: [(id: String, place: String)] = []
        for file in swiftFiles(under: ["Sources", "Tests"]) {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            citations += Self.behaviourCitations(in: text).map { ($0.id, "\(file):\($0.line)") }
        }

        let defined = Self.behaviourDefinitions(in: catalogue)
        let undefined = Dictionary(grouping: citations.filter { !defined.contains($0.id) }, by: \.id)

        XCTAssertGreaterThanOrEqual(Set(defined).count, 60, "docs/behaviours.md defines the catalogue's ids as '- **G1** …'")
        XCTAssertEqual(defined.count, Set(defined).count,
                       "ids defined twice in docs/behaviours.md: \(Dictionary(grouping: defined) { $0 }.filter { $1.count > 1 }.keys.sorted())")
        XCTAssertGreaterThanOrEqual(citations.count, 300, "Sources/ and Tests/ cite behaviour ids in test names and comments")
        XCTAssertGreaterThanOrEqual(Set(citations.map(\.id)).count, 50)
        XCTAssertTrue(undefined.isEmpty, """
            behaviour ids cited but not defined in docs/behaviours.md (add an entry, or fix the citation):
            \(undefined.keys.sorted(by: Self.idOrder).map { id in
                let places = undefined[id]!.map(\.place)
                return "  \(id): \(places[0])" + (places.count > 1 ? " and \(places.count - 1) more" : "")
            }.joined(separator: "\n"))
            """)
    }

    func testBehaviourIdsAreFoundInTestNamesCommentsAndRangesButNotInPathData() {
        let text = """
            @Test func aNestedBlockChangingTheSamePropertyReplacesTheOuterAnimation_V3_V6() {
            /// Presenting and dismissing view controllers (VC1–VC3), FACTS §2, (TX6).
            let svg = "M10 20 H50 V60 h-10 T40 0"
            let wide = "BT709"; let name = "CGR1"; _ = optionBitsAreApples_FACTS5
            """

        let citations = Self.behaviourCitations(in: text)

        XCTAssertEqual(citations.map(\.id), ["V3", "V6", "VC1", "VC3", "TX6", "VC2"])
        XCTAssertEqual(citations.map(\.line), [1, 1, 2, 2, 2, 2])
        XCTAssertEqual(Self.behaviourDefinitions(in: "## G — geometry\n- **G1** (S000) A view…\n  **G2** is not a list item\n- **S000** a note"),
                       ["G1"])
    }

    /// The paths, relative to the root, of the `.swift` files under `folders`.
    private func swiftFiles(under folders: [String]) -> [String] {
        folders.flatMap { folder -> [String] in
            let base = root.appendingPathComponent(folder).standardizedFileURL.path
            let files = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
            return files.filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }.sorted()
        }
    }

    /// A behaviour id: a group of docs/behaviours.md and a number (`G7`, `TX6`, `PA3`).
    static let behaviourID = "(?:CA|TX|TR|PA|VC|G|T|V|K|R)[0-9]+"

    /// The ids docs/behaviours.md defines: a list item starting with the bold id, or a heading.
    static func behaviourDefinitions(in markdown: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"^\s*(?:[-*]\s+\*\*(\#(behaviourID))\*\*|#+\s+(\#(behaviourID))\b)"#,
                                             options: .anchorsMatchLines)
        let range = NSRange(markdown.startIndex..., in: markdown)
        return regex.matches(in: markdown, range: range).compactMap { match in
            (1...2).lazy.compactMap { Range(match.range(at: $0), in: markdown) }.first.map { String(markdown[$0]) }
        }
    }

    /// The behaviour ids `swift` cites, with their line numbers, in order: in test names
    /// (`…_V3`, `…_CA1_CA8`), comments and messages (`(TX6)`). A range `VC1–VC3` cites
    /// every id from one end to the other. An id is not part of a longer word (`BT709`,
    /// `CGR1`), and string literals of SVG path data (`"M10 20 H50 V60"`) are skipped.
    static func behaviourCitations(in swift: String) -> [(id: String, line: Int)] {
        let single = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9])\(behaviourID)(?![A-Za-z0-9])")
        let span = try! NSRegularExpression(
            pattern: #"(?<![A-Za-z0-9])(CA|TX|TR|PA|VC|G|T|V|K|R)([0-9]+)\s*[–—-]\s*\1([0-9]+)(?![A-Za-z0-9])"#)
        let pathData = try! NSRegularExpression(pattern: #""[Mm][0-9 .,+\-eEMmLlHhVvCcSsQqTtAaZz]*""#)
        var citations: [(id: String, line: Int)] = []
        for (index, rawLine) in swift.components(separatedBy: "\n").enumerated() {
            let line = pathData.stringByReplacingMatches(in: rawLine, range: NSRange(rawLine.startIndex..., in: rawLine),
                                                         withTemplate: "\"\"")
            let range = NSRange(line.startIndex..., in: line)
            for match in single.matches(in: line, range: range) {
                citations.append((String(line[Range(match.range, in: line)!]), index + 1))
            }
            for match in span.matches(in: line, range: range) {
                let group = String(line[Range(match.range(at: 1), in: line)!])
                let low = Int(line[Range(match.range(at: 2), in: line)!])!, high = Int(line[Range(match.range(at: 3), in: line)!])!
                guard low + 1 < high else { continue }
                citations += (low + 1..<high).map { ("\(group)\($0)", index + 1) }
            }
        }
        return citations
    }

    /// Orders ids by group, then number: V2 before V10.
    static func idOrder(_ a: String, _ b: String) -> Bool {
        func split(_ id: String) -> (String, Int) {
            let letters = id.prefix { $0.isLetter }
            return (String(letters), Int(id.dropFirst(letters.count)) ?? 0)
        }
        return split(a) < split(b)
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
