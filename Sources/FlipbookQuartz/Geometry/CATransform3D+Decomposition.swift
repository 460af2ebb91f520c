import Foundation

/// A 4×4 transform split into parts that animate well: scale, skew, rotation,
/// translation and perspective.
///
/// This is the "unmatrix" decomposition (Thomas, Graphics Gems II; CSS Transforms
/// Level 2, "Decomposing a 3D matrix") written for Core Animation's row vectors. A point
/// passes through the parts left to right:
///
///     M = Scale · Skew · Rotation · Translation · Perspective
///
/// so `CATransform3DConcat(rotation, translation)` decomposes into exactly that rotation
/// and translation. The perspective part keeps the whole fourth column, including the
/// share of `m44` that translation does not explain, so the matrix is not normalized by
/// `m44` and `transform` gives back the original matrix up to rounding.
public struct DecomposedTransform3D: Sendable, Hashable {
    /// Offset (m41, m42, m43), applied after rotation and before perspective.
    public var translation: SIMD3<Double>
    /// Scale along x, y and z, applied first; a reflection shows as one negative component.
    public var scale: SIMD3<Double>
    /// Shear (xy, xz, yz) applied after scale: (x, y, z) ↦ (x + xy·y + xz·z, y + yz·z, z).
    public var skew: SIMD3<Double>
    /// The fourth column (p1, p2, p3, p4) of the last factor, the identity with that column;
    /// it sends (x, y, z, 1) to w = p1·x + p2·y + p3·z + p4. No perspective is (0, 0, 0, 1);
    /// `m34 = −1/d` alone is (0, 0, −1/d, 1).
    public var perspective: SIMD4<Double>
    /// Unit quaternion (x, y, z, w); decomposing gives w ≥ 0. Turning by θ about the unit axis n is
    /// (n·sin(θ/2), cos(θ/2)), matching `CATransform3DMakeRotation(θ, n.x, n.y, n.z)`.
    public var quaternion: SIMD4<Double>

