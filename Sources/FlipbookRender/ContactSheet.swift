internal import CCairo
import FlipbookQuartz
import Foundation

/// A contact sheet: frames in a grid, each scaled to one width with a label under it.
///
/// Cells run left to right, then top to bottom, `columns` to a row, on a light grey
/// sheet with `margin` pixels around the grid and `spacing` between cells. A column is
/// as wide as the thumbnails, or as the widest label when that is wider (the thumbnail
/// then sits centred). Thumbnails are drawn with Cairo's `GOOD` filter, which averages
/// the pixels a thumbnail pixel covers when shrinking; to hold only thumbnails in memory,
/// shrink frames with `thumbnail(_:)` as they are rendered and pass those.
public struct ContactSheet: Sendable {
    /// One picture of the sheet and the text under it.
    public struct Cell: Sendable {
        public var image: Bitmap
        public var label: String

        public init(image: Bitmap, label: String) {
            self.image = image
            self.label = label
        }

        /// Frame `frame` of a render, shown at `time` seconds: labelled `frame N · t.ttt s`.
        public init(frame: Int, time: Double, image: Bitmap) {
            self.init(image: image, label: Self.label(frame: frame, time: time))
        }

        /// The label of frame `frame` shown at `time` seconds: `frame N · t.ttt s`.
        public static func label(frame: Int, time: Double) -> String {
            String(format: "frame %d · %.3f s", frame, time)
        }
    }

    /// Where the cells go, in pixels of the sheet.
    public struct Layout: Sendable, Equatable {
        public var width: Int
        public var height: Int
        /// One cell: its thumbnail and the label strip under it.
        public var cellWidth: Int
        public var cellHeight: Int
        /// Each cell's thumbnail, in cell order; whole pixels.
        public var thumbnails: [CGRect]
        /// The strip under each thumbnail that holds its label.
        public var labels: [CGRect]
    }

    /// Cells per row (fewer when there are fewer cells); at least 1.
    public var columns: Int
    /// Pixels; the height follows the frames' aspect ratio.
    public var thumbnailWidth: Int

    public static let margin = 16
    public static let spacing = 12
    /// The height of the strip under a thumbnail that holds the label.
    public static let labelHeight = 22
    static let labelFont = UIFont.systemFont(ofSize: 12)
    static let background = CGColor(gray: 0.93, alpha: 1)
    static let labelColor = CGColor(gray: 0.15, alpha: 1)
    /// A one-pixel line around each thumbnail, outside it.
    static let border = CGColor(gray: 0.7, alpha: 1)

    public init(columns: Int = 4, thumbnailWidth: Int = 240) {
        self.columns = max(1, columns)
        self.thumbnailWidth = max(1, thumbnailWidth)
    }

    /// The size of the thumbnail of an image `imageWidth`×`imageHeight` pixels:
    /// `thumbnailWidth` wide, the height in proportion, rounded.
    public func thumbnailSize(imageWidth: Int, imageHeight: Int) -> (width: Int, height: Int) {
        (thumbnailWidth, max(1, Int((Double(imageHeight) * Double(thumbnailWidth) / Double(max(imageWidth, 1))).rounded())))
    }

    /// `image` shrunk (or grown) to `thumbnailSize`, as the sheet shows it.
    /// - Throws: `RenderError` when Cairo fails.
    public func thumbnail(_ image: Bitmap) throws -> Bitmap {
        let size = thumbnailSize(imageWidth: image.width, imageHeight: image.height)
        let surface = try ImageSurface(width: size.width, height: size.height)
        let context = try CairoContext(surface)
        try drawThumbnail(image, in: CGRect(x: 0, y: 0, width: size.width, height: size.height), on: context.pointer)
        return surface.bitmap()
    }

