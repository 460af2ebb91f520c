import Foundation
import XCTest

/// `flipbook --version` (with the git commit that scripts/git-commit.sh reads before each
/// build) and a mistyped command.
final class VersionAndCommandTests: CLITestCase {
    func testVersionNamesTheBuildTheRenderingLibrariesAndFFmpeg() throws {
        let result = try flipbook("--version")

        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, result.out)
        // The commit built from (a commit of this repository, "+changes" when files differed
        // from it), or unknown without .git; the build id after it.
        let words = lines[0].split(separator: " ").map(String.init)
        XCTAssertEqual(Array(words.prefix(2)), ["flipbook,", "commit"], lines[0])
        XCTAssertEqual(words.dropFirst(3).first, "build", lines[0])
        let commit = String(words.count > 2 ? words[2].dropLast() : "")
        if FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) {
            let hash = commit.hasSuffix("+changes") ? String(commit.dropLast("+changes".count)) : commit
            XCTAssertEqual(try run("/usr/bin/env", ["git", "-C", root.path, "cat-file", "-t", hash]).out, "commit\n", lines[0])
        } else {
            XCTAssertEqual(commit, "unknown")
        }
        for library in ["cairo ", "pango ", "pixman ", "freetype ", "libpng "] {
            XCTAssertTrue(lines[1].contains(library), "\(library) in \(lines[1])")
        }
        XCTAssertTrue(lines[2].hasPrefix("ffmpeg version "), lines[2])
    }

    func testTheCommitScriptSaysUnknownWithoutGitAndRewritesNothingWhenNothingChanged() throws {
        let tarball = work.appendingPathComponent("flipbook-source"), generated = work.appendingPathComponent("generated")
        try FileManager.default.createDirectory(at: tarball, withIntermediateDirectories: true)
        let script = root.appendingPathComponent("scripts/git-commit.sh").path
        let file = generated.appendingPathComponent("GitCommit.swift").path

        let first = try run("/bin/sh", [script, tarball.path, generated.path])
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: file)
        let second = try run("/bin/sh", [script, tarball.path, generated.path])

        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).hasSuffix("let gitCommit = \"unknown\"\n"))
        let modified = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
        XCTAssertEqual(modified, Date(timeIntervalSince1970: 0), "the same text is not written again")
    }

    func testAMistypedCommandIsAUsageErrorThatSuggestsTheNearestOne() throws {
        let typo = try flipbook("rendr", "scenes/docs/hello.yaml")
        let unknown = try flipbook("paint", "x.yaml")
        let help = try flipbook("help", "render")

        XCTAssertEqual(typo.status, 64)
        XCTAssertEqual(typo.err, "flipbook: error: unknown command 'rendr' (did you mean 'render'?); see 'flipbook --help'\n")
        XCTAssertEqual(unknown.status, 64)
        XCTAssertEqual(unknown.err, "flipbook: error: unknown command 'paint'; see 'flipbook --help'\n")
        XCTAssertEqual(help.status, 0, "help is a command too")
    }
}
