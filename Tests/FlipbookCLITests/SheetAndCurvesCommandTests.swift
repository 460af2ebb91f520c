import FlipbookQuartz
import FlipbookRender
import Foundation
import XCTest

/// `flipbook sheet` (a contact sheet of a scene's frames) and `flipbook curves` (plots of
/// timing functions and springs), end to end.
final class SheetAndCurvesCommandTests: CLITestCase {
    /// A 128×32 canvas, a blue bar growing from 8 to 120 points wide over 1 s at 10 fps.
    private func growingBar() throws -> String {
        try writeScene("bar.yaml", """
            flipbook: 1
            canvas: {size: [128, 32], fps: 10, duration: 1}
            views: [{id: bar, frame: [0, 8, 8, 16], backgroundColor: systemBlue}]
            timeline:
              - at: 0
                do: [{animate: {duration: 1, options: [curveLinear], do: [{set: {target: bar, frame: [0, 8, 120, 16]}}]}}]
            """)
    }

    /// `bitmap` shrunk 2:1 by averaging each 2×2 block.
    private func halved(_ bitmap: Bitmap) -> [[RGBA8]] {
        (0..<bitmap.height / 2).map { y in
            (0..<bitmap.width / 2).map { x in
                let block = [bitmap[2 * x, 2 * y], bitmap[2 * x + 1, 2 * y], bitmap[2 * x, 2 * y + 1], bitmap[2 * x + 1, 2 * y + 1]]
                func mean(_ channel: KeyPath<RGBA8, UInt8>) -> UInt8 { UInt8(block.map { Int($0[keyPath: channel]) }.reduce(0, +) / 4) }
                return RGBA8(mean(\.r), mean(\.g), mean(\.b), mean(\.a))
            }
        }
    }

