import Foundation

/// Boxing of geometry in `NSValue`, as UIKit and Core Animation add it on iOS
/// (`NSValue(cgPoint:)`, `NSValue(caTransform3D:)`, `cgPointValue` …), so animation values
/// written the Objective-C way (`anim.toValue = NSValue(cgPoint: p)`) port unchanged.
///
/// Points, sizes and rects are Foundation's own boxes (`objCType` `{CGPoint=dd}` and so
/// on). swift-corelibs-foundation cannot box other structs, so transforms are stored as
/// arrays of doubles: `[16d]` for `CATransform3D` (m11 … m44, row by row), `[6d]` for
/// `CGAffineTransform` (a, b, c, d, tx, ty). That `objCType` is the one difference from iOS.
extension NSValue {
    static let pointType = NSValue(cgPoint: .zero).objCTypeName
    static let sizeType = NSValue(cgSize: .zero).objCTypeName
    static let rectType = NSValue(cgRect: .zero).objCTypeName
    static let transform3DType = "[16d]"
    static let affineTransformType = "[6d]"

    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    public convenience init(caTransform3D t: CATransform3D) {
        self.init(doubles: t.rowMajor.map(Double.init), objCType: Self.transform3DType)
    }

    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        let t = transform
        self.init(doubles: [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init), objCType: Self.affineTransformType)
    }

    public var cgPointValue: CGPoint { pointValue }
    public var cgSizeValue: CGSize { sizeValue }
    public var cgRectValue: CGRect { rectValue }

    /// The boxed transform; identity when the value holds something else.
    public var caTransform3DValue: CATransform3D {
        if let m = doubles(ofType: Self.transform3DType, count: 16) {
            return CATransform3D(rowMajor: m.map { CGFloat($0) })
        }
        if objCTypeName == Self.affineTransformType { return CATransform3D(cgAffineTransformValue) }
        return .identity
    }

    /// The boxed affine transform; identity when the value holds something else.
    public var cgAffineTransformValue: CGAffineTransform {
        guard let m = doubles(ofType: Self.affineTransformType, count: 6) else { return .identity }
        return CGAffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
    }

    /// The `objCType` as a Swift string.
    var objCTypeName: String { String(cString: objCType) }

    private convenience init(doubles: [Double], objCType: String) {
        self.init(bytes: doubles, objCType: objCType)
    }

    private func doubles(ofType type: String, count: Int) -> [Double]? {
        guard objCTypeName == type else { return nil }
        var values = [Double](repeating: 0, count: count)
        values.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return values
    }
}
