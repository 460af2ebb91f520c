import Foundation

/// The format of the images a `UIGraphicsImageRenderer` makes: pixels per point and
/// whether they are opaque.
@MainActor
open class UIGraphicsImageRendererFormat {
    /// Pixels per point; 1 here (UIKit's default is the screen's, and there is no screen).
    public var scale: CGFloat = 1
    /// Whether the image has no alpha; an opaque image starts black rather than clear.
    public var opaque = false

    public init() {}

    /// The format a renderer without one uses.
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// The format for the widest range the device draws in: here the default.
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// What an image renderer's drawing actions draw into: the Core Graphics context, which
/// is also `UIGraphicsGetCurrentContext()` while they run (so `UIColor.setFill()`,
/// `UIBezierPath.fill()` and `String.draw(in:withAttributes:)` draw into the image).
@MainActor
open class UIGraphicsImageRendererContext {
    public let cgContext: CGContext
    public let format: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
    }

    /// Fills `rect` with the current fill colour.
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }

    /// Strokes the outline of `rect` with the current stroke colour and line width.
    public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }

    /// Intersects the clip with `rect`.
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }

    /// What has been drawn so far, as an image.
    public var currentImage: UIImage {
        UIGraphicsImageRenderer.image(of: cgContext.makeDisplayList(), format: format)
    }
}

/// Draws images with Core Graphics calls (iOS 10), rasterized by the render target's
/// Cairo path as a layer's drawing is (G8): `renderer.image { ctx in … }` gives a
/// `UIImage` whose `cgImage` can be a layer's `contents`.
///
/// The pixels are made by the renderer of the stage current when `image(actions:)` runs;
/// every front end (a `Recorder`, a scene) stands on one. Without a stage there is nothing
/// to rasterize with, and the image is empty.
@MainActor
open class UIGraphicsImageRenderer {
    /// Turns a display list into pixels at a scale: set by the render target's stage
    /// (`Stage`), as FlipbookUIKit does not touch Cairo.
    @_spi(Rendering) public static var rasterizer: ((DisplayList, CGFloat) -> CGImage?)?

    /// The space the actions draw in: its origin is the image's top-left.
    public let bounds: CGRect
    public let format: UIGraphicsImageRendererFormat

    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        self.format = format
    }

    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: .default())
    }

    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    public convenience init(size: CGSize) {
        self.init(size: size, format: .default())
    }

    /// Runs `actions` with a context of the renderer's bounds, current for them, and
    /// returns what they drew as an image `bounds.size` points big.
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = openContext()
        UIGraphicsPushContext(context.cgContext)
        actions(context)
        UIGraphicsPopContext()
        return context.currentImage
    }

    /// A context of the renderer's bounds and format, black if the format is opaque.
    func openContext() -> UIGraphicsImageRendererContext {
        let context = UIGraphicsImageRendererContext(cgContext: CGContext(bounds: bounds), format: format)
        if format.opaque {
            context.cgContext.setFillColor(.black)
            context.cgContext.fill(bounds)
        }
        return context
    }

    static func image(of list: DisplayList, format: UIGraphicsImageRendererFormat) -> UIImage {
        guard let image = rasterizer?(list, format.scale) else { return UIImage() }
        return UIImage(cgImage: image, scale: format.scale)
    }
}
