import Foundation

/// The model values of a `CALayer` that its presentation copies take over: geometry,
/// appearance, contents placement and media timing, with Core Animation's defaults.
///
/// A value rather than separate stored properties so that making a presentation copy
/// for every animated layer in every frame is one assignment, not thirty. The layer's
/// public properties read and write it (and run actions on a change, TX4).
struct LayerProperties {
    var position: CGPoint = .zero
    var bounds: CGRect = .zero
    var anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5)
    var transform: CATransform3D = .identity
    var sublayerTransform: CATransform3D = .identity
    var opacity: Float = 1
    var backgroundColor: CGColor? = nil
    var cornerRadius: CGFloat = 0
    var maskedCorners: CACornerMask = .allCorners
    var cornerCurve: CALayerCornerCurve = .circular
    var borderWidth: CGFloat = 0
    var borderColor: CGColor? = .black
    var shadowColor: CGColor? = .black
    var shadowOpacity: Float = 0
    var shadowOffset: CGSize = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shadowPath: CGPath? = nil
    var masksToBounds: Bool = false
    var isHidden: Bool = false
    var zPosition: CGFloat = 0
    var isDoubleSided: Bool = true
    var name: String? = nil
    var needsDisplayOnBoundsChange: Bool = false
    var shouldRasterize: Bool = false
    var rasterizationScale: CGFloat = 1
    var isOpaque: Bool = false
    var allowsEdgeAntialiasing: Bool = false
    var contents: CGImage? = nil
    var contentsGravity: CALayerContentsGravity = .resize
    var contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: CGFloat = 1
    var beginTime: Double = 0
    var speed: Float = 1
    var timeOffset: Double = 0
}