    /// Creates a decomposition from its parts; the defaults are the identity's.
    public init(
        translation: SIMD3<Double> = .zero,
        scale: SIMD3<Double> = .one,
        skew: SIMD3<Double> = .zero,
        perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1),
        quaternion: SIMD4<Double> = SIMD4(0, 0, 0, 1)
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.quaternion = quaternion
    }

    /// Decomposes `transform`, or returns nil when it is singular: `m44 == 0`, an entry
    /// that is not finite, or an upper-left 3×3 that is not invertible.
    public init?(_ transform: CATransform3D) {
        self.init(transform, allowingZeroScale: false)
    }

    /// Decomposes `transform`; with `allowingZeroScale`, a 3×3 row that is entirely zero
    /// (a scale of 0 on that axis) is accepted and given scale 0 and an axis that completes
    /// the rotation, so a layer scaled to nothing still has a scale and rotation to read.
    init?(_ transform: CATransform3D, allowingZeroScale: Bool) {
        if transform == .identity {
            self = Self.identityParts
            return
        }
        self.init(decomposing: transform, allowingZeroScale: allowingZeroScale)
    }

    /// The identity's parts, decomposed once: an animation of one component (`rotation.z`)
    /// of an untransformed layer starts from them in every frame.
    private static let identityParts = DecomposedTransform3D(decomposing: .identity, allowingZeroScale: false)!

    private init?(decomposing transform: CATransform3D, allowingZeroScale: Bool) {
        let m = transform.rowMajor.map { Double($0) }
        guard m.allSatisfy(\.isFinite), m[15] != 0 else { return nil }
        let rows = (0..<3).map { SIMD3(m[$0 * 4], m[$0 * 4 + 1], m[$0 * 4 + 2]) }
        guard let frame = ShearedFrame(rows: rows, allowingZeroScale: allowingZeroScale) else { return nil }
        let translation = SIMD3(m[12], m[13], m[14])
        guard let perspective = frame.perspective(
            fourthColumn: SIMD3(m[3], m[7], m[11]), m44: m[15], translation: translation)
        else { return nil }
        self.init(
            translation: translation, scale: frame.scale, skew: frame.skew,
            perspective: perspective, quaternion: Self.quaternion(rotationRows: frame.axes))
    }

    /// The matrix these parts compose to.
    public var transform: CATransform3D {
        let r = Self.rotationRows(quaternion)
        let a0 = scale.x * r.0
        let a1 = scale.y * (skew[0] * r.0 + r.1)
        let a2 = scale.z * (skew[1] * r.0 + skew[2] * r.1 + r.2)
        let p = SIMD3(perspective.x, perspective.y, perspective.z)
        let t = translation
        return CATransform3D(
            m11: CGFloat(a0.x), m12: CGFloat(a0.y), m13: CGFloat(a0.z), m14: CGFloat(dot(a0, p)),
            m21: CGFloat(a1.x), m22: CGFloat(a1.y), m23: CGFloat(a1.z), m24: CGFloat(dot(a1, p)),
            m31: CGFloat(a2.x), m32: CGFloat(a2.y), m33: CGFloat(a2.z), m34: CGFloat(dot(a2, p)),
            m41: CGFloat(t.x), m42: CGFloat(t.y), m43: CGFloat(t.z), m44: CGFloat(dot(t, p) + perspective.w))
    }

    /// The rotation as angles (x, y, z) in radians, turned about the fixed x axis first,
    /// then y, then z: the rotation is `rx.concatenating(ry).concatenating(rz)` with
    /// `rx = CATransform3DMakeRotation(x, 1, 0, 0)` and likewise `ry`, `rz`.
    ///
    /// Reading gives x and z in (−π, π] and y in [−π/2, π/2], so a turn about one axis alone
    /// reads back as itself (about y only within ±π/2). When y is ±π/2, x and z turn about the
    /// same line and x reads 0. Setting replaces the quaternion.
    public var eulerAngles: SIMD3<Double> {
        get {
            let q = quaternion / length(quaternion)
            let (x, y, z, w) = (q.x, q.y, q.z, q.w)
            let sinY = 2 * (w * y - x * z)
            let xNumerator = 2 * (w * x + y * z)
            let xDenominator = 1 - 2 * (x * x + y * y)
            let cosY = (xNumerator * xNumerator + xDenominator * xDenominator).squareRoot()
            let angleY = atan2(sinY, cosY)
            guard cosY > 1e-8 else {
                // Gimbal lock: only z ∓ x is defined; put it all in z.
                return SIMD3(0, angleY, atan2(2 * (z * w - x * y), 1 - 2 * (x * x + z * z)))
            }
            return SIMD3(
                atan2(xNumerator, xDenominator),
                angleY,
                atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z)))
        }
        set {
            quaternion = Self.quaternion(
                halfAngles: Self.halfAngleCosineAndSine(newValue.x), Self.halfAngleCosineAndSine(newValue.y),
                Self.halfAngleCosineAndSine(newValue.z))
        }
    }

    /// Returns the parts a fraction `t` of the way to `other`: translation, scale, skew and
    /// perspective linearly, the quaternion by spherical interpolation along the shorter
    /// arc. Values of `t` outside 0…1 extrapolate.
    public func interpolated(to other: DecomposedTransform3D, fraction t: Double) -> DecomposedTransform3D {
        func lerp<V: SIMD>(_ a: V, _ b: V) -> V where V.Scalar == Double { a + (b - a) * t }
        return DecomposedTransform3D(
            translation: lerp(translation, other.translation),
            scale: lerp(scale, other.scale),
            skew: lerp(skew, other.skew),
            perspective: lerp(perspective, other.perspective),
            quaternion: Self.slerp(quaternion, other.quaternion, t))
    }
}

extension CATransform3D {
    /// Returns the transform a fraction `t` of the way to `other`, interpolating the
    /// decomposed parts (see `DecomposedTransform3D`) as Core Animation does for
    /// matrix-to-matrix `transform` animations.
    ///
    /// `t == 0` returns `self` and `t == 1` returns `other` exactly. When either matrix is
    /// singular, the result switches from `self` to `other` at `t = 0.5`.
    public func interpolated(to other: CATransform3D, fraction t: Double) -> CATransform3D {
        if t == 0 || self == other { return self }
        if t == 1 { return other }
        guard let from = DecomposedTransform3D(self), let to = DecomposedTransform3D(other) else {
            return t < 0.5 ? self : other
        }
        return from.interpolated(to: to, fraction: t).transform
    }

