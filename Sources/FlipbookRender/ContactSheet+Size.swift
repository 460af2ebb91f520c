/// Whether a sheet can be drawn at all, known before any frame is rendered: Cairo's image
/// surfaces stop at `maximumSide` pixels a side, and a sheet of many frames or wide
/// thumbnails passes that in one direction or the other.
extension ContactSheet {
    /// The largest side of a sheet in pixels (Cairo's limit for an image surface).
    public static let maximumSide = ImageSurface.maximumSide

    /// Whether `layout` can be drawn: both sides at most `maximumSide`.
    public static func fits(_ layout: Layout) -> Bool {
        layout.width <= maximumSide && layout.height <= maximumSide
    }

    /// The numbers of columns with which a sheet of `cellCount` cells the size of `layout`'s
    /// fits within `maximumSide` both ways (at most `cellCount`: more columns than cells
    /// make no wider sheet); nil when none does, as a cell alone, or a column of cells one
    /// row too many, is too large.
    public static func fittingColumns(cellCount: Int, cellsOf layout: Layout) -> ClosedRange<Int>? {
        /// How many cells of `size` fit side by side, with the spacing and the margins.
        func fitting(_ size: Int) -> Int { max(0, (maximumSide - 2 * margin + spacing) / (size + spacing)) }
        let widest = min(cellCount, fitting(layout.cellWidth))
        let rows = fitting(layout.cellHeight)
        guard rows > 0 else { return nil }
        let narrowest = max(1, (cellCount + rows - 1) / rows)
        return narrowest <= widest ? narrowest...widest : nil
    }
}