    /// How many pixels of `rect` are dark: text ink on the light sheet.
    private func darkPixels(in rect: CGRect, of image: Bitmap) -> Int {
        var count = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let pixel = image[x, y]
                if pixel.r < 120 && pixel.g < 120 && pixel.b < 120 { count += 1 }
            }
        }
        return count
    }

    func testEachCellOfTheSheetIsItsFrameShrunkWithALabel() throws {
        let scene = try growingBar()
        let sheet = work.appendingPathComponent("sheet.png").path, frames = work.appendingPathComponent("frames").path

        let result = try flipbook("sheet", scene, "--frames", "0,5,10", "--columns", "2", "--thumbnail-width", "64", "-o", sheet)
        let render = try flipbook("render", scene, "--frames", "0,5,10", "-o", frames, "--progress", "none")

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "\(sheet)\n")
        XCTAssertEqual(render.status, 0, render.err)
        let image = try PNGCodec.read(path: sheet)
        let cells = [0, 5, 10].map { ContactSheet.Cell(frame: $0, time: Double($0) / 10, image: Bitmap(width: 128, height: 32, filledWith: RGBA8(0, 0, 0))) }
        let layout = try ContactSheet(columns: 2, thumbnailWidth: 64).layout(labels: cells.map(\.label), imageWidth: 128, imageHeight: 32)
        XCTAssertEqual(cells[1].label, "frame 5 · 0.500 s")
        XCTAssertEqual(image.width, layout.width)
        XCTAssertEqual(image.height, 2 * ContactSheet.margin + 2 * (16 + ContactSheet.labelHeight) + ContactSheet.spacing, "two rows")
        XCTAssertEqual(layout.thumbnails[2].minX, layout.thumbnails[0].minX, "the third frame starts the second row")
        for (index, frame) in [0, 5, 10].enumerated() {
            let expected = halved(try PNGCodec.read(path: "\(frames)/frame_\(String(format: "%05d", frame)).png"))
            let origin = layout.thumbnails[index].origin
            var worst = 0
            for y in 0..<16 {
                for x in 0..<64 {
                    worst = max(worst, image[Int(origin.x) + x, Int(origin.y) + y].maxChannelDifference(to: expected[y][x]))
                }
            }
            XCTAssertLessThanOrEqual(worst, 24, "cell \(index) shows frame \(frame)")
            XCTAssertGreaterThan(darkPixels(in: layout.labels[index], of: image), 50, "cell \(index) is labelled")
        }
    }

    func testTheSheetIsTheSameOnOneThreadOrMany_R1() throws {
        let scene = try growingBar()

        let sheet = try assertSameBytesOnOneThreadOrMany(["sheet", scene])

        XCTAssertNotEqual(try PNGCodec.read(path: sheet).width, 0)
    }

    /// Runs `arguments` with `--jobs 1` and `--jobs 3` (each with its own `-o`) and with
    /// `--jobs 0`; asserts the two files are the same bytes and 0 is refused. Returns the first file.
    private func assertSameBytesOnOneThreadOrMany(_ arguments: [String], file: StaticString = #filePath,
                                                  line: UInt = #line) throws -> String {
        let one = work.appendingPathComponent("one.png").path, three = work.appendingPathComponent("three.png").path

        let single = try flipbook(arguments + ["--jobs", "1", "-o", one])
        let many = try flipbook(arguments + ["--jobs", "3", "-o", three])
        let none = try flipbook(arguments + ["--jobs", "0"])

        XCTAssertEqual(single.status, 0, single.err, file: file, line: line)
        XCTAssertEqual(many.status, 0, many.err, file: file, line: line)
        XCTAssertEqual(FileManager.default.contents(atPath: one), FileManager.default.contents(atPath: three),
                       file: file, line: line)
        XCTAssertNotEqual(none.status, 0, file: file, line: line)
        XCTAssertTrue(none.err.contains("--jobs must be between 1 and 256, got 0"), none.err, file: file, line: line)
        return one
    }

    /// Three scenes under the scratch folder's scenes/, bars of three colours, and their
    /// paths relative to it.
    private func threeBars() throws -> [String] {
        try ["red", "green", "blue"].map { colour in
            _ = try writeScene("scenes/\(colour).yaml", """
                flipbook: 1
                canvas: {size: [96, 24], fps: 10, duration: 1}
                views: [{id: bar, frame: [0, 4, 8, 16], backgroundColor: \(colour)}]
                timeline: [{at: 0, do: [{animate: {duration: 1, do: [{set: {target: bar, frame: [0, 4, 90, 16]}}]}}]}]
                """)
            return "scenes/\(colour).yaml"
        }
    }

    func testSeveralScenesGetTheSheetsOfSingleRunsInOrderWithOneJobOrTwo() throws {
        let scenes = try threeBars()

        let alone = try flipbook(inWork: "sheet", scenes[1], "-o", "alone.png")
        let sheets = try [1, 2].map { jobs in
            let result = try flipbook(inWork: ["sheet"] + scenes + ["--jobs", "\(jobs)"])
            let bytes = try ["red", "green", "blue"].map { try Data(contentsOf: work.appendingPathComponent("out/\($0)-sheet.png")) }
            try FileManager.default.removeItem(at: work.appendingPathComponent("out"))
            return (result, bytes)
        }

        XCTAssertEqual(alone.status, 0, alone.err)
        for (result, bytes) in sheets {
            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertEqual(result.out, "out/red-sheet.png\nout/green-sheet.png\nout/blue-sheet.png\n")
            XCTAssertEqual(bytes[1], try Data(contentsOf: work.appendingPathComponent("alone.png")),
                           "the same bytes as the scene's sheet on its own")
        }
        XCTAssertEqual(sheets[1].1, sheets[0].1, "the same sheets with two processes as with one")
    }

    func testABrokenSceneAmongSeveralFailsTheSameWithOneJobOrTwoAndTheOthersAreWritten() throws {
        var scenes = try threeBars()
        scenes.insert(try writeScene("scenes/broken.yaml", "flipbook: 1\ncanvas: {size: [20, 20]}\nviews: [{frame: [0, 0, 1]}]\n"),
                      at: 1)

        let results = try [1, 2].map { jobs in try flipbook(inWork: ["sheet"] + scenes + ["--jobs", "\(jobs)"]) }

        for result in results {
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(result.out, "out/red-sheet.png\nout/green-sheet.png\nout/blue-sheet.png\n")
            XCTAssertTrue(result.err.contains("broken.yaml:3:"), result.err)
        }
        XCTAssertEqual(results[1].err, results[0].err)
    }

    func testAWorkerHandedANumberThatIsNoItemStopsThereWithoutATrap() throws {
        let scenes = try threeBars()
        guard let binary = Self.binary else { throw XCTSkip("flipbook is not built beside the tests") }
        let worker = { (lines: String) in
            try self.run("/bin/sh", ["-c", "cd '\(self.work.path)' && printf '\(lines)' | '\(binary)' sheet --worker -- "
                                        + scenes.joined(separator: " ")])
        }

        let first = try worker("7\\n1\\n")
        let second = try worker("1\\n7\\n0\\n")

        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(first.out, "", "nothing done: the first line named no scene")
        XCTAssertEqual(second.status, 0, second.err)
        let items = second.out.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["item"] as? Int
        }
        XCTAssertEqual(items, [1], "the green scene done, then a stop at 7: \(second.out)")
    }

    func testSeveralScenesWithOneOutputFileOrTwoOfOneNameAreRefused() throws {
        let scenes = try threeBars()
        _ = try writeScene("more/red.yaml", "flipbook: 1\ncanvas: {size: [20, 20]}\n")

        let oneFile = try flipbook(inWork: ["sheet"] + scenes + ["-o", "sheet.png"])
        let oneName = try flipbook(inWork: "sheet", scenes[0], "more/red.yaml", "--jobs", "2")

        XCTAssertEqual(oneFile.status, 64)
        XCTAssertTrue(oneFile.err.contains("-o names one sheet's PNG, but 3 scenes were given"), oneFile.err)
        XCTAssertEqual(oneName.status, 64)
        XCTAssertTrue(oneName.err.contains("scenes/red.yaml and more/red.yaml would both write out/red-sheet.png"),
                      oneName.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
    }

    func testSheetAndCurvesWriteOnlyToAPNGFileName() throws {
        let scenes = try threeBars()

        let jpeg = try flipbook(inWork: "sheet", scenes[0], "-o", "sheet.jpg")
        let bare = try flipbook(inWork: "sheet", scenes[0], "-o", "out/sheet")
        let folder = try flipbook(inWork: "curves", "easeIn", "-o", "plots/")
        let gif = try flipbook(inWork: "curves", "easeIn", "-o", "curves.GIF")
        let upperCase = try flipbook(inWork: "curves", "easeIn", "-o", "curves.PNG")

        XCTAssertEqual([jpeg.status, bare.status, folder.status, gif.status], [64, 64, 64, 64])
        XCTAssertTrue(jpeg.err.contains("-o sheet.jpg names a .jpg file, but this command writes a PNG: name a .png file, e.g. sheet.png"),
                      jpeg.err)
        XCTAssertTrue(bare.err.contains("-o out/sheet has no extension, but this command writes a PNG: name a .png file, e.g. out/sheet.png"),
                      bare.err)
        XCTAssertTrue(folder.err.contains("-o plots/ is a folder: name the PNG file to write, e.g. plots/curves.png"), folder.err)
        XCTAssertTrue(gif.err.contains("-o curves.GIF names a .GIF file"), gif.err)
        for name in ["sheet.jpg", "out", "plots", "curves.GIF"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent(name).path), name)
        }
        XCTAssertEqual(upperCase.status, 0, upperCase.err)
        XCTAssertEqual(try PNGCodec.read(path: work.appendingPathComponent("curves.PNG").path).width, 640)
    }

    func testByDefaultTheSheetShowsTwelveFramesInRowsOfFour() throws {
        let scene = try writeScene("long.yaml", "flipbook: 1\ncanvas: {size: [160, 40], fps: 10, duration: 3}\n")
        let sheet = work.appendingPathComponent("long-sheet.png").path

        let result = try flipbook("sheet", scene, "-o", sheet)

        XCTAssertEqual(result.status, 0, result.err)
        let image = try PNGCodec.read(path: sheet)
        XCTAssertEqual(image.width, 2 * ContactSheet.margin + 4 * 160 + 3 * ContactSheet.spacing, "4 columns of full-width frames")
        XCTAssertEqual(image.height, 2 * ContactSheet.margin + 3 * (40 + ContactSheet.labelHeight) + 2 * ContactSheet.spacing, "3 rows")
    }

    func testASheetLargerThanCairoDrawsIsRefusedWithItsSizeTheLimitAndTheFix() throws {
        let scene = try writeScene("long.yaml", "flipbook: 1\ncanvas: {size: [300, 200], fps: 100, duration: 30}\n")

        let tall = try flipbook(inWork: "sheet", scene, "--frames", "0-", "--thumbnail-width", "20")
        let wide = try flipbook(inWork: "sheet", scene, "--frames", "0-199", "--columns", "200")
        let tooLarge = try flipbook(inWork: "sheet", scene, "--frames", "0-", "--thumbnail-width", "4096")
        let widestThatFits = try flipbook(inWork: "sheet", scene, "--frames", "0-199", "--columns", "129")

        XCTAssertEqual(tall.status, 1)
        XCTAssertEqual(tall.err, "flipbook: error: long: a contact sheet of 3001 frames, 4 to a row, would be 596×35317 pixels, "
                       + "more than the 32767 a side Cairo draws: give --columns 5…227, or show fewer frames (--frames), "
                       + "or a smaller --thumbnail-width than 20\n")
        XCTAssertEqual(wide.status, 1)
        XCTAssertEqual(wide.err, "flipbook: error: long: a contact sheet of 200 frames, 200 to a row, would be 50420×214 pixels, "
                       + "more than the 32767 a side Cairo draws: give --columns 2…129, or show fewer frames (--frames), "
                       + "or a smaller --thumbnail-width than 240\n")
        XCTAssertTrue(tooLarge.err.hasSuffix("Cairo draws: show fewer frames (--frames), or a smaller --thumbnail-width than 4096\n"),
                      tooLarge.err)
        XCTAssertEqual(widestThatFits.status, 0, "the largest --columns named fits: \(widestThatFits.err)")
        XCTAssertEqual(try PNGCodec.read(path: work.appendingPathComponent("out/long-sheet.png").path).width, 32_528)
    }

    func testCurvesPlotsEachCurveThroughItsValues_T1() throws {
        let plot = work.appendingPathComponent("curves.png").path

        let result = try flipbook("curves", "easeIn", "--size", "400x300", "-o", plot)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "\(plot)\n")
        let image = try PNGCodec.read(path: plot)
        XCTAssertEqual(image.width, 400)
        XCTAssertEqual(image.height, 300)
        // The same plot made through the library says where t = 0.5 falls.
        let layout = CurvePlot(width: 400, height: 300, duration: 1, curves: [CurvePlot.Curve(name: "easeIn") { TimingFunction.easeIn.value(at: $0) }])
        let point = layout.point(time: 0.5, value: TimingFunction.easeIn.value(at: 0.5))
        let near = (-1...1).flatMap { dy in (-1...1).map { dx in image[Int(point.x) + dx, Int(point.y) + dy] } }
        XCTAssertTrue(near.contains { $0.maxChannelDifference(to: CurvePlot.color(ofCurve: 0)) <= 40 }, "\(near)")
    }

    func testTheCurvesAreTheSameOnOneThreadOrMany() throws {
        let arguments = ["curves", "easeInEaseOut", "spring(damping:5)", "--size", "900x700"]

        let plot = try assertSameBytesOnOneThreadOrMany(arguments)

        XCTAssertEqual(try PNGCodec.read(path: plot).height, 700)
    }

    func testASpringOvershootsAboveOne_T3() throws {
        let plot = work.appendingPathComponent("spring.png").path
        let spring = Spring(damping: 5)

        let result = try flipbook("curves", "linear", "spring(damping:5)", "-o", plot)

        XCTAssertEqual(result.status, 0, result.err)
        let image = try PNGCodec.read(path: plot)
        let column = Int(CurvePlot(width: image.width, height: image.height, duration: spring.settlingDuration, curves: [])
            .point(time: 0.32, value: 0).x)
        let rows = (0..<image.height).filter { image[column, $0].maxChannelDifference(to: CurvePlot.color(ofCurve: 1)) <= 40 }
        let linearRows = (0..<image.height).filter { image[column, $0].maxChannelDifference(to: CurvePlot.color(ofCurve: 0)) <= 40 }
        XCTAssertFalse(rows.isEmpty)
        XCTAssertFalse(linearRows.isEmpty)
        // Near its peak (t ≈ 0.32 s) the spring is at about 1.44, far above the linear curve at 0.11.
        XCTAssertLessThan(rows.max()!, linearRows.min()! - 100, "spring rows \(rows), linear rows \(linearRows)")
    }

    func testABadCurveNamesTheNearestAndFails() throws {
        let typo = try flipbook("curves", "eseIn", "-o", work.appendingPathComponent("x.png").path)
        let size = try flipbook("curves", "linear", "--size", "big")

        XCTAssertEqual(typo.status, 1)
        XCTAssertTrue(typo.err.hasPrefix("flipbook: error: unknown curve 'eseIn' (did you mean 'easeIn'?)"), typo.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("x.png").path))
        XCTAssertNotEqual(size.status, 0)
        XCTAssertTrue(size.err.contains("--size is WIDTHxHEIGHT"), size.err)
    }
}
