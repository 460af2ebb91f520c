import FlipbookQuartz

extension RenderTree {
    /// Whether `other` draws exactly the same pixels: the same canvas, background and
    /// layer values all the way down (what the rasterization cache keys on, placement
    /// included). Cheap when the trees differ early; a tree always draws like itself.
    public func drawsSamePixels(as other: RenderTree) -> Bool {
        size == other.size && scale == other.scale && background == other.background
            && root.hasSameValues(as: other.root, includingPlacement: true)
    }
}
