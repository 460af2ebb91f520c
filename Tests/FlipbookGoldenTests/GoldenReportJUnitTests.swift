import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
import FlipbookRender
import FlipbookGolden

/// The run's summary as JUnit XML, read back with Foundation's XML parser (libxml2): a
/// suite for the run, a case per scene, failures with counts and report paths, errors for
/// scenes that could not be checked and for a run that checked nothing.
final class GoldenReportJUnitTests: RecordedGoldensTestCase {
    var reportPage: URL { reports.appendingPathComponent("index.html") }

    func testEachSceneIsACaseAndAFailedOneGivesItsCountsAndItsPlacesInTheReport() throws {
        var fade = try checker().check(scene: "fade", frames: [(0, golden), (30, golden.setting(0, 0, to: RGBA8(0, 0, 0)))])
        fade.fps = 30
        fade.file = "scenes/fade.yaml"
        let slide = try checker().check(scene: "slide", frames: [(0, golden)])

        let suites = try JUnitElement.parse(GoldenReport(scenes: [fade, slide]).junitXML(reportPage: reportPage))

        XCTAssertEqual(suites.name, "testsuites")
        XCTAssertEqual(suites.attributes["tests"], "2")
        XCTAssertEqual(suites.attributes["failures"], "1")
        let suite = try XCTUnwrap(suites.children.first)
        XCTAssertEqual(suites.children.count, 1, "one suite per run")
        XCTAssertEqual(suite.attributes, ["name": "golden", "tests": "2", "failures": "1", "errors": "0", "skipped": "0"])
        XCTAssertEqual(suite.child("properties")?.child("property")?.attributes["value"], reportPage.path)
        let cases = suite.children.filter { $0.name == "testcase" }
        XCTAssertEqual(cases.map { $0.attributes["name"] }, ["fade", "slide"])
        XCTAssertEqual(cases[0].attributes["file"], "scenes/fade.yaml")
        let failure = try XCTUnwrap(cases[0].child("failure"))
        XCTAssertEqual(failure.attributes["type"], "failed")
        XCTAssertEqual(failure.attributes["message"], "1 of 2 frames failed")
        XCTAssertTrue(failure.text.hasPrefix("fade frame 30 (t = 1 s): FAILED 1 pixel differs by more than 2 (allowed 0)"),
                      failure.text)
        XCTAssertTrue(failure.text.contains("see \(reports.path)/fade/frame_00030.diff.png\n"), failure.text)
        XCTAssertTrue(failure.text.hasSuffix("report: \(reportPage.path)#fade-frame-30"), failure.text)
        XCTAssertEqual(cases[0].child("system-out")?.text.components(separatedBy: "\n").first,
                       "fade frame 0 (t = 0 s): ok, identical")
        XCTAssertNil(cases[1].child("failure"))
    }

    func testScenesThatCouldNotBeCheckedAndAnEmptyRunAreErrors() throws {
        let error = GoldenReport.SceneError(file: "scenes/bad.yaml", message: "scenes/bad.yaml:1:11: error: bad")

        let withError = try JUnitElement.parse(GoldenReport(scenes: [], errors: [error]).junitXML(reportPage: reportPage))
        let empty = try JUnitElement.parse(GoldenReport(scenes: [], nothingChecked: "no scenes with golden frames found")
            .junitXML(reportPage: reportPage))

        XCTAssertEqual(withError.attributes["errors"], "1")
        let bad = try XCTUnwrap(withError.children.first?.child("testcase"))
        XCTAssertEqual(bad.attributes["name"], "bad")
        XCTAssertEqual(bad.child("error")?.attributes["message"], "scenes/bad.yaml:1:11: error: bad")
        XCTAssertEqual(empty.attributes["tests"], "1")
        XCTAssertEqual(empty.attributes["errors"], "1")
        XCTAssertEqual(empty.children.first?.child("testcase")?.child("error")?.attributes["message"],
                       "no scenes with golden frames found")
    }