    /// The value Core Animation's `transform.<name>` key path reads, from the decomposition.
    ///
    /// Rotations are `DecomposedTransform3D.eulerAngles` in radians, so a turn by θ in
    /// (−π, π] about z alone reads θ from `.rotationZ`. A scale of 0 on an axis reads 0.
    /// When the matrix cannot be decomposed even so (rows parallel but not zero, `m44 == 0`),
    /// rotations read 0 and a scale reads the length of its row; translation is always
    /// `m41`, `m42`, `m43`.
    public func component(_ name: TransformComponent) -> Double {
        switch name {
        case .translationX: return Double(m41)
        case .translationY: return Double(m42)
        case .translationZ: return Double(m43)
        default: break
        }
        guard let parts = DecomposedTransform3D(self, allowingZeroScale: true) else {
            let m = rowMajor.map { Double($0) }
            let rowLength = { (row: Int) in length(SIMD3(m[row * 4], m[row * 4 + 1], m[row * 4 + 2])) }
            switch name {
            case .scaleX: return rowLength(0)
            case .scaleY: return rowLength(1)
            case .scaleZ: return rowLength(2)
            default: return 0
            }
        }
        switch name {
        case .rotationX: return parts.eulerAngles.x
        case .rotationY: return parts.eulerAngles.y
        case .rotationZ: return parts.eulerAngles.z
        case .scaleX: return parts.scale.x
        case .scaleY: return parts.scale.y
        case .scaleZ: return parts.scale.z
        case .translationX: return parts.translation.x
        case .translationY: return parts.translation.y
        case .translationZ: return parts.translation.z
        }
    }

    /// Returns this transform with one component replaced, as setting Core Animation's
    /// `transform.<name>` key path does: decompose, replace, recompose.
    ///
    /// A rotation replaces one of the `eulerAngles` and keeps the other two. Without
    /// perspective, translation is written straight into `m41`, `m42`, `m43`. A matrix that
    /// cannot be decomposed (see `component(_:)`) is returned unchanged.
    public func setting(_ name: TransformComponent, to value: Double) -> CATransform3D {
        if m14 == 0, m24 == 0, m34 == 0 {
            var result = self
            switch name {
            case .translationX: result.m41 = CGFloat(value); return result
            case .translationY: result.m42 = CGFloat(value); return result
            case .translationZ: result.m43 = CGFloat(value); return result
            default: break
            }
        }
        if isIdentity {
            // An untransformed layer animating one angle (`transform.rotation.z`) sets it in
            // every frame: the other two are zeros known when compiling, each axis its own code.
            switch name {
            case .rotationX, .rotationY, .rotationZ: return DecomposedTransform3D.identityTurned(about: name, by: value)
            default: break
            }
        }
        guard var parts = DecomposedTransform3D(self, allowingZeroScale: true) else { return self }
        switch name {
        case .rotationX: parts.eulerAngles.x = value
        case .rotationY: parts.eulerAngles.y = value
        case .rotationZ: parts.eulerAngles.z = value
        case .scaleX: parts.scale.x = value
        case .scaleY: parts.scale.y = value
        case .scaleZ: parts.scale.z = value
        case .translationX: parts.translation.x = value
        case .translationY: parts.translation.y = value
        case .translationZ: parts.translation.z = value
        }
        return parts.transform
    }
}

/// A scalar part of a transform that a `transform.<name>` key path reads or writes.
public enum TransformComponent: String, CaseIterable, Sendable {
    case rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
    case scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
    case translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"

    /// Parses the key path after `transform.`, taking `rotation` to mean `rotation.z`.
    public init?(keyPath: String) {
        guard let component = keyPath == "rotation" ? .rotationZ : TransformComponent(rawValue: keyPath)
        else { return nil }
        self = component
    }
}

// MARK: - Parts of the decomposition

/// The rows of a 3×3 matrix A split as A = Scale · Skew · R by Gram–Schmidt, R orthonormal
/// with determinant +1 and Skew unit lower triangular (xy, xz, yz below the diagonal).
private struct ShearedFrame {
    var scale = SIMD3<Double>.zero
    var skew = SIMD3<Double>.zero
    /// The rows of R.
    var axes: [SIMD3<Double>]

