internal import CCairo
import FlipbookQuartz
import Foundation

extension LayerPainter {
    /// Draws text in a layer's bounds (G7), clipped to them: the lines that fit, placed
    /// at the top (CATextLayer) or centred (UILabel), aligned between the edges.
    ///
    /// Lines are counted before drawing: at most `maximumLines` (0: no limit), and — for
    /// a label, or text that truncates — only lines whose box fits the height (at least
    /// one). When text is left over, truncating text ends its last line with an ellipsis;
    /// other text is cut after the last line shown.
    func drawText(_ text: TextContent, in size: CGSize, alpha: CGFloat) throws {
        try TextLayout.draw(text, in: size, alpha: alpha, on: cr)
    }
}

extension TextLayout {
    /// Draws `text` in a box of `size` at the origin of `cr`'s user space, as
    /// `LayerPainter.drawText` says; string drawing (`DrawingOperation.drawTextBlock`) too.
    static func draw(_ text: TextContent, in size: CGSize, alpha: CGFloat, on cr: OpaquePointer) throws {
        guard size.width > 0, size.height > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, 0, 0, size.width, size.height)
        cairo_clip(cr)

        let layout = try TextLayout(text, width: size.width, for: cr, alpha: alpha)
        var bottoms = layout.lineBottoms
        let countsFit = text.showsWholeLinesOnly || text.truncation != .none
        let fitting = countsFit ? max(bottoms.filter { $0 <= size.height + 0.001 }.count, 1) : bottoms.count
        let shown = min(text.maximumLines > 0 ? min(text.maximumLines, fitting) : fitting, bottoms.count)
        if shown < bottoms.count, text.truncation != .none, text.wrapping != .none {
            layout.limit(toLines: shown, truncation: text.truncation)
            bottoms = layout.lineBottoms
        }
        let blockHeight = bottoms[min(shown, bottoms.count) - 1]

        let box = layout.logicalRect
        var origin = CGPoint(x: 0, y: text.verticalPlacement == .center ? (size.height - blockHeight) / 2 : 0)
        if !layout.hasWidth {
            let room = size.width - box.width
            let share: CGFloat = switch text.alignment {
            case .center: 0.5
            case .right: 1
            case .left, .natural, .justified: 0
            }
            origin.x = room * share - box.minX
        }
        if shown < bottoms.count {
            cairo_rectangle(cr, 0, origin.y, size.width, blockHeight)
            cairo_clip(cr)
        }
        let color = text.color
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * alpha)
        try layout.show(at: origin, on: cr)
    }
}