    func testMissingAndRecordedGoldensFailACheckButRecordingIsTheWholePointOfARecordRun() throws {
        let recorded = try checker().check(scene: "new", frames: [(0, golden)])
        let missing = try GoldenChecker(goldenDirectory: goldens, reportDirectory: reports, mode: .never)
            .check(scene: "fade", frames: [(0, golden), (60, golden)])
        let report = GoldenReport(scenes: [recorded, missing])

        let checked = try JUnitElement.parse(report.junitXML(reportPage: reportPage))
        let recording = try JUnitElement.parse(report.junitXML(reportPage: reportPage, recording: true))

        let cases = checked.children.first?.children.filter { $0.name == "testcase" } ?? []
        XCTAssertEqual(cases.map { $0.child("failure")?.attributes["type"] }, ["recorded", "missing"])
        XCTAssertEqual(cases.map { $0.child("failure")?.attributes["message"] },
                       ["1 of 1 frame recorded", "1 of 2 frames missing"])
        XCTAssertEqual(checked.attributes["failures"], "2")
        XCTAssertEqual(recording.attributes["failures"], "1", "only the missing golden fails a record run")
    }

    func testSpecialCharactersAndLineBreaksSurviveAndCharactersXMLForbidsAreReplaced() throws {
        let name = "a&b<c>\"d\"'e'"
        let recorded = try checker().check(scene: name, frames: [(0, golden)])
        let error = GoldenReport.SceneError(file: "scenes/x.yaml", message: "line one\nline\ttwo \u{1}<&>")

        let xml = GoldenReport(scenes: [recorded], errors: [error]).junitXML(reportPage: reportPage)
        let suites = try JUnitElement.parse(xml)

        let cases = suites.children.first?.children.filter { $0.name == "testcase" } ?? []
        XCTAssertEqual(cases.first?.attributes["name"], name)
        XCTAssertTrue(cases.first?.child("failure")?.text.hasPrefix("\(name) frame 0: RECORDED") ?? false)
        XCTAssertEqual(cases.last?.child("error")?.attributes["message"], "line one\nline\ttwo \u{FFFD}<&>")
        XCTAssertFalse(xml.unicodeScalars.contains("\u{1}"))
    }

    func testWriteJUnitCreatesTheFolderAndNamesAFileItCannotWrite() throws {
        let file = reports.appendingPathComponent("ci/junit.xml")
        let blocked = reportPage.appendingPathComponent("junit.xml")
        try GoldenReport(scenes: []).write(to: reports)

        try GoldenReport(scenes: []).writeJUnit(to: file, reportPage: reportPage)

        XCTAssertEqual(try JUnitElement.parse(String(contentsOf: file, encoding: .utf8)).attributes["tests"], "0")
        XCTAssertThrowsError(try GoldenReport(scenes: []).writeJUnit(to: blocked, reportPage: reportPage)) { error in
            XCTAssertEqual((error as? GoldenError)?.path, blocked.path)
        }
    }
}

/// An element of a JUnit file as Foundation's `XMLDocument` (libxml2) parsed it, with
/// its attributes as a dictionary and its children.
struct JUnitElement {
    let node: XMLElement

    var name: String { node.name ?? "" }
    var attributes: [String: String] {
        Dictionary(uniqueKeysWithValues: (node.attributes ?? []).map { ($0.name ?? "", $0.stringValue ?? "") })
    }
    var children: [JUnitElement] { (node.children ?? []).compactMap { ($0 as? XMLElement).map(JUnitElement.init) } }
    var text: String { node.stringValue ?? "" }

    func child(_ name: String) -> JUnitElement? { children.first { $0.name == name } }

    /// The root element of `xml`.
    /// - Throws: the parser's error when `xml` is not well-formed.
    static func parse(_ xml: String) throws -> JUnitElement {
        let document = try XMLDocument(xmlString: xml)
        guard let root = document.rootElement() else { throw CocoaError(.coderReadCorrupt) }
        return JUnitElement(node: root)
    }
}
