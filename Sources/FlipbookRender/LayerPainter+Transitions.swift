internal import CCairo
import FlipbookQuartz
import Foundation

extension LayerPainter {
    /// Draws a layer in the middle of a `CATransition` (CA6) by FACTS §7: with d the
    /// layer's width (from left or right) or height (from top or bottom) and p the
    /// progress, `fade` fades the old appearance out over the new; `moveIn` slides the
    /// new in over the old from d·(1 − p); `push` moves the old out by d·p while the new
    /// slides in; `reveal` slides the old out by d·p, uncovering the new. Offsets are in
    /// the superlayer's space; nothing is clipped (a superlayer's masksToBounds does that).
    func draw(_ transition: RenderLayer.Transition, of layer: RenderLayer) throws {
        let new = layer.withoutTransition
        let old = transition.old
        let p = min(max(transition.progress, 0), 1)
        let (sx, sy) = Self.direction(of: transition.subtype)
        let d = sx != 0 ? layer.bounds.width : layer.bounds.height
        let incoming = CGSize(width: sx * d * (1 - p), height: sy * d * (1 - p))
        let outgoing = CGSize(width: -sx * d * p, height: -sy * d * p)
        switch transition.type {
        case .moveIn:
            try draw(old, offset: .zero)
            try draw(new, offset: incoming)
        case .push:
            try draw(old, offset: outgoing)
            try draw(new, offset: incoming)
        case .reveal:
            try draw(new, offset: .zero)
            try draw(old, offset: outgoing)
        case .pageCurl, .pageUnCurl:
            try drawPageCurl(transition, new: new)
        case .oglFlip:
            try drawFlip(from: old, to: new, progress: p, subtype: transition.subtype)
        default:
            try draw(new, offset: .zero)
            try draw(old, offset: .zero, alpha: 1 - p)
        }
    }

    /// The side the new content comes from, as a unit step in y-down coordinates.
    private static func direction(of subtype: CATransitionSubtype) -> (CGFloat, CGFloat) {
        switch subtype {
        case .fromRight: (1, 0)
        case .fromTop: (0, -1)
        case .fromBottom: (0, 1)
        default: (-1, 0)
        }
    }

    private func draw(_ layer: RenderLayer, offset: CGSize, alpha: CGFloat = 1) throws {
        guard alpha > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, offset.width, offset.height)
        guard alpha < 1 else { return try draw(layer) }
        let content = try group { try draw(layer) }
        defer { cairo_pattern_destroy(content) }
        cairo_set_source(cr, content)
        cairo_paint_with_alpha(cr, alpha)
    }
}