    /// Splits `rows`, or returns nil when they are linearly dependent; with
    /// `allowingZeroScale`, zero rows are allowed and get scale 0.
    init?(rows: [SIMD3<Double>], allowingZeroScale: Bool) {
        let tolerance = 1e-12 * rows.map(length).max()!
        var found = [SIMD3<Double>?](repeating: nil, count: 3)
        for i in 0..<3 {
            if allowingZeroScale, length(rows[i]) <= tolerance { continue }
            var v = rows[i]
            for j in 0..<i {
                guard let axis = found[j] else { continue }
                let projection = dot(v, axis)
                v -= projection * axis
                skew[Self.skewIndex(i, j)] = projection
            }
            let s = length(v)
            guard s > tolerance else { return nil }
            scale[i] = s
            found[i] = v / s
            for j in 0..<i { skew[Self.skewIndex(i, j)] /= s }
        }
        // Zero rows take unit vectors orthogonal to the rest, nearest the matching basis axis.
        let missing = (0..<3).filter { found[$0] == nil }
        for i in missing {
            let known = found.compactMap { $0 }
            let candidates = [i, (i + 1) % 3, (i + 2) % 3].lazy.map { k -> SIMD3<Double> in
                var v = SIMD3<Double>.zero
                v[k] = 1
                for axis in known { v -= dot(v, axis) * axis }
                return v
            }
            let v = candidates.first { length($0) > 0.5 }!
            found[i] = v / length(v)
        }
        axes = found.map { $0! }
        if dot(axes[0], cross(axes[1], axes[2])) < 0 {
            if let last = missing.last {
                axes[last] = -axes[last]
            } else {
                // A reflection: flip the axis that points most against its own direction.
                let i = (0..<3).min { axes[$0][$0] < axes[$1][$1] }!
                scale[i] = -scale[i]
                axes[i] = -axes[i]
                for k in 0..<3 where k != 2 - i { skew[k] = -skew[k] }
            }
        }
    }

    /// Index in `skew` of the shear of row `i` along axis `j < i`: xy 0, xz 1, yz 2.
    static func skewIndex(_ i: Int, _ j: Int) -> Int { i + j - 1 }

    /// Solves for the perspective factor (p1, p2, p3, p4) given the matrix's fourth column
    /// (m14, m24, m34), `m44` and translation; nil when a zero row has perspective.
    func perspective(fourthColumn c: SIMD3<Double>, m44: Double, translation: SIMD3<Double>) -> SIMD4<Double>? {
        // A · p = c with A = Scale · Skew · R: forward-substitute u = R · p, then p = Rᵀ · u.
        var u = SIMD3<Double>.zero
        for i in 0..<3 {
            guard scale[i] != 0 else {
                guard c[i] == 0 else { return nil }
                continue
            }
            var sheared = 0.0
            for j in 0..<i { sheared += skew[Self.skewIndex(i, j)] * u[j] }
            u[i] = c[i] / scale[i] - sheared
        }
        let p = u.x * axes[0] + u.y * axes[1] + u.z * axes[2]
        return SIMD4(p.x, p.y, p.z, m44 - dot(translation, p))
    }
}

extension DecomposedTransform3D {
    /// What setting one of `eulerAngles` of the identity's parts gives as a matrix (`axis` is
    /// one of the three rotations), with those parts (scale 1, no skew, translation or
    /// perspective, the other two angles +0) written in as constants: the same operations in
    /// the same order as the setter and `transform`, so the same bits, without the work on
    /// parts that change nothing. The half angles of the other two axes are (1, +0), as
    /// `halfAngleCosineAndSine` gives for +0, so no time goes on them and multiplying by their
    /// 1 goes away. `SimulationFastPathTests` compares the two.
    @inline(__always)
    static func identityTurned(about axis: TransformComponent, by angle: Double) -> CATransform3D {
        let turned = halfAngleCosineAndSine(angle)
        let q: SIMD4<Double>
        switch axis {
        case .rotationX: q = quaternion(halfAngles: turned, (1, 0), (1, 0))
        case .rotationY: q = quaternion(halfAngles: (1, 0), turned, (1, 0))
        default: q = quaternion(halfAngles: (1, 0), (1, 0), turned)
        }
        let r = rotationRows(q)
        let (a0, a1, a2) = (r.0, 0 * r.0 + r.1, 0 * r.0 + 0 * r.1 + r.2)
        return CATransform3D(
            m11: CGFloat(a0.x), m12: CGFloat(a0.y), m13: CGFloat(a0.z), m14: CGFloat(dot(a0, .zero)),
            m21: CGFloat(a1.x), m22: CGFloat(a1.y), m23: CGFloat(a1.z), m24: CGFloat(dot(a1, .zero)),
            m31: CGFloat(a2.x), m32: CGFloat(a2.y), m33: CGFloat(a2.z), m34: CGFloat(dot(a2, .zero)),
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The rows of the row-vector rotation matrix for quaternion `q`, which need not be unit.
    /// A tuple, not an array: every frame of a rotating layer recomposes its matrix.
    fileprivate static func rotationRows(_ q: SIMD4<Double>) -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let normSquared = dot(q, q)
        guard normSquared > 0 else { return (SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)) }
        let s = 2 / normSquared
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        return (
            SIMD3(1 - s * (y * y + z * z), s * (x * y + z * w), s * (x * z - y * w)),
            SIMD3(s * (x * y - z * w), 1 - s * (x * x + z * z), s * (y * z + x * w)),
            SIMD3(s * (x * z + y * w), s * (y * z - x * w), 1 - s * (x * x + y * y)))
    }

