import FlipbookQuartz
import Foundation
import FlipbookRender
import Testing

/// Contact sheets: cells in a grid, each a thumbnail of its frame over its label.
@Suite struct ContactSheetTests {
    private let red = RGBA8(230, 30, 40), blue = RGBA8(20, 60, 220), green = RGBA8(30, 170, 60)

    /// A 200×100 frame: the left half `left`, the right half `right`.
    private func frame(_ left: RGBA8, _ right: RGBA8) -> Bitmap {
        var bitmap = Bitmap(width: 200, height: 100, filledWith: left)
        let p = right.premultiplied
        for y in 0..<100 {
            for x in 100..<200 {
                let i = (y * 200 + x) * 4
                (bitmap.pixels[i], bitmap.pixels[i + 1], bitmap.pixels[i + 2], bitmap.pixels[i + 3]) = (p.b, p.g, p.r, p.a)
            }
        }
        return bitmap
    }

    private func isInk(_ pixel: RGBA8) -> Bool { pixel.r < 120 && pixel.g < 120 && pixel.b < 120 }

    @Test func cellsFillRowsOfTheGivenColumnsAndTheSheetFitsThem() throws {
        let sheet = ContactSheet(columns: 2, thumbnailWidth: 150)

        let layout = try sheet.layout(labels: ["a", "b", "c"], imageWidth: 200, imageHeight: 100)

        let rows = Set(layout.thumbnails.map(\.minY)).sorted(), columns = Set(layout.thumbnails.map(\.minX)).sorted()
        #expect(columns.count == 2)
        #expect(rows.count == 2)
        #expect(layout.thumbnails[2].minX == layout.thumbnails[0].minX, "the third cell starts the second row")
        #expect(layout.thumbnails.allSatisfy { $0.width == 150 && $0.height == 75 })
        #expect(layout.width == 2 * ContactSheet.margin + 2 * 150 + ContactSheet.spacing)
        #expect(layout.height == 2 * ContactSheet.margin + 2 * (75 + ContactSheet.labelHeight) + ContactSheet.spacing)
        for (thumbnail, label) in zip(layout.thumbnails, layout.labels) {
            #expect(label.minY == thumbnail.maxY, "the label sits under its thumbnail")
        }
    }

    @Test func aLabelWiderThanTheThumbnailWidensTheColumn() throws {
        let sheet = ContactSheet(columns: 3, thumbnailWidth: 20)

        let layout = try sheet.layout(labels: ["frame 120 · 2.000 s"], imageWidth: 200, imageHeight: 100)

        #expect(layout.labels[0].width > 60)
        #expect(abs(layout.thumbnails[0].midX - layout.labels[0].midX) <= 0.5, "the thumbnail is centred over its label, to a whole pixel")
    }

    @Test func eachCellShowsItsFrameShrunkWithItsLabelUnderIt() throws {
        let frames = [frame(red, blue), frame(blue, green), frame(green, red)]
        let cells = frames.enumerated().map { ContactSheet.Cell(frame: $0.offset * 10, time: Double($0.offset) / 3, image: $0.element) }
        let sheet = ContactSheet(columns: 2, thumbnailWidth: 100)

        let image = try sheet.render(cells)

        let layout = try sheet.layout(labels: cells.map(\.label), imageWidth: 200, imageHeight: 100)
        #expect(cells[1].label == "frame 10 · 0.333 s")
        #expect((image.width, image.height) == (layout.width, layout.height))
        for (index, colors) in [(red, blue), (blue, green), (green, red)].enumerated() {
            let box = layout.thumbnails[index]
            let (x, y) = (Int(box.minX), Int(box.minY))
            // A 2:1 shrink: the left 50 columns show the left half, the right 50 the right half.
            for (dx, dy) in [(0, 0), (25, 20), (49, 49)] { #expect(image[x + dx, y + dy] == colors.0, "cell \(index)") }
            for (dx, dy) in [(50, 0), (75, 20), (99, 49)] { #expect(image[x + dx, y + dy] == colors.1, "cell \(index)") }
            let label = layout.labels[index]
            let ink = (Int(label.minX)..<Int(label.maxX)).flatMap { x in
                (Int(label.minY)..<Int(label.maxY)).map { image[x, $0] }
            }.filter(isInk)
            #expect(ink.count > 50, "cell \(index)'s label is drawn")
        }
        let empty = CGRect(x: layout.thumbnails[1].minX, y: layout.thumbnails[2].minY, width: 100, height: 50)
        #expect(image[Int(empty.midX), Int(empty.midY)] == image[2, 2], "the cell after the last is bare sheet")
    }

    @Test func aThumbnailAveragesThePixelsItCovers() throws {
        var stripes = Bitmap(width: 4, height: 2, filledWith: RGBA8(0, 0, 0))
        for x in [1, 3] { for y in 0..<2 { stripes.pixels.replaceSubrange((y * 4 + x) * 4..<(y * 4 + x) * 4 + 4, with: [255, 255, 255, 255]) } }

        let thumbnail = try ContactSheet(thumbnailWidth: 2).thumbnail(stripes)

        #expect((thumbnail.width, thumbnail.height) == (2, 1))
        #expect(abs(Int(thumbnail[0, 0].g) - 128) <= 2, "black and white average to grey, \(thumbnail[0, 0])")
    }

    @Test func noCellsOrFramesOfDifferentSizesAreErrors() {
        let sheet = ContactSheet()

        #expect(throws: RenderError.self) { try sheet.render([]) }
        #expect(throws: RenderError.self) {
            try sheet.render([.init(image: frame(red, blue), label: "a"),
                              .init(image: Bitmap(width: 10, height: 10, filledWith: red), label: "b")])
        }
    }
}
