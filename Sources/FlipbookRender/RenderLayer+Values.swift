import FlipbookQuartz
import Foundation

/// A subtree's render values below its root's placement: everything that decides the
/// pixels of a rasterized layer in its own space (R2). The root's position, anchor
/// point, transform and opacity are left out: they only place and fade the pixels.
struct SubtreeValues: Hashable {
    let root: RenderLayer

    static func == (lhs: SubtreeValues, rhs: SubtreeValues) -> Bool {
        lhs.root.hasSameValues(as: rhs.root, includingPlacement: false)
    }

    func hash(into hasher: inout Hasher) {
        root.hashValues(into: &hasher, includingPlacement: false)
    }
}

extension RenderLayer {
    /// Whether the two layers render alike, field by field and down their subtrees.
    func hasSameValues(as other: RenderLayer, includingPlacement: Bool) -> Bool {
        if self === other { return true }
        if includingPlacement {
            guard position == other.position, anchorPoint == other.anchorPoint, transform == other.transform,
                  opacity == other.opacity else { return false }
        }
        guard bounds == other.bounds, sublayerTransform == other.sublayerTransform,
              backgroundColor == other.backgroundColor, content == other.content,
              cornerRadius == other.cornerRadius, maskedCorners == other.maskedCorners,
              cornerCurve == other.cornerCurve, borderWidth == other.borderWidth,
              borderColor == other.borderColor, shadow == other.shadow,
              masksToBounds == other.masksToBounds, isDoubleSided == other.isDoubleSided,
              rasterizationScale == other.rasterizationScale, isOpaque == other.isOpaque,
              sublayers.count == other.sublayers.count,
              (mask == nil) == (other.mask == nil), (transition == nil) == (other.transition == nil)
        else { return false }
        if let mask, let otherMask = other.mask, !mask.hasSameValues(as: otherMask, includingPlacement: true) {
            return false
        }
        if let transition, let otherTransition = other.transition {
            guard transition.type == otherTransition.type, transition.subtype == otherTransition.subtype,
                  transition.progress == otherTransition.progress,
                  transition.old.hasSameValues(as: otherTransition.old, includingPlacement: true) else { return false }
        }
        return zip(sublayers, other.sublayers).allSatisfy { $0.hasSameValues(as: $1, includingPlacement: true) }
    }

    /// Hashes what `hasSameValues(as:includingPlacement:)` compares.
    func hashValues(into hasher: inout Hasher, includingPlacement: Bool) {
        if includingPlacement {
            hasher.combine(position)
            hasher.combine(anchorPoint)
            hasher.combine(transform)
            hasher.combine(opacity)
        }
        hasher.combine(bounds)
        hasher.combine(sublayerTransform)
        hasher.combine(backgroundColor)
        hasher.combine(content)
        hasher.combine(cornerRadius)
        hasher.combine(maskedCorners)
        hasher.combine(cornerCurve)
        hasher.combine(borderWidth)
        hasher.combine(borderColor)
        hasher.combine(shadow?.color)
        hasher.combine(shadow?.offset.width)
        hasher.combine(shadow?.offset.height)
        hasher.combine(shadow?.radius)
        hasher.combine(shadow?.path)
        hasher.combine(masksToBounds)
        hasher.combine(isDoubleSided)
        hasher.combine(rasterizationScale)
        hasher.combine(isOpaque)
        hasher.combine(mask == nil)
        mask?.hashValues(into: &hasher, includingPlacement: true)
        if let transition {
            hasher.combine(transition.type)
            hasher.combine(transition.subtype)
            hasher.combine(transition.progress)
            transition.old.hashValues(into: &hasher, includingPlacement: true)
        }
        hasher.combine(sublayers.count)
        for sublayer in sublayers { sublayer.hashValues(into: &hasher, includingPlacement: true) }
    }
}
