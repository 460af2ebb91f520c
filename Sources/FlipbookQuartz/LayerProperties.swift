import Foundation

/// The model values of a `CALayer` that its presentation copies take over: geometry,
/// appearance, contents placement and media timing, with Core Animation's defaults.
///
/// A value rather than separate stored properties so that making a presentation copy
/// for every animated layer in every frame is one assignment, not thirty. The layer's
/// public properties read and write it (and run actions on a change, TX4).
struct LayerProperties {
    // What building a frame reads for every layer comes first, so that it spans as few
    // cache lines as it can: with 10,000 animated layers, each line is a wait for memory.
    var position: CGPoint = .zero
    var bounds: CGRect = .zero
    var anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5)
    var transform: CATransform3D = .identity
    var opacity: Float = 1
    var isHidden: Bool = false
    var masksToBounds: Bool = false
    var isDoubleSided: Bool = true
    var shouldRasterize: Bool = false
    var isOpaque: Bool = false
    var zPosition: CGFloat = 0
    var beginTime: Double = 0
    var speed: Float = 1
    var timeOffset: Double = 0
    var backgroundColor: CGColor? = nil
    var cornerRadius: CGFloat = 0
    var maskedCorners: CACornerMask = .allCorners
    var borderWidth: CGFloat = 0
    var borderColor: CGColor? = .black
    var shadowColor: CGColor? = .black
    var shadowOpacity: Float = 0
    var contents: CGImage? = nil
    var cornerCurve: CALayerCornerCurve = .circular
    var sublayerTransform: CATransform3D = .identity
    // Read only where they are used.
    var shadowOffset: CGSize = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shadowPath: CGPath? = nil
    var name: String? = nil
    var needsDisplayOnBoundsChange: Bool = false
    var rasterizationScale: CGFloat = 1
    var allowsEdgeAntialiasing: Bool = false
    var contentsGravity: CALayerContentsGravity = .resize
    var contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: CGFloat = 1
}
