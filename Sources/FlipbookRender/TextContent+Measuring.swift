import FlipbookQuartz
import Foundation

extension TextContent {
    /// The size the text's lines take, in points rounded up to whole points: broken to
    /// `width` when one is given, else one line per paragraph. What `UILabel.sizeToFit()`
    /// and `String.size(withAttributes:)` answer.
    /// - Throws: `RenderError` when Cairo cannot make the surface it lays out for.
    public func measuredSize(width: CGFloat?) throws -> CGSize {
        let surface = try ImageSurface(width: 1, height: 1)
        let context = try CairoContext(surface)
        var text = self
        if width == nil {
            text.wrapping = .none
            text.truncation = .none
        }
        let box = try TextLayout(text, width: width ?? 0, for: context.pointer).logicalRect
        return CGSize(width: box.width.rounded(.up), height: box.height.rounded(.up))
    }
}
