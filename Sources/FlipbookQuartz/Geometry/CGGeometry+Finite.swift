import Foundation

// Whether every number of a geometry value is finite: what a layer asks of a position,
// bounds, anchor point or transform before taking it (G12).

extension CGPoint {
    var isFinite: Bool { x.isFinite && y.isFinite }
}

extension CGSize {
    var isFinite: Bool { width.isFinite && height.isFinite }
}

extension CGRect {
    var isFinite: Bool { origin.isFinite && size.isFinite }
}

extension CATransform3D {
    /// Whether all sixteen entries are finite; written out, as a layer asks it of every
    /// transform it is given and `rowMajor` would make an array each time.
    package var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite
            && m21.isFinite && m22.isFinite && m23.isFinite && m24.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite && m44.isFinite
    }
}
