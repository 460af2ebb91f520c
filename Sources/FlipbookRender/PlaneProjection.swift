import FlipbookQuartz
import Foundation

/// A projective map of the plane: what a `CATransform3D` does to the z = 0 plane once
/// the result is flattened by dropping z (Core Animation's flattening of a layer into
/// its superlayer's plane).
///
/// Same convention as `CATransform3D`: a point is a row vector, (x, y, 1) · M = (X, Y, W),
/// and the image is (X / W, Y / W). The rows are (m11 m12 m14), (m21 m22 m24),
/// (m41 m42 m44) of the 4×4 transform. W > 0 in front of the viewer, W ≤ 0 behind.
struct PlaneProjection: Equatable {
    var m11, m12, m13: CGFloat
    var m21, m22, m23: CGFloat
    var m31, m32, m33: CGFloat

    init(m11: CGFloat, m12: CGFloat, m13: CGFloat,
         m21: CGFloat, m22: CGFloat, m23: CGFloat,
         m31: CGFloat, m32: CGFloat, m33: CGFloat) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    /// The map `t` induces on the z = 0 plane, z dropped after the transform.
    init(flattening t: CATransform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m14,
                  m21: t.m21, m22: t.m22, m23: t.m24,
                  m31: t.m41, m32: t.m42, m33: t.m44)
    }

    init(_ t: CGAffineTransform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    static let identity = PlaneProjection(CGAffineTransform.identity)

    /// (X, Y, W) of `p` before the division.
    func homogeneous(_ p: CGPoint) -> (x: CGFloat, y: CGFloat, w: CGFloat) {
        (p.x * m11 + p.y * m21 + m31, p.x * m12 + p.y * m22 + m32, p.x * m13 + p.y * m23 + m33)
    }

    /// The W of `p`: positive in front of the viewer.
    func w(at p: CGPoint) -> CGFloat { p.x * m13 + p.y * m23 + m33 }

    /// The image of `p`; meaningful only where `w(at: p) > 0`.
    func apply(to p: CGPoint) -> CGPoint {
        let (x, y, w) = homogeneous(p)
        return CGPoint(x: x / w, y: y / w)
    }

    /// Below this, a perspective entry is rounding noise (sin π times m34 is about 1e-19).
    private static let negligible: CGFloat = 1e-15

    /// Whether the map is affine: no perspective row (m13 = m23 = 0).
    var isAffine: Bool { abs(m13) <= Self.negligible && abs(m23) <= Self.negligible }

    /// The affine map, divided by W, when the map is affine and in front of the viewer.
    var affineTransform: CGAffineTransform? {
        guard isAffine, m33 > 0 else { return nil }
        return CGAffineTransform(a: m11 / m33, b: m12 / m33, c: m21 / m33, d: m22 / m33,
                                 tx: m31 / m33, ty: m32 / m33)
    }

    var determinant: CGFloat {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// Whether the image keeps the plane's orientation where W > 0 (the Jacobian of the
    /// map there is det / W³): false when the layer shows its back.
    var preservesOrientation: Bool { determinant > 0 }

    /// The map that applies `self` first and then `other`.
    func concatenating(_ other: PlaneProjection) -> PlaneProjection {
        let a = self, b = other
        return PlaneProjection(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }

    func concatenating(_ other: CGAffineTransform) -> PlaneProjection {
        concatenating(PlaneProjection(other))
    }

    /// Whether the map is (nearly) singular: the determinant is below 1e-10 of the
    /// product of the row lengths (Hadamard's bound), as for a layer seen edge-on.
    var isSingular: Bool {
        func length(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CGFloat { (x * x + y * y + z * z).squareRoot() }
        let bound = length(m11, m12, m13) * length(m21, m22, m23) * length(m31, m32, m33)
        let det = determinant
        return !det.isFinite || !bound.isFinite || abs(det) <= 1e-10 * bound
    }

    /// The inverse (the adjugate over the determinant, so that W of the inverse image of
    /// a point is 1 / W of the point), or `nil` when the map is singular.
    func inverted() -> PlaneProjection? {
        guard !isSingular else { return nil }
        let det = determinant
        return PlaneProjection(
            m11: (m22 * m33 - m23 * m32) / det, m12: (m13 * m32 - m12 * m33) / det, m13: (m12 * m23 - m13 * m22) / det,
            m21: (m23 * m31 - m21 * m33) / det, m22: (m11 * m33 - m13 * m31) / det, m23: (m13 * m21 - m11 * m23) / det,
            m31: (m21 * m32 - m22 * m31) / det, m32: (m12 * m31 - m11 * m32) / det, m33: (m11 * m22 - m12 * m21) / det)
    }

    /// The part of `polygon` in front of the viewer, cut where W falls to 1/1000 of its
    /// largest W over the polygon: nearer than that the magnification is of no use and
    /// images run off towards infinity. Empty when all of it is behind the viewer.
    func visiblePart(of polygon: ConvexPolygon) -> ConvexPolygon {
        let largest = polygon.vertices.map { w(at: $0) }.max() ?? 0
        guard largest > 0, largest.isFinite else { return ConvexPolygon([]) }
        return polygon.clipped { w(at: $0) - largest / 1000 }
    }

    /// The bounding box of the visible image of `rect`, or `nil` when none of it is visible.
    func boundingBox(ofImageOf rect: CGRect) -> CGRect? {
        visiblePart(of: ConvexPolygon(rect)).map(apply(to:)).boundingBox
    }

    /// The entries row by row.
    var rows: [[CGFloat]] { [[m11, m12, m13], [m21, m22, m23], [m31, m32, m33]] }
}