    /// Where cells with these labels go, for images of `imageWidth`×`imageHeight` pixels.
    /// - Throws: `RenderError` when Cairo cannot measure the labels.
    public func layout(labels: [String], imageWidth: Int, imageHeight: Int) throws -> Layout {
        let labelWidth = try labels.map(Self.measure).max() ?? 0
        let cellWidth = max(thumbnailWidth, Int(labelWidth.rounded(.up)) + 4)
        let thumbnailHeight = thumbnailSize(imageWidth: imageWidth, imageHeight: imageHeight).height
        let cellHeight = thumbnailHeight + Self.labelHeight
        let columns = max(1, min(self.columns, labels.count))
        let rows = (labels.count + columns - 1) / columns
        var layout = Layout(width: 2 * Self.margin + columns * cellWidth + (columns - 1) * Self.spacing,
                            height: 2 * Self.margin + rows * cellHeight + max(rows - 1, 0) * Self.spacing,
                            cellWidth: cellWidth, cellHeight: cellHeight, thumbnails: [], labels: [])
        for index in labels.indices {
            let x = Self.margin + (index % columns) * (cellWidth + Self.spacing)
            let y = Self.margin + (index / columns) * (cellHeight + Self.spacing)
            layout.thumbnails.append(CGRect(x: x + (cellWidth - thumbnailWidth) / 2, y: y,
                                            width: thumbnailWidth, height: thumbnailHeight))
            layout.labels.append(CGRect(x: x, y: y + thumbnailHeight, width: cellWidth, height: Self.labelHeight))
        }
        return layout
    }

    /// Draws the sheet; cells' images are scaled to `thumbnailSize` (already thumbnails
    /// are copied as they are).
    /// - Throws: `RenderError` when there are no cells, the images differ in size, the
    ///   sheet is larger than Cairo draws, or Cairo fails.
    public func render(_ cells: [Cell]) throws -> Bitmap {
        guard let first = cells.first?.image else {
            throw RenderError(operation: "contact sheet", message: "no frames to show")
        }
        guard cells.allSatisfy({ $0.image.width == first.width && $0.image.height == first.height }) else {
            throw RenderError(operation: "contact sheet", message: "the frames differ in size")
        }
        let layout = try layout(labels: cells.map(\.label), imageWidth: first.width, imageHeight: first.height)
        let surface = try ImageSurface(width: layout.width, height: layout.height)
        let context = try CairoContext(surface)
        let cr = context.pointer
        setSource(cr, Self.background)
        cairo_paint(cr)
        for (index, cell) in cells.enumerated() {
            let frame = layout.thumbnails[index].insetBy(dx: -0.5, dy: -0.5)
            cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
            setSource(cr, Self.border)
            cairo_set_line_width(cr, 1)
            cairo_stroke(cr)
            try drawThumbnail(cell.image, in: layout.thumbnails[index], on: cr)
            try drawLabel(cell.label, in: layout.labels[index], on: cr)
        }
        try context.checkStatus("drawing a \(layout.width)×\(layout.height) contact sheet")
        return surface.bitmap()
    }

    private func drawThumbnail(_ image: Bitmap, in rect: CGRect, on cr: OpaquePointer) throws {
        let source = try ImageSurface(image)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / CGFloat(image.width), rect.height / CGFloat(image.height))
        cairo_set_source_surface(cr, source.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        try check(cairo_status(cr), "drawing a \(image.width)×\(image.height) thumbnail")
    }

    private func drawLabel(_ label: String, in rect: CGRect, on cr: OpaquePointer) throws {
        let text = try TextLayout(Self.text(label), width: 0, for: cr)
        let box = text.logicalRect
        setSource(cr, Self.labelColor)
        try text.show(at: CGPoint(x: rect.midX - box.width / 2, y: rect.midY - box.height / 2), on: cr)
    }

    private static func text(_ label: String) -> TextContent {
        TextContent(string: label, font: labelFont, color: labelColor, wrapping: .none)
    }

    /// The width of `label` in pixels, laid out on a scratch surface.
    private static func measure(_ label: String) throws -> CGFloat {
        let context = try CairoContext(try ImageSurface(width: 1, height: 1))
        return try TextLayout(text(label), width: 0, for: context.pointer).logicalRect.width
    }
}