    /// The unit quaternion of the rotation whose row-vector matrix has rows `r`
    /// (Shepperd's method: divide by the largest of 4w², 4x², 4y², 4z²).
    fileprivate static func quaternion(rotationRows r: [SIMD3<Double>]) -> SIMD4<Double> {
        let trace = r[0].x + r[1].y + r[2].z
        let q: SIMD4<Double>
        if trace > 0 {
            let w = (1 + trace).squareRoot() / 2
            q = SIMD4(r[1].z - r[2].y, r[2].x - r[0].z, r[0].y - r[1].x, 4 * w * w) / (4 * w)
        } else if r[0].x >= r[1].y, r[0].x >= r[2].z {
            let x = (1 + r[0].x - r[1].y - r[2].z).squareRoot() / 2
            q = SIMD4(4 * x * x, r[0].y + r[1].x, r[2].x + r[0].z, r[1].z - r[2].y) / (4 * x)
        } else if r[1].y >= r[2].z {
            let y = (1 - r[0].x + r[1].y - r[2].z).squareRoot() / 2
            q = SIMD4(r[0].y + r[1].x, 4 * y * y, r[1].z + r[2].y, r[2].x - r[0].z) / (4 * y)
        } else {
            let z = (1 - r[0].x - r[1].y + r[2].z).squareRoot() / 2
            q = SIMD4(r[2].x + r[0].z, r[1].z + r[2].y, 4 * z * z, r[0].y - r[1].x) / (4 * z)
        }
        return canonical(q)
    }

    /// The unit quaternion (w ≥ 0) of turning about x, then y, then z, given the cosine and
    /// sine of each half angle: what setting `eulerAngles` stores.
    @inline(__always)
    private static func quaternion(
        halfAngles x: (cos: Double, sin: Double), _ y: (cos: Double, sin: Double), _ z: (cos: Double, sin: Double)
    ) -> SIMD4<Double> {
        let (cx, sx, cy, sy, cz, sz) = (x.cos, x.sin, y.cos, y.sin, z.cos, z.sin)
        return canonical(SIMD4(
            sx * cy * cz - cx * sy * sz,
            cx * sy * cz + sx * cy * sz,
            cx * cy * sz - sx * sy * cz,
            cx * cy * cz + sx * sy * sz))
    }

    /// `(cos(angle / 2), sin(angle / 2))`; for +0, which a layer turning about one axis
    /// alone has for the other two in every frame, the exact (1, +0) without calling them.
    @inline(__always)
    static func halfAngleCosineAndSine(_ angle: Double) -> (Double, Double) {
        if angle == 0, angle.sign == .plus { return (1, 0) }
        return (cos(angle / 2), sin(angle / 2))
    }

    /// `q` scaled to unit length with w ≥ 0.
    fileprivate static func canonical(_ q: SIMD4<Double>) -> SIMD4<Double> {
        let unit = q / length(q)
        return unit.w < 0 ? -unit : unit
    }

    /// Spherical interpolation from `a` to `b` along the shorter arc; nearly equal
    /// quaternions are interpolated linearly and normalized.
    fileprivate static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
        let (a, b) = (a / length(a), b / length(b))
        let cosine = dot(a, b)
        let end = cosine < 0 ? -b : b
        let sine = length(end - abs(cosine) * a)
        guard sine > 1e-12 else {
            let mixed = a + (end - a) * t
            return mixed / length(mixed)
        }
        let angle = atan2(sine, abs(cosine))
        return (sin((1 - t) * angle) * a + sin(t * angle) * end) / sine
    }
}

private func dot<V: SIMD>(_ a: V, _ b: V) -> Double where V.Scalar == Double { (a * b).sum() }

private func length<V: SIMD>(_ v: V) -> Double where V.Scalar == Double { dot(v, v).squareRoot() }

private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
